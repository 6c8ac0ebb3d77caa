import type { ApolloServerPlugin, BaseContext, GraphQLRequestListener } from '@apollo/server';
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import type { ErrorCode } from '../../../common/errors';
import { bearerChallenge, DomainError, httpStatusFor, INTERNAL_ERROR_MESSAGE } from '../common/errors';
import { localizer } from '../i18n/localizer';
import { raceRefusal } from '../db/races';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../db/unavailable';

/** REST field names differ from the graph's; errors are reported under the names the client sent. */
export type FieldNames = Record<string, string>;

/** A refusal as REST answers it: its messages in the request's language (Accept-Language), its status as ever. */
export function sendDomainError(res: Response, error: DomainError, fieldNames: FieldNames = {}): void {
  setRefusalHeaders(res, error);
  const { message, fieldErrors } = localizer().refusal(localizer().ofRequest(res.req), error);
  const errors = fieldErrors
    ? Object.fromEntries(Object.entries(fieldErrors).map(([k, v]) => [fieldNames[k] ?? k, v]))
    : undefined;
  res
    .status(httpStatusFor(error.code))
    .json({ status: 'error', message, ...(errors ? { errors } : {}), ...error.details });
}

/** What a refusal says besides its body: when to retry (429), and how to authenticate (every 401). */
export function setRefusalHeaders(res: Response, error: DomainError): void {
  if (error.retryAfterSeconds) res.setHeader('Retry-After', String(error.retryAfterSeconds));
  if (httpStatusFor(error.code) === 401) res.setHeader('WWW-Authenticate', bearerChallenge(error));
}

const ERROR_ANSWER = 'errorAnswer';

/**
 * An answer that is an error whatever its status (a GraphQL answer with errors, sent 200 as GraphQL over HTTP
 * has it): kept by no cache and sent without an ETag, as an answer of 400 and above (below).
 */
export function markErrorAnswer(res: Response): void {
  res.locals[ERROR_ANSWER] = true;
}

/**
 * No cache keeps an error answer (400 and above, or marked by `markErrorAnswer`). RFC 9111 lets a shared cache keep some by default (404, 405,
 * 410, 414, 501), and a header set before the failure (a safelisted GET's `public, max-age=300`, a page's
 * `no-cache`) would otherwise go out with it: a proxy serving one TV's 401 or a passing 503 to every TV for five
 * minutes. Whatever was set, the answer leaves with `Cache-Control: no-store` and no ETag to revalidate, decided as
 * its headers are written, after every handler had its say (as compression and sessions hook in).
 */
export function errorAnswersNotStored(): RequestHandler {
  return (_req, res, next) => {
    const writeHead = res.writeHead;
    res.writeHead = function writeHeadNotStored(this: Response, ...args: unknown[]) {
      const status = typeof args[0] === 'number' ? args[0] : this.statusCode;
      if (status >= 400 || this.locals[ERROR_ANSWER] === true) {
        if (!/^(private, )?no-store$/.test(String(this.getHeader('Cache-Control') ?? ''))) {
          this.setHeader('Cache-Control', 'no-store');
        }
        this.removeHeader('ETag');
      }
      return writeHead.apply(this, args as Parameters<Response['writeHead']>);
    } as Response['writeHead'];
    next();
  };
}

/** The graph's media types, plain JSON first: what a client that asks for neither gets. */
const GRAPH_TYPES = ['application/json', 'application/graphql-response+json'];

/**
 * The last handler: every error becomes a JSON answer with a clear message; only real faults are 500s. A
 * database that is away (restarting, failing over, out of connections) is a 503 with Retry-After, so clients
 * and load balancers retry; the pool reconnects by itself once it is back.
 */
