import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApolloClient, CombinedGraphQLErrors, gql, HttpLink, InMemoryCache } from '@apollo/client';
import express, { type NextFunction, type Request, type Response } from 'express';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../db/unavailable';
import { messages } from '../../../common/messages';
import { DomainError, saidError } from '../common/errors';
import { localizer } from '../i18n/localizer';
import { errorHandler, sendDomainError } from './errors';

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
  app.get('/frontend/refused', (_req: Request, res: Response) => {
    sendDomainError(
      res,
      new DomainError('BAD_USER_INPUT', messages.mac.invalid, { macAddress: messages.mac.invalid }),
      {
        macAddress: 'mac_address',
      },
    );
  });
  app.get('/frontend/waiting', () => {
    throw saidError('RATE_LIMITED', messages.rateLimit.signIn, { minutes: 2 }, { retryAfterSeconds: 120 });
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

describe('refusals in the request’s language', () => {
  it('says a REST refusal and its fields in Arabic, with the same status, when Accept-Language asks', async () => {
    const english = await fetch(`${base}/frontend/refused`);
    const arabic = await fetch(`${base}/frontend/refused`, { headers: { 'accept-language': 'ar-SA,en;q=0.5' } });
    expect(arabic.status).toBe(english.status);
    expect(await english.json()).toEqual({
      status: 'error',
      message: messages.mac.invalid,
      errors: { mac_address: messages.mac.invalid },
    });
    const said = localizer().text('ar', messages.mac.invalid);
    expect(await arabic.json()).toEqual({ status: 'error', message: said, errors: { mac_address: said } });
  });

  it('says a wait in words of the language, English as ever', async () => {
    const english = await fetch(`${base}/frontend/waiting`);
    expect(english.status).toBe(429);
    expect(english.headers.get('retry-after')).toBe('120');
    expect(((await english.json()) as { message: string }).message).toBe(
      'Too many failed sign-in attempts. Please try again in 2 minutes.',
    );
    const arabic = await fetch(`${base}/frontend/waiting`, { headers: { 'accept-language': 'ar' } });
    expect(arabic.status).toBe(429);
    expect(((await arabic.json()) as { message: string }).message).toBe(
      localizer().format('ar', messages.rateLimit.signIn, { minutes: 2 }),
    );
  });

  it('says the database’s absence in Arabic on the graph, code unchanged', async () => {
    const res = await fetch(`${base}/graphql`, { method: 'POST', headers: { 'accept-language': 'ar' } });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      errors: [{ message: localizer().text('ar', DATABASE_UNAVAILABLE_MESSAGE), extensions: { code: 'UNAVAILABLE' } }],
    });
  });
});
