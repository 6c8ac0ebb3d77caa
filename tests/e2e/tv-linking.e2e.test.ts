import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dialog, LinkScreen, SHOTS, graphql, openDashboard, ownerSession, seedPlaylist } from './portal';
import pg from 'pg';
import { scratchDatabase } from '../support/scratch-database';
import { launchBrowser, startProduct, type Product } from './support';

/**
 * The TV app's linking and start-up in bad weather, in Chromium at 1920×1080, the TV driven by the keyboard only:
 * the owner refuses a code on the portal's link page (the TV says so and offers a new code); a code expires
 * (TV_LINK_TTL_SECONDS shortened to 10 s); the TV starts with no network, then with the graph answering 500, and
 * 503 (its database taken away, on PostgreSQL), and shows the playlists it last read with a notice, until the
 * server is back; the owner signs the TV out
 * in the portal and the TV returns to linking keeping nothing of the session; an app older than the server's
 * MIN_APP_VERSION asks for an update (in English and Arabic, on a second server configured so).
 */

const VERSION = (
  JSON.parse(readFileSync(path.join(import.meta.dirname, '../../package.json'), 'utf8')) as {
    version: string;
  }
).version;
/** A version above the app's, for the server that no longer supports it. */
const MINIMUM = `${Number.parseInt(VERSION, 10) + 1}.0.0`;

const ENV = {
  // Codes live 10 s (15 minutes in production) and are polled every second: an expiry is seen quickly.
  TV_LINK_TTL_SECONDS: '10',
  TV_LINK_INTERVAL_SECONDS: '1',
};

const EN = {
  refused: 'The owner refused this code.',
  expired: 'The code expired.',
  again: 'Ask for a new code',
  signedOut: 'This TV was signed out. Ask for a code to sign in again.',
  known: 'This TV’s MAC address is already registered. Its owner approves this TV with a code.',
  offline: 'No connection to the server: showing the playlists as they were last read.',
  unavailable: 'The server is unavailable for a while: showing the playlists as they were last read.',
};
const UPDATE = {
  en: {
    path: '/tv/',
    title: 'Update the app',
    text: `This version (${VERSION}) is no longer supported. Update the app to version ${MINIMUM} or later.`,
    // In a browser; Tizen's and webOS's own wording is in HomeView.test.tsx.
    where: 'Reload this page to load the latest version.',
  },
  ar: {
    path: '/ar/tv/',
    title: 'حدّث التطبيق',
    text: `لم يعد هذا الإصدار (${VERSION}) مدعومًا. حدّث التطبيق إلى الإصدار ${MINIMUM} أو أحدث.`,
    where: 'أعد تحميل هذه الصفحة لتحميل أحدث إصدار.',
  },
} as const;

/** The run's PostgreSQL server (CI sets it); without it the products run on the embedded engine. */
const POSTGRES_URL = process.env.DATABASE_URL || undefined;