export function errorHandler(): ErrorRequestHandler {
  return (err: unknown, req: Request, res: Response, next) => {
    if (res.headersSent) {
      // An error after the whole answer was written: express-session touching a portal session in the database
      // as it ends a response, while the database is away. The answer stands; passing the error on would make
      // Express destroy the socket and cut the answer short.
      if (res.writableEnded) {
        req.log?.warn({ err: { message: (err as Error)?.message } }, 'error after the answer was sent');
        return;
      }
      // Half an answer is out: Express can only close the connection.
      req.log?.error({ err }, 'error in the middle of an answer');
      return next(err);
    }
    // Errors out of /graphql's own middleware (body parsing, sessions, authentication) take the graph's shape.
    const graph = /^\/graphql(\/|\?|$)/.test(req.originalUrl);
    // A statement the database refused because of a concurrent one (a deadlock, a device a Switch MAC absorbed).
    const raced = raceRefusal(err);
    if (raced) req.log?.warn({ err }, 'a request lost a race; answered CONFLICT');
    const refusal = raced ?? err;
    if (refusal instanceof DomainError) {
      if (!graph) return sendDomainError(res, refusal);
      const { retryAfterSeconds } = refusal;
      setRefusalHeaders(res, refusal);
      const { message } = localizer().refusal(localizer().ofRequest(req), refusal);
      return refuse(req, res, true, httpStatusFor(refusal.code), message, refusal.code, { retryAfterSeconds });
    }
    const parserError = err as { type?: string; status?: number } | undefined;
    switch (parserError?.type) {
      case 'entity.parse.failed':
        return refuse(req, res, graph, 400, 'The request body is not valid JSON.');
      case 'entity.too.large':
        return refuse(req, res, graph, 413, 'The request body is too large.');
      case 'encoding.unsupported':
      case 'charset.unsupported':
        return refuse(req, res, graph, 415, 'The request body encoding is not supported.');
      case 'request.aborted':
        return refuse(req, res, graph, 400, 'The request was aborted.');
      default:
        if (parserError?.status && parserError.status >= 400 && parserError.status < 500) {
          return refuse(req, res, graph, parserError.status, 'The request could not be read.');
        }
    }
    if (isDatabaseUnavailable(err)) {
      req.log?.warn(
        { err: { message: (err as Error).message, code: (err as { code?: unknown }).code } },
        'database unavailable',
      );
      res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      res.setHeader('Cache-Control', 'no-store');
      return refuse(req, res, graph, 503, DATABASE_UNAVAILABLE_MESSAGE, 'UNAVAILABLE');
    }
    req.log?.error({ err }, 'unexpected error in a request');
    refuse(req, res, graph, 500, INTERNAL_ERROR_MESSAGE, 'INTERNAL_SERVER_ERROR');
  };
}

/**
 * A refusal in the shape its caller reads, in the request's language (a shared message; any other as it is): GraphQL clients (Apollo Client, the TV apps, Sandbox) look for
 * `errors[].extensions.code` even when the request never reached the graph, REST clients for `status` and
 * `message`.
 */
export function refuse(
  req: Request,
  res: Response,
  graph: boolean,
  status: number,
  message: string,
  code: ErrorCode = 'BAD_REQUEST',
  extensions: Record<string, unknown> = {},
): void {
  res.status(status);
  const said = localizer().text(localizer().ofRequest(req), message);
  if (graph) {
    // Apollo Client reads the errors of a non-2xx answer only under the GraphQL media type (GraphQL over HTTP),
    // which it asks for first; under plain JSON it reports a bare status code.
    const type = req.accepts(GRAPH_TYPES) || 'application/json';
    res.type(type).send(JSON.stringify({ errors: [{ message: said, extensions: { code, ...extensions } }] }));
  } else res.json({ status: 'error', message: said });
}

/**
 * The graph's side of the 503 above: an operation that failed because the database is away is answered 503
 * with Retry-After instead of 200 (the error's message and code come from formatError). Clients retry, and a
 * load balancer's passive health checks see the instance as failing.
 */
export function databaseUnavailableStatus<TContext extends BaseContext>(): ApolloServerPlugin<TContext> {
  // Everything it needs comes with the request context: one listener serves every request.
  const listener: GraphQLRequestListener<TContext> = {
    async didEncounterErrors({ errors, response }) {
      if (errors.some((error) => isDatabaseUnavailable(error.originalError ?? error))) {
        response.http.status = 503;
        response.http.headers.set('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      }
    },
  };
  return {
    async requestDidStart() {
      return listener;
    },
  };
}
