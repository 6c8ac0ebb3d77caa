import type { RequestHandler } from 'express';
import { buildASTSchema, concatAST, printSchema, type DocumentNode } from 'graphql';
import { refuse } from '../http/errors';

/** The answers Apollo can give a single result, as it negotiates them. */
const RESULT_TYPES = ['application/json; charset=utf-8', 'application/graphql-response+json; charset=utf-8'];
const NOT_ACCEPTABLE_MESSAGE =
  "An 'accept' header was provided for this request which does not accept application/json or application/graphql-response+json";

/**
 * What the graph's HTTP requests are checked for before Apollo's `expressMiddleware` runs them:
 *
 * - a body the client stopped sending halfway (a phone losing its connection): express.json() then leaves
 *   `req.body` unset, which Apollo's middleware would answer 500; it is a 400, and nothing has happened;
 * - an `Accept` header that takes neither of the graph's media types: Apollo negotiates the answer's type after
 *   running the operation, so a mutation would happen and then be refused; here it is refused first (406);
 * - no answer is kept by a browser or a proxy (a device's playlists and status are private and change), except
 *   the safelisted operations' answers that succeed, which clients revalidate.
 */
export function graphRequestGuard(): RequestHandler {
  return (req, res, next) => {
    // express.json() sets `req.body`, if only to undefined, unless the request had already ended.
    if (!Object.hasOwn(req, 'body') && !req.socket.readable) {
      refuse(req, res, true, 400, 'The request was aborted.');
      return;
    }
    const carriesOperation = req.method === 'POST' || /[?&](query|extensions)=/.test(req.url);
    if (carriesOperation && req.headers.accept && !req.accepts(RESULT_TYPES)) {
      refuse(req, res, true, 406, NOT_ACCEPTABLE_MESSAGE);
      return;
    }
    // A safelisted GET's answer that succeeds is made keepable as it is sent (graphql/tv-startup-cache.ts).
    res.setHeader('Cache-Control', 'no-store');
    next();
  };
}

/**
 * The schema as one SDL document, descriptions included, for TV developers and their tools: served at
 * /graphql/schema.graphql whether or not introspection is on (it says nothing introspection would not).
 */
export function schemaDocument(typeDefs: DocumentNode[]): string {
  return printSchema(buildASTSchema(concatAST(typeDefs)));
}
