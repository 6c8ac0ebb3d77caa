import { messages } from '../../../common/messages';

/**
 * Telling "the database is away" (restarting, failing over, unreachable, out of connections) from real faults,
 * so the transports answer 503 with a message to retry instead of a 500. Used by the REST error handler and the
 * GraphQL error formatting; the server itself stays up and the pool reconnects on its own once the database is
 * back.
 */

export const DATABASE_UNAVAILABLE_MESSAGE = messages.server.databaseUnavailable;

/** What a 503 for an unavailable database puts in Retry-After. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * SQLSTATEs of a database that is going away or cannot take the connection: connection exceptions (class 08,
 * except protocol violations, which are bugs), operator or crash shutdown, not accepting connections yet
 * (starting up, shutting down, recovering), and too many connections.
 */
const UNAVAILABLE_SQLSTATES = new Set([
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '08007',
  '57P01', // admin_shutdown: terminating connection due to administrator command (pg_ctl stop -m fast)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the database system is starting up / shutting down / in recovery
  '53300', // too_many_connections
]);

/**
 * A database its operator closed to new connections (`ALTER DATABASE … ALLOW_CONNECTIONS false`, for maintenance):
 * SQLSTATE 55000, which also names faults of the statement, so only with PostgreSQL's message for it.
 */
const CLOSED_DATABASE = { code: '55000', message: /is not currently accepting connections$/ };

/** Socket errors of the driver's connection to the database (refused, reset, unreachable, name not found). */
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** What the pg driver, its pool and TypeORM say when a connection is lost, times out or is gone. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/, // "Connection terminated unexpectedly", "… due to connection timeout"
  /^timeout exceeded when trying to connect$/, // pg-pool: no connection within connectionTimeoutMillis
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/, // shutting down
  /^Driver not Connected$/, // TypeORM, after the data source was destroyed (shutting down)
  // TypeORM gives a transaction's connection back to the pool as soon as the connection reports an error (the
  // database went away between two statements); the transaction's next statement, or its COMMIT, says this.
  // Nothing was committed.
  /^Query runner already released\. Cannot run queries anymore\.$/,
  // The same, when the transaction's next statement is plain SQL (EntityManager.query).
  /^Database connection provided by a query runner was already released, cannot continue to use its querying methods anymore\.$/,
];

/**
 * True when `err` (or the driver error TypeORM wraps in it, or one of an AggregateError's errors) means the
 * database cannot be reached right now, rather than that the statement or the data was wrong.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 3) return false;
  const { code, message, driverError, errors } = err as {
    code?: unknown;
    message?: unknown;
    driverError?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_ERRNOS.has(code))) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
  if (code === CLOSED_DATABASE.code && typeof message === 'string' && CLOSED_DATABASE.message.test(message))
    return true;
  if (driverError && isDatabaseUnavailable(driverError, depth + 1)) return true;
  // Connecting to a name with several addresses (localhost: ::1 and 127.0.0.1) fails with an AggregateError.
  if (Array.isArray(errors)) return errors.some((inner) => isDatabaseUnavailable(inner, depth + 1));
  return false;
}
