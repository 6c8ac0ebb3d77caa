import type { DomainErrorCode } from '../../../common/errors';
import { DEFAULT_LOCALE, type SourceMessage } from '../../../common/i18n';
import { messages } from '../../../common/messages';
import { localizer, type SaidMessage } from '../i18n/localizer';

/** A failure the user can act on. Its message is safe to show; anything else is reported as internal. */
export class DomainError extends Error {
  constructor(
    /** One of the codes in common/errors.ts; transports map each to a GraphQL code and an HTTP status. */
    readonly code: DomainErrorCode,
    message: string,
    /** Per-field messages for BAD_USER_INPUT, keyed by input field name. */
    readonly fieldErrors?: Record<string, string>,
    /** For RATE_LIMITED: seconds until another attempt is allowed. */
    readonly retryAfterSeconds?: number,
    /** Further facts a client may show (a provider's issue, description and debug id). */
    readonly details?: Record<string, string>,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  /**
   * How a message with arguments is said in another language (saidError): `message` holds its English, for logs
   * and for callers that read English; where the error leaves the server it is said in the request's language.
   */
  said?: SaidMessage;
}

/**
 * A DomainError whose message has arguments (a rate limit's wait: common/messages.ts `defineMessage`): its message
 * is the English, word for word as before, and it is said in each request's language where it leaves the server.
 */
export function saidError(
  code: DomainErrorCode,
  message: SourceMessage,
  values: Record<string, string | number>,
  options: { field?: string; retryAfterSeconds?: number } = {},
): DomainError {
  const english = localizer().format(DEFAULT_LOCALE, message, values);
  const fieldErrors = options.field ? { [options.field]: english } : undefined;
  const error = new DomainError(code, english, fieldErrors, options.retryAfterSeconds);
  error.said = { message, values };
  return error;
}

/**
 * A bearer token that opens nothing (unknown, malformed, revoked, renewed or expired): RFC 6750's `invalid_token`,
 * answered 401 with a WWW-Authenticate challenge that says so.
 */
export class InvalidTokenError extends DomainError {
  constructor(message: string) {
    super('UNAUTHENTICATED', message);
    this.name = 'InvalidTokenError';
  }
}

/**
 * The WWW-Authenticate challenge every 401 carries (RFC 7235 §4.1, RFC 6750 §3): the Bearer scheme the TV apps
 * use, with `error="invalid_token"` when a token was sent and refused. A request that sent none gets the bare
 * scheme (RFC 6750 §3.1: no error code when the request lacked credentials).
 */
export function bearerChallenge(error: DomainError): string {
  return error instanceof InvalidTokenError
    ? `Bearer error="invalid_token", error_description="${error.message.replace(/["\\]/g, '')}"`
    : 'Bearer';
}

const HTTP_STATUS: Record<DomainErrorCode, number> = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  PAYMENT_DECLINED: 422,
  PAYMENT_FAILED: 422,
};

export function httpStatusFor(code: DomainErrorCode): number {
  return HTTP_STATUS[code];
}

export const INTERNAL_ERROR_MESSAGE = messages.server.internal;

export const NOT_SIGNED_IN_MESSAGE = messages.login.notSignedIn;
