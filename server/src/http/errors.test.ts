import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApolloClient, CombinedGraphQLErrors, gql, HttpLink, InMemoryCache } from '@apollo/client';
import express, { type NextFunction, type Request, type Response } from 'express';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../db/unavailable';
import { errorHandler } from './errors';

/** What the pg driver throws for a database that went away, and for one that is shutting down. */
const lost = () => new Error('Connection terminated unexpectedly');
const shuttingDown = () =>
  Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });

let server: Server;
let base = '';
const BIG = 'x'.repeat(8 * 1024 * 1024);

beforeAll(async () => {
  const app = express();
  app.get('/frontend/device', () => {
    throw lost();
  });
  app.post('/graphql', () => {
    throw shuttingDown();
  });
  app.post('/graphql/json', express.json(), () => {
    throw new Error('not reached: the body is not JSON');
  });
  app.get('/frontend/boom', () => {
    throw new Error('a bug');
  });
  // A complete answer, then an error (express-session failing to touch the session as the response ends).
  app.get('/frontend/after', (_req: Request, res: Response, next: NextFunction) => {
    res.type('text/plain').end(BIG);
    setImmediate(() => next(lost()));
  });
  app.use(errorHandler());
  await new Promise<void>((resolve) => {
    server = app.listen(0, '127.0.0.1', () => resolve());
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('errorHandler', () => {
  it('answers a lost database on a REST path with 503, Retry-After and a clear message', async () => {
    const res = await fetch(`${base}/frontend/device`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await res.json()).toEqual({ status: 'error', message: DATABASE_UNAVAILABLE_MESSAGE });
  });

  it("answers it on /graphql in the graph's shape", async () => {
    const res = await fetch(`${base}/graphql`, { method: 'POST' });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      errors: [{ message: DATABASE_UNAVAILABLE_MESSAGE, extensions: { code: 'UNAVAILABLE' } }],
    });
  });

  it('answers under the GraphQL media type when asked for it, so Apollo Client reads the message', async () => {
    const client = new ApolloClient({ link: new HttpLink({ uri: `${base}/graphql` }), cache: new InMemoryCache() });
    const failure = await client
      .mutate({
        mutation: gql`
          mutation {
            ping
          }
        `,
      })
      .catch((err: unknown) => err);
    expect(CombinedGraphQLErrors.is(failure)).toBe(true);
    expect((failure as CombinedGraphQLErrors).errors.map((e) => [e.message, e.extensions?.code])).toEqual([
      [DATABASE_UNAVAILABLE_MESSAGE, 'UNAVAILABLE'],
    ]);
    // A client that asks for nothing in particular gets plain JSON.
    const plain = await fetch(`${base}/graphql`, { method: 'POST' });
    expect(plain.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it("refuses an unreadable body on /graphql in the graph's shape", async () => {
    const res = await fetch(`${base}/graphql/json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
      body: '{"query": ',
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/graphql-response+json; charset=utf-8');
    expect(await res.json()).toEqual({
      errors: [{ message: 'The request body is not valid JSON.', extensions: { code: 'BAD_REQUEST' } }],
    });
  });

  it('still answers anything else with a generic 500', async () => {
    const res = await fetch(`${base}/frontend/boom`);
    expect(res.status).toBe(500);
    expect(((await res.json()) as { message: string }).message).toBe(
      'Something went wrong on our side. Please try again later.',
    );
  });

  it('leaves a complete answer whole when an error comes after it', async () => {
    const res = await fetch(`${base}/frontend/after`);
    expect(res.status).toBe(200);
    expect((await res.text()).length).toBe(BIG.length);
  });
});
