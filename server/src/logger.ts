import pino from 'pino';

/** Paths redacted from every log line: credentials must never reach a log. */
export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.deviceKey',
  '*.device_key',
  '*.deviceToken',
  // A TV's link request: the handle that collects its token.
  '*.pollHandle',
  '*.password',
  '*.pin',
  '*.captcha',
  '*.email',
  // Provider credentials, should an adapter's settings ever be logged.
  '*.clientSecret',
  '*.apiKey',
  '*.ipnSecret',
  '*.hashKey',
  '*.secretKey',
  '*.apiToken',
  '*.merchantCode',
  // A failed statement (TypeORM's QueryFailedError, pg's DatabaseError) carries its parameters, and PostgreSQL's
  // detail quotes the row or key ("Failing row contains (...)"): e-mails, hashes. The message, code, table and
  // constraint stay, which is what a diagnosis needs.
  'err.parameters',
  'err.detail',
  'err.driverError.detail',
  'err.cause.parameters',
  'err.cause.detail',
];

/** JSON lines to stdout, or to `destination` (the tests read what would be logged). */
export function createLogger(level: string, destination?: pino.DestinationStream) {
  const options = { level, redact: { paths: redactPaths, censor: '[redacted]' }, base: { service: 'm3u-player-web' } };
  return destination ? pino(options, destination) : pino(options);
}

export type Logger = pino.Logger;
