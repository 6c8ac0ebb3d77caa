import { createHash } from 'node:crypto';
import { HeaderMap, type ApolloServer } from '@apollo/server';
import type { Request, RequestHandler, Response } from 'express';
import { LRUCache } from 'lru-cache';
import { GraphQLError } from 'graphql';
import { authenticate, type Authentication } from '../auth/authenticate';
import { DomainError } from '../common/errors';
import type { Config } from '../config';
import { AnswerCache } from '../http/answer-cache';
import { refuse } from '../http/errors';
import type { Services } from '../services';
import { HttpExchange, HttpOperationContext, type GraphQLContext } from './context';

const JSON_TYPE = 'application/graphql-response+json; charset=utf-8';
/** The answers Apollo can give a single result, as it negotiates them (MEDIA_TYPES in @apollo/server). */
const RESULT_TYPES = ['application/json; charset=utf-8', JSON_TYPE];
const NOT_ACCEPTABLE_MESSAGE =
  "An 'accept' header was provided for this request which does not accept application/json or application/graphql-response+json";

/**
 * Apollo Server on Express (the same steps as @as-integrations/express5), plus a cache of whole answers for
 * operations Apollo itself judges cacheable: every field hinted `@cacheControl(scope: PRIVATE)` with a max
 * age, i.e. the playlist list. The key holds the operation, its variables, the device and its playlists
 * version, so a change is never answered from the cache. Hints never reach the browser: answers say no-store.
 */
export function graphqlHandler(
  apollo: ApolloServer<GraphQLContext>,
  config: Config,
  services: Services,
): RequestHandler {
  const answers = new AnswerCache();
  // Documents whose answers have been cacheable, each with a number that stands for its text in the answers' keys:
  // only these are keyed and looked up, so mutations and other uncacheable operations never pay for a key.
  // Bounded by the documents' total length.
  const cacheableDocuments = new LRUCache<string, number>({
    maxSize: 1024 * 1024,
    sizeCalculation: (_v, k) => k.length || 1,
  });
  let documentsSeen = 0;

  return async (req: Request, res: Response) => {
    if (!('body' in req)) {
      // express.json() reads no body once the connection can no longer bring one: the client went away halfway
      // through sending it (a phone losing its connection). Nothing has happened; it is answered as the aborted
      // request it is, should anyone still be there to read that.
      if (!(req as Request).socket?.readable) {
        refuse(req as Request, res, true, 400, 'The request was aborted.');
        return;
      }
      throw new Error('graphqlHandler needs express.json() before it');
    }
    // Who is asking is needed for the cache key; Apollo's context reuses it (or reports its error).
    const auth: Authentication | DomainError = await authenticate(req, services.devices).catch((err: unknown) => {
      if (err instanceof DomainError) return err;
      throw err;
    });
    const query = (req.body as { query?: unknown } | undefined)?.query;
    const keyed = (document: number) => (auth instanceof DomainError ? undefined : cacheKey(req, auth, document));
    const known = typeof query === 'string' ? cacheableDocuments.get(query) : undefined;
    let key = known === undefined ? undefined : keyed(known);
    const cached = key ? answers.get(key.device, key.version, key.operation) : undefined;
    if (cached) {
      res.setHeader('Cache-Control', 'no-store');
      AnswerCache.send(req, res, cached);
      return;
    }

    // Apollo negotiates the answer's type after running the operation: a mutation would happen, then be refused.
    const search = req.originalUrl.includes('?') ? new URL(req.originalUrl, 'http://localhost').search : '';
    const carriesOperation = req.method === 'POST' || /[?&](query|extensions)=/.test(search);
    if (carriesOperation && req.headers.accept && !req.accepts(RESULT_TYPES)) {
      refuse(req, res, true, 406, NOT_ACCEPTABLE_MESSAGE);
      return;
    }

    const headers = new HeaderMap();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    // Let go of once the answer is sent: Apollo's request context outlives the request (see HttpExchange).
    const exchange = new HttpExchange(req, res);
    try {
      const response = await apollo.executeHTTPGraphQLRequest({
        httpGraphQLRequest: {
          method: req.method.toUpperCase(),
          headers,
          search,
          body: req.body,
        },
        context: async () => {
          if (auth instanceof DomainError) {
            throw new GraphQLError(auth.message, { extensions: { code: auth.code, http: { status: 401 } } });
          }
          return new HttpOperationContext(exchange, config, services, auth);
        },
      });
      const policy = response.headers.get('cache-control') ?? '';
      response.headers.set('cache-control', 'no-store');
      for (const [name, value] of response.headers) res.setHeader(name, value);
      res.statusCode = response.status ?? 200;
      if (response.body.kind === 'complete') {
        const cacheable = res.statusCode === 200 && /\bprivate\b/.test(policy) && /max-age=[1-9]/.test(policy);
        // A document not numbered when this request came (known documents were keyed above) gets its number,
        // unless a request answered meanwhile gave it one.
        if (cacheable && known === undefined && typeof query === 'string') {
          const document = cacheableDocuments.get(query) ?? (documentsSeen += 1);
          cacheableDocuments.set(query, document);
          key = keyed(document);
        }
        if (cacheable && key) {
          AnswerCache.send(
            req,
            res,
            answers.store(
              key.device,
              key.version,
              key.operation,
              response.body.string,
              (res.getHeader('content-type') as string) ?? JSON_TYPE,
            ),
          );
        } else {
          // Not res.send: its ETag (a SHA-1 of every answer) is of no use on answers that say no-store.
          res.setHeader('Content-Length', Buffer.byteLength(response.body.string));
          res.end(response.body.string);
        }
        return;
      }
      for await (const chunk of response.body.asyncIterator) {
        res.write(chunk);
        (res as Response & { flush?: () => void }).flush?.();
      }
      res.end();
    } finally {
      exchange.release();
    }
  };
}

/** What is asked beyond the document, kept as it is up to this length and by its SHA-256 beyond it. */
const VERBATIM_KEY_LENGTH = 256;

/**
 * Only JSON POSTs of a signed-in device are looked up: the shape Apollo's CSRF prevention lets through. The
 * operation's key is the document's number and what else was asked (variables, operation name, extensions): as
 * JSON when short, as the playlist list's is, which costs less than hashing it; by its hash when long, so that a
 * client sending large variables cannot make the cache keep them. JSON starts with `[`, a hash never does.
 */
function cacheKey(
  req: Request,
  auth: Authentication,
  document: number,
): { device: string; version: number; operation: string } | undefined {
  const { device } = auth;
  if (!device || req.method !== 'POST' || !req.is('application/json')) return undefined;
  const body = req.body as { variables?: unknown; operationName?: unknown; extensions?: unknown };
  let asked: string;
  try {
    asked = JSON.stringify([body.variables ?? null, body.operationName ?? null, body.extensions ?? null]);
  } catch {
    // Variables nested deeper than the stack (the body limit allows tens of thousands of levels): not cached;
    // Apollo refuses them with a clear error.
    return undefined;
  }
  const operation =
    asked.length <= VERBATIM_KEY_LENGTH ? asked : createHash('sha256').update(asked).digest('base64url');
  return { device: device.id, version: device.playlistsVersion, operation: `${document}:${operation}` };
}
