import type { AddressInfo } from 'node:net';
import type http from 'node:http';
import express from 'express';
import { expressHttpServer } from './express-server';

describe('expressHttpServer', () => {
  let server: http.Server;
  let base: string;
  const seen: { request: boolean; response: boolean }[] = [];

  beforeAll(async () => {
    const app = express();
    app.set('trust proxy', 'loopback');
    app.get('/hello/:name', (req, res) => {
      res.status(201).json({ name: req.params.name, ip: req.ip, wantsJson: req.accepts('json') === 'json' });
    });
    app.use((_req, res) => {
      res.status(404).send('nothing here');
    });
    server = expressHttpServer(app);
    // Before Express sees them: the request and response are already of Express's kind.
    server.prependListener('request', (req, res) => {
      seen.push({
        request: Object.getPrototypeOf(req) === app.request,
        response: Object.getPrototypeOf(res) === app.response,
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it("creates requests and responses with Express's prototypes, so Express never changes them", async () => {
    await fetch(`${base}/hello/ana`);
    await fetch(`${base}/nowhere`);
    expect(seen).toEqual([
      { request: true, response: true },
      { request: true, response: true },
    ]);
  });

  it("keeps Express's request and response behaviour: params, proxy addresses, negotiation, status, JSON", async () => {
    const res = await fetch(`${base}/hello/ana`, {
      headers: { accept: 'application/json', 'x-forwarded-for': '203.0.113.9' },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await res.json()).toEqual({ name: 'ana', ip: '203.0.113.9', wantsJson: true });
    const missing = await fetch(`${base}/nowhere`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('nothing here');
  });
});
