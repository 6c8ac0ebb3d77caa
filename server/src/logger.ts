import pino from 'pino';

/** Paths redacted from every log line: credentials must never reach a log. */
export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.deviceKey',
  '*.device_key',
  '*.deviceToken',
  '*.password',
  '*.pin',
  '*.captcha',
];

export function createLogger(level: string) {
  return pino({ level, redact: { paths: redactPaths, censor: '[redacted]' }, base: { service: 'm3u-player-web' } });
}

export type Logger = pino.Logger;
