import type { ErrorRequestHandler, Request, Response } from 'express';
import { DomainError, httpStatusFor, INTERNAL_ERROR_MESSAGE } from '../common/errors';

/** REST field names differ from the graph's; errors are reported under the names the client sent. */
export type FieldNames = Record<string, string>;

export function sendDomainError(res: Response, error: DomainError, fieldNames: FieldNames = {}): void {
  if (error.retryAfterSeconds) res.setHeader('Retry-After', String(error.retryAfterSeconds));
  const errors = error.fieldErrors
    ? Object.fromEntries(Object.entries(error.fieldErrors).map(([k, v]) => [fieldNames[k] ?? k, v]))
    : undefined;
  res
    .status(httpStatusFor(error.code))
    .json({ status: 'error', message: error.message, ...(errors ? { errors } : {}), ...error.details });
}

interface BodyParserError extends Error {
  type?: string;
  status?: number;
}

/** The last handler: every error becomes a JSON answer with a clear message; only real faults are 500s. */
export function errorHandler(): ErrorRequestHandler {
  return (err: unknown, req: Request, res: Response, next) => {
    if (res.headersSent) return next(err);
    if (err instanceof DomainError) return sendDomainError(res, err);
    const parserError = err as BodyParserError;
    switch (parserError?.type) {
      case 'entity.parse.failed':
        return void res.status(400).json({ status: 'error', message: 'The request body is not valid JSON.' });
      case 'entity.too.large':
        return void res.status(413).json({ status: 'error', message: 'The request body is too large.' });
      case 'encoding.unsupported':
      case 'charset.unsupported':
        return void res.status(415).json({ status: 'error', message: 'The request body encoding is not supported.' });
      case 'request.aborted':
        return void res.status(400).json({ status: 'error', message: 'The request was aborted.' });
      default:
        if (parserError?.status && parserError.status >= 400 && parserError.status < 500) {
          return void res
            .status(parserError.status)
            .json({ status: 'error', message: 'The request could not be read.' });
        }
    }
    req.log?.error({ err }, 'unexpected error in a request');
    res.status(500).json({ status: 'error', message: INTERNAL_ERROR_MESSAGE });
  };
}
