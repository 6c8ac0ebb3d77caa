import { createServer } from 'node:net';
import { Client } from 'pg';
import { QueryFailedError, QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';
import { DomainError } from '../common/errors';
import { isDatabaseUnavailable } from './unavailable';

/** A pg DatabaseError as the driver makes it from a server's ErrorResponse. */
function pgError(code: string, message: string) {
  return Object.assign(new Error(message), { code, severity: 'FATAL' });
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as { port: number };
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a fast shutdown (57P01)', pgError('57P01', 'terminating connection due to administrator command')],
    ['a crash shutdown (57P02)', pgError('57P02', 'terminating connection because of crash of another server')],
    ['a database starting up (57P03)', pgError('57P03', 'the database system is starting up')],
    ['too many connections (53300)', pgError('53300', 'sorry, too many clients already')],
    ['a connection failure (08006)', pgError('08006', 'connection failure')],
    [
      'a database closed to connections by its operator (55000, ALLOW_CONNECTIONS false)',
      pgError('55000', 'database "m3u" is not currently accepting connections'),
    ],
    ['a lost connection', new Error('Connection terminated unexpectedly')],
    ['a connect timeout', new Error('Connection terminated due to connection timeout')],
    ['a pool timeout', new Error('timeout exceeded when trying to connect')],
    ['a broken client', new Error('Client has encountered a connection error and is not queryable')],
    ['a transaction whose connection was lost', new QueryRunnerAlreadyReleasedError()],
    ['a transaction whose connection was lost, at plain SQL', new QueryRunnerProviderAlreadyReleasedError()],
    ['a host that cannot be resolved', Object.assign(new Error('getaddrinfo ENOTFOUND db'), { code: 'ENOTFOUND' })],
    [
      'both addresses of localhost refused',
      new AggregateError([Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' })]),
    ],
  ])('recognises %s', (_what, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it('recognises a driver error wrapped by TypeORM', () => {
    const wrapped = new QueryFailedError('SELECT 1', [], pgError('57P01', 'terminating connection'));
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
  });

  it('recognises what pg reports for a server that is not there', async () => {
    const client = new Client({ host: '127.0.0.1', port: await closedPort(), connectionTimeoutMillis: 2_000 });
    const err = await client.connect().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeDefined();
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it.each([
    ['a unique violation', new QueryFailedError('INSERT', [], pgError('23505', 'duplicate key value'))],
    ['a syntax error', pgError('42601', 'syntax error at or near "SELEC"')],
    [
      'another 55000 (object not in prerequisite state)',
      pgError('55000', 'currval of sequence "s" is not yet defined in this session'),
    ],
    ['a protocol violation (a bug, not an outage)', pgError('08P01', 'bind message supplies 1 parameters')],
    ['a domain error', new DomainError('UNAVAILABLE', 'PayPal could not be reached. Please try again.')],
    ['a plain error', new Error('boom')],
    ['nothing', undefined],
    ['a string', 'Connection terminated'],
  ])('does not take %s for an outage', (_what, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
  });
});
