import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { messages } from '../../common/messages';
import { loadConfig } from '../../server/src/config';
import { LOGIN_FAILED_MESSAGE } from '../../server/src/device/device.service';
import { localizer } from '../../server/src/i18n/localizer';
import { createLogger } from '../../server/src/logger';
import { startServer, type RunningServer } from '../../server/src/server';
import { createTestDatabase } from '../support/database';
import { TestClient } from '../support/http';
import { ALLOWED_ORIGIN, buildDevice, TEST_CAPTCHA } from '../support/server';

/**
 * The product in Arabic, as the server says it: pages under /ar in Arabic and right to left, with their English
 * twins as alternates; English paths sent to /ar for visitors who chose Arabic; the graph's and REST's messages in
 * the request's language, with the same codes.
 *
 * The server runs on a stand-in for the built client whose pages have the `lang` attribute the build writes (the
 * server fills in the language, direction and head of each page); rendering the content is the browser tests' job.
 */

const PRODUCT = 'TestPlayer';
const PUBLIC_URL = 'https://player.example.com';
const ar = (english: string, values?: Record<string, string>) => localizer().text('ar', english, values);

let server: RunningServer & { client(): TestClient };
let dropDatabase: () => Promise<void>;

beforeAll(async () => {
  const database = await createTestDatabase();
  dropDatabase = database.drop;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'm3u-i18n-'));
  const clientDir = path.join(dataDir, 'client');
  mkdirSync(clientDir);
  const page = (name: string) =>
    `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>${name}</title></head><body><div id="root"></div></body></html>`;
  writeFileSync(path.join(clientDir, 'index.html'), page('portal'));
  writeFileSync(path.join(clientDir, 'site.html'), page('site'));
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SESSION_SECRET: 'integration-tests-session-secret-0123456789',
    CAPTCHA_TEST_ANSWER: TEST_CAPTCHA,
    ALLOWED_ORIGINS: ALLOWED_ORIGIN,
    PUBLIC_URL,
    BRAND_NAME: PRODUCT,
    DB_POOL_SIZE: '4',
    ...(database.url ? { DATABASE_URL: database.url } : {}),
  };
  const config = loadConfig(env as NodeJS.ProcessEnv);
  const running = await startServer(config, createLogger(config.logLevel), {
    inMemory: true,
    clientDir,
    ssrEntry: path.join(clientDir, 'no-renderer.mjs'),
    drainGraceMs: 250,
  });
  server = { ...running, client: () => new TestClient(running.url) };
});

afterAll(async () => {
  await server?.stop();
  await dropDatabase?.();
});

