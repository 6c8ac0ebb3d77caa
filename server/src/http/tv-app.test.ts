import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { TV_APP_CSP, tvAppRouter } from './tv-app';

describe('the TV app at /tv', () => {
  let dir: string;
  let server: Server;
  let base: string;

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tv-app-'));
    const app = express();
    app.use(tvAppRouter(dir, ['en', 'ar'], 'en'));
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  const build = () => {
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>TV</title>');
    writeFileSync(path.join(dir, 'assets', 'index-abc.js'), 'console.log(1)');
  };

  it('says when the app is not built', async () => {
    const res = await fetch(`${base}/tv/`);
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('npm run build:tv');
  });

  it('serves the page at /tv/ and /ar/tv/, revalidated, under its own CSP', async () => {
    build();
    for (const prefix of ['/tv/', '/ar/tv/']) {
      const res = await fetch(base + prefix);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<title>TV</title>');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('content-security-policy')).toBe(TV_APP_CSP);
    }
    const asset = await fetch(`${base}/tv/assets/index-abc.js`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('moves /tv to /tv/ (the page’s addresses are relative), keeping the query', async () => {
    build();
    const res = await fetch(`${base}/tv?x=1`, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/tv/?x=1');
    expect((await fetch(`${base}/ar/tv`, { redirect: 'manual' })).headers.get('location')).toBe('/ar/tv/');
  });

  it('answers 404 for a file that is not there, and leaves other paths alone', async () => {
    build();
    expect((await fetch(`${base}/tv/nothing.js`)).status).toBe(404);
    expect((await fetch(`${base}/tvguide`)).status).toBe(404);
    expect((await fetch(`${base}/tvguide`)).headers.get('content-security-policy')).not.toBe(TV_APP_CSP);
  });
});
