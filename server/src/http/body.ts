import type { Request, RequestHandler, Response } from 'express';
import { DomainError } from '../common/errors';
import { sendDomainError, type FieldNames } from './errors';

/**
 * The fields of a JSON or form body, refusing any field the call does not take: a typo in a field name is
 * reported instead of silently ignored. With `ignoreUnknown` (a route whose legacy callers send extra fields),
 * those are handed to it to log and left out.
 */
export function bodyFields<K extends string>(
  body: unknown,
  fields: Record<string, K>,
  ignoreUnknown?: (names: string[]) => void,
): Record<K, unknown> {
  const source = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  // Own keys only: `in` would take names every object inherits (constructor, toString, __proto__) as known.
  const unknown = Object.keys(source).filter((key) => !Object.hasOwn(fields, key));
  if (unknown.length && ignoreUnknown) ignoreUnknown(unknown.slice(0, 20).map((key) => key.slice(0, 40)));
  else if (unknown.length) {
    const names = unknown
      .slice(0, 5)
      .map((key) => `"${key.slice(0, 40)}"`)
      .join(', ');
    throw new DomainError('BAD_USER_INPUT', `Unknown field${unknown.length === 1 ? '' : 's'}: ${names}.`);
  }
  const out = {} as Record<K, unknown>;
  for (const [restName, serviceName] of Object.entries(fields)) out[serviceName] = source[restName];
  return out;
}

/** The service field → REST field map of a body map, for reporting errors under the names the client sent. */
export function fieldNamesOf(body: Record<string, string>): FieldNames {
  return Object.fromEntries(Object.entries(body).map(([rest, service]) => [service, rest]));
}

/**
 * A REST handler whose domain errors are answered as JSON with the client's own field names; anything else
 * goes to the error handler.
 */
export function restHandler(
  fieldNames: FieldNames,
  handler: (req: Request, res: Response) => Promise<void>,
): RequestHandler {
  return async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    try {
      await handler(req, res);
    } catch (err) {
      if (err instanceof DomainError) return sendDomainError(res, err, fieldNames);
      throw err;
    }
  };
}