const attribute = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];
const titleOf = (html: string) => attribute(html, /<title>([^<]*)<\/title>/);
const metaOf = (html: string, key: string) =>
  attribute(html, new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`));
const decode = (text: string | undefined) =>
  text?.replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)));

function alternatesOf(html: string): Record<string, string> {
  return Object.fromEntries(
    [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)" \/>/g)].map((m) => [m[1], m[2]]),
  );
}

/** The state the sign-in page was sent with (its captcha, and after a refused post, why). */
function signInState(html: string): { captcha?: { token: string }; error?: string } {
  const match = /<script id="sign-in-state" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error('the page carries no sign-in state');
  return JSON.parse(match[1]!) as ReturnType<typeof signInState>;
}

describe('pages in Arabic', () => {
  it.each([
    ['/ar', '/', 'premium media player'],
    ['/ar/contact', '/contact', '{product} | Contact Us'],
    ['/ar/terms-and-conditions', '/terms-and-conditions', 'Terms and Conditions | {product}'],
  ])('%s is Arabic, right to left, with its English twin as alternate', async (arabicPath, englishPath, title) => {
    const res = await server.client().request('GET', arabicPath);
    expect(res.status).toBe(200);
    expect(res.text).toContain('<html lang="ar" dir="rtl">');
    const arabicTitle = ar(title, { product: PRODUCT });
    expect(arabicTitle).toMatch(/[\u0600-\u06FF]/);
    expect(decode(titleOf(res.text))).toBe(arabicTitle);
    expect(decode(metaOf(res.text, 'og:title'))).toBe(arabicTitle);
    expect(decode(metaOf(res.text, 'description'))).toMatch(/[\u0600-\u06FF]/);
    // Open Graph's language_TERRITORY form, the other language as an alternate.
    expect(metaOf(res.text, 'og:locale')).toBe('ar_EG');
    expect(metaOf(res.text, 'og:locale:alternate')).toBe('en_US');
    const canonical = `${PUBLIC_URL}${arabicPath}`;
    expect(attribute(res.text, /<link rel="canonical" href="([^"]+)"/)).toBe(canonical);
    const english = `${PUBLIC_URL}${englishPath}`;
    expect(alternatesOf(res.text)).toEqual({ en: english, ar: canonical, 'x-default': english });
  });

  it.each([
    ['/', 'premium media player'],
    ['/contact', 'TestPlayer | Contact Us'],
    ['/terms-and-conditions', 'Terms and Conditions | TestPlayer'],
  ])('%s stays English, left to right', async (englishPath, title) => {
    const res = await server.client().request('GET', englishPath);
    expect(res.status).toBe(200);
    expect(res.text).toContain('<html lang="en" dir="ltr">');
    expect(decode(titleOf(res.text))).toBe(title);
    expect(attribute(res.text, /<link rel="canonical" href="([^"]+)"/)).toBe(`${PUBLIC_URL}${englishPath}`);
    expect(Object.keys(alternatesOf(res.text)).sort()).toEqual(['ar', 'en', 'x-default']);
  });

  it('answers an unknown Arabic path 404 with the not-found page in Arabic', async () => {
    const res = await server.client().request('GET', '/ar/no-such-page');
    expect(res.status).toBe(404);
    expect(res.text).toContain('<html lang="ar" dir="rtl">');
    expect(decode(titleOf(res.text))).toBe(ar('Page not found | {product}', { product: PRODUCT }));
    expect(metaOf(res.text, 'robots')).toBe('noindex');
  });
});

describe('search engines', () => {
  it('lists every public page in both languages, each with its alternates', async () => {
    const res = await server.client().request('GET', '/sitemap.xml');
    expect(res.status).toBe(200);
    for (const page of ['/', '/contact', '/terms-and-conditions', '/privacy-policy']) {
      const english = `${PUBLIC_URL}${page}`;
      const arabic = `${PUBLIC_URL}${page === '/' ? '/ar' : `/ar${page}`}`;
      expect(res.text).toContain(`<loc>${english}</loc>`);
      expect(res.text).toContain(`<loc>${arabic}</loc>`);
      expect(res.text).toContain(`hreflang="ar" href="${arabic}"`);
      expect(res.text).toContain(`hreflang="x-default" href="${english}"`);
    }
  });

  it('keeps the Arabic portal out of robots as the English one', async () => {
    const res = await server.client().request('GET', '/robots.txt');
    expect(res.text).toContain('Disallow: /dashboard');
    expect(res.text).toContain('Disallow: /ar/dashboard');
  });
});

describe('choosing the language', () => {
  it('sends a browser that asks for Arabic from an English page to its Arabic twin, query kept', async () => {
    const res = await server
      .client()
      .request('GET', '/contact?ref=tv&x=1', { headers: { 'accept-language': 'ar-EG,ar;q=0.9,en;q=0.5' } });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/ar/contact?ref=tv&x=1');
    expect(res.headers.get('vary')).toMatch(/Accept-Language/i);
    expect(res.headers.get('vary')).toMatch(/Cookie/i);
  });

  it('keeps a visitor who chose English on English pages whatever the browser asks for', async () => {
    const res = await server
      .client()
      .request('GET', '/contact', { headers: { 'accept-language': 'ar', cookie: 'lang=en' } });
    expect(res.status).toBe(200);
    expect(res.text).toContain('<html lang="en" dir="ltr">');
  });

  it('sends a visitor who chose Arabic to Arabic pages, and never redirects an Arabic page', async () => {
    const chose = await server.client().request('GET', '/terms-and-conditions', { headers: { cookie: 'lang=ar' } });
    expect(chose.status).toBe(302);
    expect(chose.headers.get('location')).toBe('/ar/terms-and-conditions');
    const arabic = await server.client().request('GET', '/ar/contact', { headers: { 'accept-language': 'en' } });
    expect(arabic.status).toBe(200);
  });
});

const LOGIN = `mutation Login($input: LoginInput!) { login(input: $input) { message } }`;

async function refusedSignIn(language?: string) {
  const client = server.client();
  const { device } = await buildDevice(server);
  const headers = language ? { 'accept-language': language } : undefined;
  const captcha = await client.gql('query { captcha { token } }');
  const input = {
    macAddress: device.macAddress,
    deviceKey: '000000',
    captcha: TEST_CAPTCHA,
    captchaToken: captcha.json.data.captcha.token as string,
  };
  return client.gql(LOGIN, { input }, headers);
}

describe('the graph and REST in the request’s language', () => {
  it('says a refused sign-in in Arabic when asked, with the same code', async () => {
    const english = await refusedSignIn();
    const arabic = await refusedSignIn('ar,en;q=0.8');
    expect(english.json.errors[0].message).toBe(LOGIN_FAILED_MESSAGE);
    expect(arabic.json.errors[0].message).toBe(ar(LOGIN_FAILED_MESSAGE));
    expect(arabic.json.errors[0].message).not.toBe(LOGIN_FAILED_MESSAGE);
    expect(arabic.json.errors[0].extensions.code).toBe(english.json.errors[0].extensions.code);
    expect(arabic.status).toBe(english.status);
  });

  it('says invalid input in Arabic, field by field, with the same code', async () => {
    const input = { macAddress: 'nope', deviceKey: '', captcha: '', captchaToken: '' };
    const english = await server.client().gql(LOGIN, { input });
    const arabic = await server.client().gql(LOGIN, { input }, { 'accept-language': 'ar' });
    expect(arabic.json.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(english.json.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    const fields = english.json.errors[0].extensions.fieldErrors as Record<string, string>;
    expect(fields.macAddress).toBe(messages.mac.invalid);
    expect(arabic.json.errors[0].extensions.fieldErrors).toEqual(
      Object.fromEntries(Object.entries(fields).map(([field, message]) => [field, ar(message)])),
    );
    expect(arabic.json.errors[0].extensions.fieldErrors.macAddress).toBe('عنوان MAC غير صالح');
  });

  it('says a REST refusal in Arabic with the same status and fields', async () => {
    const body = { mac_address: 'nope', device_key: '', captcha: '', token: '' };
    const english = await server.client().request('POST', '/frontend/device/login', { body });
    const arabic = await server
      .client()
      .request('POST', '/frontend/device/login', { body, headers: { 'accept-language': 'ar' } });
    expect(arabic.status).toBe(english.status);
    expect(arabic.status).toBe(400);
    expect(english.json.errors.mac_address).toBe(messages.mac.invalid);
    expect(arabic.json.errors.mac_address).toBe(ar(messages.mac.invalid));
    expect(arabic.json.message).toMatch(/[\u0600-\u06FF]/);
  });

  it('says a REST success in Arabic, and in English to a client that asks for none', async () => {
    const body = { name: 'Sara', email: 'sara@example.com', subject: 'Hello', message: 'A question.' };
    const english = await server.client().request('POST', '/frontend/sendUserQuestion', { body });
    expect(english.json).toEqual({ status: 'success', message: messages.contact.success });
    const arabic = await server
      .client()
      .request('POST', '/frontend/sendUserQuestion', { body, headers: { 'accept-language': 'ar' } });
    expect(arabic.json).toEqual({ status: 'success', message: ar(messages.contact.success) });
  });
});

describe('the sign-in form posted without its script, in Arabic', () => {
  async function post(fields: Record<string, string>) {
    const client = server.client();
    const page = await client.request('GET', '/ar/device/login');
    expect(page.text).toContain('<html lang="ar" dir="rtl">');
    const { token } = signInState(page.text).captcha!;
    return client.request('POST', '/ar/device/login', {
      rawBody: new URLSearchParams({ captcha: TEST_CAPTCHA.toLowerCase(), token, ...fields }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
    });
  }

  it('comes back with the reason in Arabic for a wrong device key', async () => {
    const { device } = await buildDevice(server);
    const res = await post({ mac_address: device.macAddress, device_key: '000000' });
    expect(res.status).toBe(401);
    expect(res.text).toContain('<html lang="ar" dir="rtl">');
    expect(signInState(res.text).error).toBe(ar(LOGIN_FAILED_MESSAGE));
    expect(signInState(res.text).error).toMatch(/[\u0600-\u06FF]/);
  });

  it('goes on to the Arabic dashboard with the right key', async () => {
    const { device, deviceKey } = await buildDevice(server);
    const res = await post({ mac_address: device.macAddress, device_key: deviceKey });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/ar/dashboard');
  });
});
