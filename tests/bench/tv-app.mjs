// The TV app's budgets (issue 53, docs/tv-app.md), in Chromium with the CPU throttled 4× as a TV's is slow: the
// first screen's JavaScript (gzip bodies of the scripts loaded before it shows) and how long it takes to show (a
// fresh TV's registration; a linked TV's home with its playlists); a 20,000-channel M3U read, parsed (in the
// worker) and listed; a channel change to its first frame on a local HLS stream (ExoPlayer's test media,
// tests/fixtures/streams/). Each figure is the median of RUNS (default 5) fresh TVs, with its spread. Prints
// figures; asserts nothing. The server: tests/bench/server.mjs, in test mode (the owner's sign-in takes a fixed
// captcha answer).
// Usage: npm run bench:tv-app          RUNS=3 DATABASE_URL=postgres://… npm run bench:tv-app
// With DATABASE_URL, the product runs on a database of its own made on that server, dropped at the end.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, TEST_CHROMIUM_PATH } from '../chromium.mjs';
import { startServer } from './server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const runs = Number(process.env.RUNS ?? 5);
const CHANNELS = 20_000;
const CAPTCHA = 'BENCH';

// A provider on 127.0.0.1, readable cross-origin as web players need: the big list and one real HLS stream.
const streams = path.join(root, 'tests/fixtures/streams');
const hlsPlaylist = readFileSync(path.join(streams, 'media3-hls-cea608.m3u8'), 'utf8');
const segment = readFileSync(path.join(streams, 'media3-hls-cea608-0.ts'));
const provider = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  res.setHeader('access-control-allow-origin', '*');
  res.setHeader('access-control-allow-headers', '*');
  if (req.method === 'OPTIONS') return void res.end();
  if (url.pathname === '/big.m3u') {
    const lines = ['#EXTM3U'];
    for (let i = 1; i <= CHANNELS; i += 1) {
      lines.push(`#EXTINF:-1 tvg-id="c${i}" group-title="Group ${Math.ceil(i / 200)}",Channel ${i}`);
      lines.push(`${providerUrl}/hls/${i}/sd-hls.m3u8`);
    }
    return void res.end(lines.join('\n'));
  }
  if (url.pathname.endsWith('/sd-hls.m3u8')) {
    res.setHeader('content-type', 'application/vnd.apple.mpegurl');
    return void res.end(hlsPlaylist);
  }
  if (url.pathname.endsWith('.ts')) {
    const range = /bytes=(\d+)-(\d*)/.exec(req.headers.range ?? '');
    res.setHeader('content-type', 'video/mp2t');
    if (!range) return void res.end(segment);
    const start = Number(range[1]);
    const end = range[2] ? Number(range[2]) : segment.length - 1;
    res.statusCode = 206;
    res.setHeader('content-range', `bytes ${start}-${end}/${segment.length}`);
    return void res.end(segment.subarray(start, end + 1));
  }
  res.statusCode = 404;
  res.end();
});
await new Promise((resolve) => provider.listen(0, '127.0.0.1', resolve));
const providerUrl = `http://127.0.0.1:${provider.address().port}`;

// A database of the bench's own on the given server: never the server's own database.
let databaseUrl = '';
const scratch = `tv_bench_${process.pid}`;
async function onServer(sql) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
if (process.env.DATABASE_URL) {
  await onServer(`CREATE DATABASE "${scratch}"`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${scratch}`;
  databaseUrl = url.toString();
}

// Test mode: the one with a fixed captcha answer, so the bench signs in as the owner to add the big list.
const server = await startServer({
  NODE_ENV: 'test',
  CAPTCHA_TEST_ANSWER: CAPTCHA,
  SCRYPT_TEST_COST: '1024',
  DATABASE_URL: databaseUrl,
  LOG_LEVEL: 'error',
});
const { base } = server;

/** The owner adds the big list, as the portal does (a session through the sign-in REST). */
async function addBigList(mac, deviceKey) {
  const { token } = await (await fetch(`${base}/frontend/captcha/generate`)).json();
  const login = await fetch(`${base}/frontend/device/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mac_address: mac, device_key: deviceKey, captcha: CAPTCHA, token }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const input = { type: 'GENERAL', name: 'Big list', url: `${providerUrl}/big.m3u`, isProtected: false };
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({
      query: 'mutation($input: PlaylistInput!) { createPlaylist(input: $input) { playlist { id } } }',
      variables: { input },
    }),
  });
  if (!res.ok) throw new Error(`createPlaylist answered ${res.status}`);
}

const videoTime = (page) => page.locator('video').evaluate((v) => v.currentTime);
async function untilPlaying(page) {
  while ((await videoTime(page).catch(() => 0)) <= 0) await new Promise((r) => setTimeout(r, 20));
}

