import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
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
