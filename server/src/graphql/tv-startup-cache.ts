import { createHash } from 'node:crypto';
import { HeaderMap, type ApolloServerPlugin, type GraphQLRequestListener } from '@apollo/server';
import { GraphQLError } from 'graphql';
import type { RequestHandler } from 'express';
import { callerOf } from '../auth/authenticate';
import type { Caller } from '../auth/caller';
import { bearerChallenge, DomainError, NOT_SIGNED_IN_MESSAGE } from '../common/errors';
import { markErrorAnswer } from '../http/errors';
import type { DeviceService } from '../device/device.service';
import type { GraphQLContext } from './context';
import { deviceTag } from './device-tag';
import type { PersistedOperation } from './safelist';

// The TV start-up's cache: conditional GETs of the safelisted operations (graphql/safelist.ts), answered 304
// when nothing a TV would read has changed, before anything runs.

/** The persisted operation a GET asks for by `extensions={"persistedQuery":{"sha256Hash":…}}`, if any. */
function requested(url: string, operations: Map<string, PersistedOperation>): PersistedOperation | undefined {
  const extensions = new URL(url, 'http://localhost').searchParams.get('extensions');
  if (!extensions) return undefined;
  try {
    const id = (JSON.parse(extensions) as { persistedQuery?: { sha256Hash?: unknown } }).persistedQuery?.sha256Hash;
    return typeof id === 'string' ? operations.get(id) : undefined;
  } catch {
    return undefined; // Apollo refuses the malformed parameter itself.
  }
}

/** How the answer to a safelisted GET may be kept, should it succeed (res.locals, read by `revalidation`). */
interface Keepable {
  cacheControl: string;
  etag?: string;
}

const KEEPABLE = 'tvStartupKeepable';

/**
 * Conditional GETs of the safelisted operations, so a TV fleet's starts cost little: most find nothing changed.
 *
 * - `public` operations: `Cache-Control: public, max-age=300`; Express answers an unchanged body 304 by its ETag.
 * - `device` operations: an ETag from the operation, its variables and the caller's device state, sent with
 *   `Cache-Control: private, no-cache`; a request whose `If-None-Match` holds it is answered 304 before anything
 *   runs. The device is read once: the context function takes it from here.
 *
 * Only an answer that succeeded is kept (`revalidation` gives it these headers once it is known): a refusal, an
 * outage or an answer with errors stays no-store, as graphRequestGuard marks every answer of the graph, so no
 * cache serves a 401 or a 503 to the next TV and no TV revalidates its way to an error. Every request passes on
 * with `Vary: Authorization, Cookie` (authenticate), since who is calling decides the answer.
 */
export function conditionalGets(
  operations: PersistedOperation[],
  services: { devices: DeviceService },
): RequestHandler {
  const byId = new Map(operations.map((op) => [op.id, op]));
  return async (req, res, next) => {
    const operation = req.method === 'GET' ? requested(req.url, byId) : undefined;
    if (!operation) return next();
    if (operation.scope === 'public') {
      res.locals[KEEPABLE] = { cacheControl: 'public, max-age=300' } satisfies Keepable;
      return next();
    }
    let auth: Caller;
    try {
      // Worked out once per request: the context function reads the same answer.
      auth = await callerOf(req, services.devices);
    } catch (err) {
      if (err instanceof DomainError) return next(); // the context function answers the 401
      throw err;
    }
    if (!auth.device) return next();
    const variables = new URL(req.url, 'http://localhost').searchParams.get('variables') ?? '';
    const tag = createHash('sha256')
      .update(`${operation.id}\n${variables}\n${deviceTag(auth.device, services.devices.standing(auth.device))}`)
      .digest('base64url');
    const etag = `W/"${tag}"`;
    if (matches(req.headers['if-none-match'], etag)) {
      res.setHeader('Cache-Control', 'private, no-cache');
      res.setHeader('ETag', etag);
      res.status(304).end();
      return;
    }
    res.locals[KEEPABLE] = { cacheControl: 'private, no-cache', etag } satisfies Keepable;
    next();
  };
}

/**
 * The other half of `conditionalGets`: a safelisted GET's answer gets its caching headers only once it is known to
 * have succeeded (HTTP 200, data and no error); any other answer of the graph is marked an error answer, which
 * leaves without Express's ETag. Apollo runs this as the answer is sent; a request refused before
 * the graph ran (the token, the database) never reaches it and keeps the no-store of graphRequestGuard.
 */
export function revalidation(): ApolloServerPlugin<GraphQLContext> {
  const listener: GraphQLRequestListener<GraphQLContext> = {
    async willSendResponse({ contextValue, response }) {
      const keepable = contextValue.res.locals[KEEPABLE] as Keepable | undefined;
      const body = response.body;
      const succeeded =
        (response.http.status ?? 200) === 200 && body.kind === 'single' && !body.singleResult.errors?.length;
      // An answer with errors is no answer to revalidate, even at 200: no ETag goes out with it (http/errors.ts).
      if (!succeeded) markErrorAnswer(contextValue.res);
      if (!keepable || !succeeded) return;
      response.http.headers.set('cache-control', keepable.cacheControl);
      if (keepable.etag) response.http.headers.set('etag', keepable.etag);
    },
  };
  return {
    async requestDidStart() {
      return listener;
    },
  };
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag.replace(/^W\//, '') === bare;
  });
}

/**
 * A device-scoped safelisted operation (TvStart) sent without a token or session is answered 401 with
 * `WWW-Authenticate: Bearer` (RFC 6750 §3: no error code when no credentials came), as a token that opens nothing
 * is: a TV app handles one status for "sign in again", not a 200 with an error inside. Other operations keep the
 * graph's rule (UNAUTHENTICATED in the answer), which the portal reads.
 */
export function deviceOperationsNeedCaller(operations: PersistedOperation[]): ApolloServerPlugin<GraphQLContext> {
  const deviceScoped = new Set(operations.filter((op) => op.scope === 'device').map((op) => op.id));
  const refusal = new DomainError('UNAUTHENTICATED', NOT_SIGNED_IN_MESSAGE);
  const listener: GraphQLRequestListener<GraphQLContext> = {
    async didResolveOperation({ contextValue, queryHash }) {
      if (contextValue.device || !deviceScoped.has(queryHash)) return;
      throw new GraphQLError(refusal.message, {
        originalError: refusal,
        extensions: {
          code: refusal.code,
          http: { status: 401, headers: new HeaderMap([['www-authenticate', bearerChallenge(refusal)]]) },
        },
      });
    },
  };
  return {
    async requestDidStart() {
      return listener;
    },
  };
}
