import { QueryFailedError } from 'typeorm';
import { createLogger } from './logger';

function logged(write: (logger: ReturnType<typeof createLogger>) => void): string {
  const lines: string[] = [];
  write(createLogger('debug', { write: (line: string) => void lines.push(line) }));
  return lines.join('');
}

describe('createLogger', () => {
  it('redacts credentials and personal data wherever a log line may carry them', () => {
    const text = logged((logger) => {
      logger.info(
        {
          req: { headers: { authorization: 'Bearer tv-token-secret-value', cookie: 'sid=session-cookie-value' } },
          input: { deviceKey: '482913', pin: '7351', captcha: 'QWXYZ', email: 'payer@example.com' },
          link: { pollHandle: 'tv-link-poll-handle-value' },
          provider: { clientSecret: 'paypal-secret-value', apiKey: 'crypto-api-key-value', hashKey: 'cowpay-hash' },
        },
        'request',
      );
      // What pg and TypeORM put on a failed statement: its parameters, and PostgreSQL's detail quoting the row.
      const driverError = Object.assign(new Error('new row for relation "activations" violates check constraint'), {
        code: '23514',
        constraint: 'ck_activations_email',
        detail: 'Failing row contains (7d0c, payer@example.com, 8.99).',
      });
      const failure = new QueryFailedError(
        'INSERT INTO activations VALUES ($1, $2)',
        ['x', 'payer@example.com'],
        driverError,
      );
      logger.error({ err: failure }, 'failed');
      logger.warn({ err: new Error('outer', { cause: failure }) }, 'failed again');
    });
    for (const secret of [
      'tv-token-secret-value',
      'tv-link-poll-handle-value',
      'session-cookie-value',
      '482913',
      '7351',
      'QWXYZ',
      'payer@example.com',
      'paypal-secret-value',
      'crypto-api-key-value',
      'cowpay-hash',
    ]) {
      expect([secret, text.includes(secret)]).toEqual([secret, false]);
    }
    // What is needed to diagnose stays.
    expect(text).toContain('INSERT INTO activations');
    expect(text).toContain('violates check constraint');
    expect(text).toContain('ck_activations_email');
  });
});