const figures = {
  js: [],
  beside: [],
  startReads: [],
  firstScreen: [],
  home: [],
  listed: [],
  firstChannel: [],
  channelChange: [],
};
const browser = await chromium.launch({ executablePath: TEST_CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  for (let run = 0; run < runs; run += 1) {
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // Every script fetched before the first screen shows, as gzip bodies, by name; and the page, to tell the ones
    // it loads (its scripts and module preloads: what the first screen needs) from those loading beside them
    // (Apollo Client's chunk, started at once, docs/tv-app.md, Budgets).
    const scripts = [];
    let pageHtml = Promise.resolve('');
    let counting = true;
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (counting && pathname.endsWith('/tv/')) pageHtml = response.text().catch(() => '');
      if (counting && pathname.endsWith('.js'))
        scripts.push(
          response.body().then(
            (body) => ({ name: path.basename(pathname), gzip: gzipSync(body).length }),
            () => ({ name: path.basename(pathname), gzip: 0 }),
          ),
        );
    });
    let startReads = 0;
    page.on('request', (request) => {
      if (request.url().includes('operationName=TvStart')) startReads += 1;
    });

    // First launch: the screen with the MAC and the device key.
    const start = Date.now();
    await page.goto(`${base}/tv/`);
    await page.getByTestId('device-key').waitFor();
    figures.firstScreen.push(Date.now() - start);
    counting = false;
    const html = await pageHtml;
    const fetched = await Promise.all(scripts);
    const needed = (script) => html.includes(`assets/${script.name}`);
    const sum = (list) => list.reduce((a, b) => a + b.gzip, 0) / 1024;
    figures.js.push(sum(fetched.filter(needed)));
    figures.beside.push(sum(fetched.filter((script) => !needed(script))));
    const mac = (await page.getByTestId('mac').innerText()).trim();
    const deviceKey = (await page.getByTestId('device-key').innerText()).trim();

    // 20,000 channels: read from the provider, parsed in the worker, listed.
    await addBigList(mac, deviceKey);
    // A linked TV's start: the home screen with its playlists (the scripts from the engine's cache, as a packaged
    // app has them on disk; the start-up reads from the server).
    const reload = Date.now();
    startReads = 0;
    await page.reload();
    await page.getByRole('button', { name: /Big list/ }).waitFor();
    figures.home.push(Date.now() - reload);
    await page.waitForTimeout(300);
    figures.startReads.push(startReads);
    const open = Date.now();
    await page.keyboard.press('Enter');
    await page.getByText(`${CHANNELS.toLocaleString('en')} channels`).waitFor({ timeout: 60_000 });
    await page.getByText('Channel 1', { exact: true }).waitFor();
    figures.listed.push(Date.now() - open);

    // A channel, then the next one (channel up): each to its first frame.
    await page.keyboard.press('ArrowRight');
    let pressed = Date.now();
    await page.keyboard.press('Enter');
    await untilPlaying(page);
    figures.firstChannel.push(Date.now() - pressed);
    await page.waitForTimeout(300);
    pressed = Date.now();
    await page.keyboard.press('ArrowDown');
    await page.locator('.tv-player__channel', { hasText: 'Channel 2' }).waitFor();
    await untilPlaying(page);
    figures.channelChange.push(Date.now() - pressed);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
  provider.close();
  if (databaseUrl) await onServer(`DROP DATABASE IF EXISTS "${scratch}"`);
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const figure = (values, unit, digits = 0) =>
  `${median(values).toFixed(digits)} ${unit} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;
console.log(
  `TV app budgets, ${runs} runs, CPU throttled 4×, ${new Date().toISOString()}, ${os.cpus()[0]?.model} × ${os.cpus().length}`,
);
console.log(`first screen's JavaScript (gzip)   ${figure(figures.js, 'KB', 1)}   budget 120 KB`);
console.log(`  and fetched beside it, not waited  ${figure(figures.beside, 'KB', 1)}`);
console.log(`first screen shown                  ${figure(figures.firstScreen, 'ms')}   budget 2000 ms`);
console.log(`home with its playlists (linked)    ${figure(figures.home, 'ms')}`);
console.log(`  TvStart requests for that start    ${figure(figures.startReads, '')}`);
console.log(`${CHANNELS} channels read and listed  ${figure(figures.listed, 'ms')}   budget 2000 ms`);
console.log(`first channel to first frame        ${figure(figures.firstChannel, 'ms')}   (includes the engine trial)`);
console.log(`channel change to first frame       ${figure(figures.channelChange, 'ms')}   budget 1000 ms`);
// BENCH_RAW=1: every run's figures, to pool series taken in turns (docs/tv-app.md, Budgets).
if (process.env.BENCH_RAW) console.log(`raw ${JSON.stringify(figures)}`);
