/**
 * The codes of the failures a service reports (server/src/common/errors.ts DomainError): the graph sends each as
 * `extensions.code`, REST as the HTTP status it stands for.
 */
export const DOMAIN_ERROR_CODES = [
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'BAD_USER_INPUT',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'UNAVAILABLE',
  /** The payer's card or account was declined: let them choose another (PayPal's INSTRUMENT_DECLINED). */
  'PAYMENT_DECLINED',
  /** The provider refused or could not take the payment; `details` carries its words. */
  'PAYMENT_FAILED',
] as const;
export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

/**
 * The further codes the graph answers a request it could not run with (Apollo's own, and ours for a body it
 * could not read or a document over a limit), and INTERNAL_SERVER_ERROR for a fault of ours.
 */
export const REQUEST_ERROR_CODES = [
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_REQUEST',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
  'OPERATION_RESOLUTION_FAILURE',
  'INTERNAL_SERVER_ERROR',
] as const;
export type RequestErrorCode = (typeof REQUEST_ERROR_CODES)[number];

/** Every code a client of the graph can receive in `errors[].extensions.code`. */
export const ERROR_CODES = [...DOMAIN_ERROR_CODES, ...REQUEST_ERROR_CODES] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}