let product: Product | undefined;
let outdated: Product | undefined;
let browser: Browser | undefined;
/** The first server's database, made here on PostgreSQL so that the test can take it away. */
let database: Awaited<ReturnType<typeof scratchDatabase>> | undefined;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  if (POSTGRES_URL) database = await scratchDatabase(POSTGRES_URL, 'e2e_tv');
  // The second server differs only by MIN_APP_VERSION: on the first, this app is current.
  [product, outdated, browser] = await Promise.all([
    startProduct(database ? { ...ENV, DATABASE_URL: database.url } : ENV),
    startProduct({ ...ENV, MIN_APP_VERSION: MINIMUM }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([product?.stop(), outdated?.stop()]);
  await database?.drop();
});

/** SQL on the PostgreSQL server as its operator, through a connection of its own. */
async function asOperator(sql: string): Promise<void> {
  const operator = new pg.Client({ connectionString: POSTGRES_URL });
  await operator.connect();
  try {
    await operator.query(sql);
  } finally {
    await operator.end();
  }
}

/**
 * The first server's database away (a restart, a failover), then back: it refuses new connections and drops the
 * server's, so the server itself answers the graph's requests 503 with Retry-After.
 */
async function databaseAway(away: boolean) {
  const name = database!.name;
  await asOperator(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS ${away ? 'false' : 'true'}`);
  if (away) await asOperator(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}'`);
}

/** A TV at 1920×1080 on its first launch: registered, its MAC and device key on screen. */
async function firstLaunch(server: Product, tvPath = '/tv/', options: { ownClock?: boolean } = {}) {
  const context = await browser!.newContext({ viewport: { width: 1920, height: 1080 } });
  // The TV's own clock (Playwright's), to make minutes pass at once; otherwise time runs as it does.
  if (options.ownClock) await context.clock.install();
  const tv = await context.newPage();
  const errors: string[] = [];
  tv.on('pageerror', (error) => errors.push(error.message));
  await tv.goto(server.url + tvPath);
  return { context, tv, errors };
}

async function idsOf(tv: Page) {
  const mac = (await tv.getByTestId('mac').innerText()).trim();
  const deviceKey = (await tv.getByTestId('device-key').innerText()).trim();
  return { mac, deviceKey };
}

/** The app's storage, as the TV engine keeps it. */
function storage(tv: Page): Promise<Record<string, string>> {
  return tv.evaluate(() => Object.fromEntries(Object.entries(localStorage)));
}

async function focused(tv: Page, name: string | RegExp) {
  await tv.getByRole('button', { name }).and(tv.locator('.is-focused')).waitFor();
}

/** The graph, as the TV reaches it (by id, GET) or sends to it: everything under /graphql. */
const GRAPH = (url: URL) => url.pathname === '/graphql';

describe('the TV app links and starts in bad weather', () => {
  // First and alone: its server's database goes away for a while. The others then run side by side.
  it('shows the last good copy with a notice when offline, on a 500 and a 503, and recovers', async () => {
    const { url } = product!;
    const { context, tv, errors } = await firstLaunch(product!);
    const { mac, deviceKey } = await idsOf(tv);
    const cookie = await ownerSession(url, mac, deviceKey);
    await seedPlaylist(url, cookie, { name: 'Home channels', url: 'http://127.0.0.1:9/list.m3u' });
    await tv.reload();
    await tv.getByRole('button', { name: /Home channels/ }).waitFor();
    const notice = tv.getByRole('status');
    expect(await notice.count()).toBe(0);

    // The network down (the edge of the world: nothing answers): the playlists as last read, and a notice.
    await tv.route(GRAPH, (route) => route.abort('internetdisconnected'));
    await tv.reload();
    await notice.filter({ hasText: EN.offline }).waitFor();
    await focused(tv, /Home channels/);
    await tv.screenshot({ path: `${SHOTS}/tv-offline-en.png` });
    // Meanwhile the owner adds a playlist: the TV cannot know yet.
    await seedPlaylist(url, cookie, { name: 'News line', url: 'http://127.0.0.1:9/news.m3u' });

    // A 500 (answered at the edge, in the graph's shape: the server has no fault to show on demand).
    await tv.unroute(GRAPH);
    await tv.route(GRAPH, (route) => answer(route, 500));
    await tv.reload();
    await notice.filter({ hasText: EN.unavailable }).waitFor();
    await tv.getByRole('button', { name: /Home channels/ }).waitFor();
    await tv.unroute(GRAPH);

    // A 503 with Retry-After: on PostgreSQL the server's own, its database taken away; on the embedded engine
    // (no way to take it away from under the server) the edge answers as the server does.
    const statuses: number[] = [];
    tv.on('response', (response) => {
      if (response.url().includes('operationName=TvStart')) statuses.push(response.status());
    });
    if (database) await databaseAway(true);
    else await tv.route(GRAPH, (route) => answer(route, 503));
    try {
      await tv.reload();
      await notice.filter({ hasText: EN.unavailable }).waitFor();
      await tv.getByRole('button', { name: /Home channels/ }).waitFor();
      await tv.screenshot({ path: `${SHOTS}/tv-unavailable-en.png` });
      expect(statuses).toEqual([503]);
      expect(await tv.getByRole('button', { name: /News line/ }).count()).toBe(0);
    } finally {
      // The server back: after its Retry-After the TV asks again by itself.
      if (database) await databaseAway(false);
      else await tv.unroute(GRAPH);
    }
    // The notice goes and the new list shows, without a restart.
    await tv.getByRole('button', { name: /News line/ }).waitFor({ timeout: 15_000 });
    await notice.waitFor({ state: 'detached' });
    expect(statuses.at(-1)).toBe(200);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.concurrent(
    'goes back to linking on a sign-out keeping nothing; a refused and an expired code',
    async ({ expect }) => {
      const { url } = product!;
      const { context, tv, errors } = await firstLaunch(product!);
      const { mac, deviceKey } = await idsOf(tv);
      const key = (name: string) => tv.keyboard.press(name);
      await seedPlaylist(url, await ownerSession(url, mac, deviceKey), {
        name: 'Home channels',
        url: 'http://127.0.0.1:9/list.m3u',
      });
      await tv.reload();
      await tv.getByRole('button', { name: /Home channels/ }).waitFor();
      const before = await storage(tv);
      const token = before['tv.token']!;
      expect(token).toBeTruthy();
      expect(before['tv.answers']).toContain('Home channels');

      // The owner signs the TV out on Account Details, in another browser.
      const owner = await openDashboard(browser!, url, mac, deviceKey);
      await owner.dashboard.goTo('Account Details');
      const dialog = new Dialog(owner.page);
      await owner.page.getByRole('button', { name: 'Sign out Web browser' }).click();
      await dialog.waitForTitle('Sign out this TV?');
      await dialog.confirmButton.click();
      await dialog.closeNotice('The TV is signed out.');

      // The TV's next start is refused (401): it asks for a link code, and keeps nothing of the session.
      await tv.reload();
      await tv.getByText(EN.signedOut).waitFor();
      const first = (await tv.getByTestId('link-code').innerText()).trim();
      const after = await storage(tv);
      expect(Object.keys(after).sort()).toEqual(['tv.browserMac']);
      expect(Object.values(after).join(' ')).not.toContain(token);
      expect(await tv.getByText('Home channels').count()).toBe(0);

      // The owner refuses the code on the link page: the TV says so and offers a new code.
      const link = new LinkScreen(owner.page);
      await owner.page.goto(`${url}/link?code=${first}`);
      await link.title.waitFor();
      await link.refuse.click();
      await link.outcome.waitFor();
      await tv.getByRole('alert').filter({ hasText: EN.refused }).waitFor();
      await focused(tv, EN.again);
      await tv.screenshot({ path: `${SHOTS}/tv-link-refused-en.png` });
      await key('Enter');
      const second = (await tv.getByTestId('link-code').innerText()).trim();
      expect(second).not.toBe(first);

      // Nobody answers: after its 10 s the code has expired, said, and a new one offered.
      await tv.getByRole('alert').filter({ hasText: EN.expired }).waitFor({ timeout: 20_000 });
      await focused(tv, EN.again);
      await tv.screenshot({ path: `${SHOTS}/tv-link-expired-en.png` });
      await key('Enter');
      const third = (await tv.getByTestId('link-code').innerText()).trim();
      expect(third).not.toBe(second);

      // Approved, the TV is back with a new token and reads its playlists afresh.
      await owner.page.goto(`${url}/link?code=${third}`);
      await link.title.waitFor();
      await link.confirmation.fill(third);
      await link.approve.click();
      await link.outcome.filter({ hasText: 'The TV is linked' }).waitFor();
      await tv.getByRole('button', { name: /Home channels/ }).waitFor();
      const relinked = await storage(tv);
      expect(relinked['tv.token']).toBeTruthy();
      expect(relinked['tv.token']).not.toBe(token);
      expect(errors).toEqual([]);
      expect(owner.pageErrors).toEqual([]);
      await Promise.all([owner.page.context().close(), context.close()]);
    },
  );

  it.concurrent('asks for a link code when reinstalled: its MAC is known, its token gone', async ({ expect }) => {
    const { context, tv, errors } = await firstLaunch(product!);
    const { mac } = await idsOf(tv);
    // A reinstall: the engine keeps the MAC (a browser's own, in storage), the app's data is gone. Cleared as the
    // next page starts, before its scripts: the running app may still be keeping an answer as it is left.
    await context.addInitScript(() => {
      for (const key of Object.keys(localStorage)) if (key !== 'tv.browserMac') localStorage.removeItem(key);
    });
    await tv.reload();
    // The registration answers CONFLICT (docs/tv-api.md, step 6): a code, not a second device.
    await tv.getByText(EN.known).waitFor();
    await tv.getByTestId('link-code').waitFor();
    expect(await tv.getByText(mac).count()).toBe(1);
    expect(Object.keys(await storage(tv))).toEqual(['tv.browserMac']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.concurrent(
    'takes in what the owner changes while its home screen shows, without a restart',
    async ({ expect }) => {
      const { url } = product!;
      // Its own clock, so that its five minutes pass at once.
      const { context, tv, errors } = await firstLaunch(product!, '/tv/', { ownClock: true });
      const { mac, deviceKey } = await idsOf(tv);
      // Its start read: no playlists yet.
      await tv.getByText(/^No playlists yet\./).waitFor();
      const starts: number[] = [];
      tv.on('response', (response) => {
        if (response.url().includes('operationName=TvStart')) starts.push(response.status());
      });

      // Left on its home screen while the owner adds a playlist in the portal: it shows within minutes.
      const cookie = await ownerSession(url, mac, deviceKey);
      await seedPlaylist(url, cookie, { name: 'Home channels', url: 'http://127.0.0.1:9/list.m3u' });
      await tv.clock.fastForward('05:31');
      await tv.getByRole('button', { name: /Home channels/ }).waitFor();
      expect(starts).toEqual([200]);
      // Nothing changed since: the next read is a 304, and the list stays.
      await tv.clock.fastForward('05:31');
      await expect.poll(() => starts).toEqual([200, 304]);
      expect(await tv.getByRole('button', { name: /Home channels/ }).count()).toBe(1);

      // The owner changes the device key (signing the TV out); the app comes back to the front: it asks for a code.
      const changed = await graphql<{ changeDeviceKey: { tvsSignedOut: number } }>(
        url,
        'mutation($input: ChangeDeviceKeyInput!) { changeDeviceKey(input: $input) { tvsSignedOut } }',
        { input: { deviceKey: deviceKey === '135790' ? '246810' : '135790' } },
        { cookie },
      );
      expect(changed.changeDeviceKey.tvsSignedOut).toBe(1);
      await tv.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      await tv.getByText(EN.signedOut).waitFor();
      await tv.getByTestId('link-code').waitFor();
      expect(starts).toEqual([200, 304, 401]);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  for (const [lang, words] of Object.entries(UPDATE)) {
    it.concurrent(`asks for an update when older than the server's minimum version (${lang})`, async ({ expect }) => {
      const { context, tv, errors } = await firstLaunch(outdated!, words.path);
      await tv.getByRole('heading', { name: words.title }).waitFor();
      expect(await tv.getByText(words.text).count()).toBe(1);
      expect(await tv.getByText(words.where).count()).toBe(1);
      expect(await tv.getByRole('button').count()).toBe(0);
      await tv.screenshot({ path: `${SHOTS}/tv-update-${lang}.png` });
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

/** An answer of the graph's outage, as the server sends it: its JSON error, and Retry-After on a 503. */
function answer(route: Route, status: 500 | 503) {
  return route.fulfill({
    status,
    contentType: 'application/json',
    headers: status === 503 ? { 'retry-after': '2', 'cache-control': 'no-store' } : { 'cache-control': 'no-store' },
    body: JSON.stringify({
      errors: [
        status === 503
          ? { message: 'The service is unavailable for a moment.', extensions: { code: 'UNAVAILABLE' } }
          : { message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } },
      ],
    }),
  });
}
