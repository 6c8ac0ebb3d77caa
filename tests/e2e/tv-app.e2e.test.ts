import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { Dialog, LinkScreen, PlaylistManager, SHOTS, SettingsForm, openDashboard, portalUnderTest } from './portal';

/**
 * The TV app (/tv) in Chromium at 1920×1080, driven by the keyboard only, as a remote drives it: first launch
 * shows the MAC and the device key; the owner signs in to the portal with them (another browser context) and adds
 * an M3U on a local provider serving real media (ExoPlayer's test HLS stream, tests/fixtures/README.md) and a
 * protected Xtream Codes line; the TV starts again (a 304) and lists both; arrows reach a channel and Enter plays
 * it; a group the owner locked stays hidden until the parent PIN; a refused channel says so in the check’s words;
 * the protected line asks its PIN; Back returns; a new device key sends the TV to linking, and an approved code
 * brings it back. The owner does everything in the portal's own pages and forms, as a person would. The same in
 * Arabic (/ar/tv/). The TV runs in a Chromium without the built-ins Chromium 68 lacks (webOS 5's engine,
 * docs/tv-app.md, Target engines): the app must bring, as polyfills, those it calls.
 */

const FIXTURES = path.join(import.meta.dirname, '../fixtures/streams');
const HLS_PLAYLIST = readFileSync(path.join(FIXTURES, 'media3-hls-cea608.m3u8'), 'utf8');
const HLS_SEGMENT = readFileSync(path.join(FIXTURES, 'media3-hls-cea608-0.ts'));
const LINE = { username: 'viewer', password: 's3cret', pin: '4321' };
const PARENT_PIN = '2468';

/**
 * A provider as IPTV providers serve web players: every answer readable cross-origin (CORS), an M3U list, an HLS
 * stream (its one segment by byte range), a channel it refuses, and an Xtream Codes panel's player API.
 */
async function startProvider() {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', '*');
    if (req.method === 'OPTIONS') return void res.end();
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const json = (body: unknown) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(body));
    };
    switch (url.pathname) {
      case '/list.m3u':
        res.setHeader('content-type', 'audio/x-mpegurl');
        return void res.end(
          [
            '#EXTM3U',
            '#EXTINF:-1 tvg-logo="" group-title="News",Nile News HD',
            `${base}/hls/sd-hls.m3u8`,
            '#EXTINF:-1 group-title="Films",Cinema One',
            `${base}/refused/cinema.m3u8`,
            '',
          ].join('\n'),
        );
      case '/hls/sd-hls.m3u8':
        res.setHeader('content-type', 'application/vnd.apple.mpegurl');
        return void res.end(HLS_PLAYLIST);
      case '/hls/sd-hls0000000000.ts': {
        res.setHeader('content-type', 'video/mp2t');
        res.setHeader('accept-ranges', 'bytes');
        const range = /bytes=(\d+)-(\d*)/.exec(req.headers.range ?? '');
        if (!range) return void res.end(HLS_SEGMENT);
        const start = Number(range[1]);
        const end = range[2] ? Number(range[2]) : HLS_SEGMENT.length - 1;
        res.statusCode = 206;
        res.setHeader('content-range', `bytes ${start}-${end}/${HLS_SEGMENT.length}`);
        return void res.end(HLS_SEGMENT.subarray(start, end + 1));
      }
      case '/player_api.php': {
        if (url.searchParams.get('username') !== LINE.username || url.searchParams.get('password') !== LINE.password)
          return json({ user_info: { auth: 0 } });
        const action = url.searchParams.get('action');
        if (action === 'get_live_categories') return json([{ category_id: '7', category_name: 'Sport' }]);
        if (action === 'get_live_streams')
          return json([{ num: 1, name: 'Arena Sport 1', stream_id: 101, stream_icon: '', category_id: '7' }]);
        return json({
          user_info: { auth: 1, status: 'Active', allowed_output_formats: ['m3u8', 'ts'] },
          server_info: { url: '127.0.0.1', port: String((server.address() as AddressInfo).port) },
        });
      }
      case `/live/${LINE.username}/${LINE.password}/101.m3u8`:
        res.setHeader('content-type', 'application/vnd.apple.mpegurl');
        return void res.end(HLS_PLAYLIST.replace('sd-hls0000000000.ts', `${base}/hls/sd-hls0000000000.ts`));
      default:
        res.statusCode = url.pathname.startsWith('/refused/') ? 403 : 404;
        return void res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let provider: Awaited<ReturnType<typeof startProvider>>;
// The TV polls its link code every second (5 by default): the approval is seen sooner.
const portal = portalUnderTest({ TV_LINK_INTERVAL_SECONDS: '1' });
beforeAll(async () => {
  provider = await startProvider();
});
afterAll(async () => {
  await provider?.close();
});

/**
 * Runs in the page before its scripts: takes away the JavaScript and web built-ins Chromium 68 lacks (the version
 * each came in), so a call to one the build did not polyfill fails as it would on webOS 5. Those a library only
 * uses when present stay absent too (React's view transitions, hls.js's crypto.randomUUID).
 */
function withoutNewerBuiltIns() {
  const remove = (owner: object | undefined, names: string[]) => {
    for (const name of names) if (owner) Reflect.deleteProperty(owner, name);
  };
  const typedArray = Object.getPrototypeOf(Int8Array) as { prototype: object };
  remove(Object, ['fromEntries' /* 73 */, 'hasOwn' /* 93 */, 'groupBy' /* 117 */]);
  remove(Map, ['groupBy' /* 117 */]);
  remove(Promise, ['allSettled' /* 76 */, 'any' /* 85 */, 'withResolvers' /* 119 */]);
  remove(Array, ['fromAsync' /* 121 */]);
  remove(Array.prototype, [
    'flat', // 69
    'flatMap', // 69
    'at', // 92
    'findLast', // 97
    'findLastIndex', // 97
    'toReversed', // 110
    'toSorted', // 110
    'toSpliced', // 110
    'with', // 110
  ]);
  remove(typedArray.prototype, ['at', 'findLast', 'findLastIndex', 'toReversed', 'toSorted', 'with']);
  remove(String.prototype, ['matchAll' /* 73 */, 'replaceAll' /* 85 */, 'at' /* 92 */, 'isWellFormed' /* 111 */]);
  remove(Symbol.prototype, ['description' /* 70 */]);
  remove(Set.prototype, ['union', 'intersection', 'difference', 'symmetricDifference', 'isSubsetOf' /* 122 */]);
  remove(Intl, ['ListFormat' /* 72 */, 'RelativeTimeFormat' /* 71 */, 'Locale' /* 74 */, 'DisplayNames' /* 81 */]);
  remove(Intl, ['Segmenter' /* 87 */]);
  remove(AbortSignal, ['timeout' /* 103 */, 'any' /* 116 */]);
  remove(Crypto.prototype, ['randomUUID' /* 92 */]);
  remove(URLSearchParams.prototype, ['size' /* 113 */]);
  remove(Element.prototype, ['replaceChildren' /* 86 */]);
  remove(Document.prototype, ['startViewTransition' /* 111 */]);
  remove(HTMLVideoElement.prototype, ['requestVideoFrameCallback' /* 83 */]);
  remove(Navigator.prototype, ['userAgentData' /* 90 */]);
  remove(globalThis, [
    'queueMicrotask', // 71
    'structuredClone', // 98
    'WeakRef', // 84
    'FinalizationRegistry', // 84
    'AggregateError', // 85
    'Iterator', // 122
    'scheduler', // 94
  ]);
  // globalThis (71) stays: Playwright's own evaluation in the page needs it. The build calls it only feature-tested.
}

/** The TV's start-up reads, by status: to see the 304 a restart gets. */
function watchStartups(page: Page): number[] {
  const statuses: number[] = [];
  page.on('response', (response) => {
    if (response.url().includes('operationName=TvStart')) statuses.push(response.status());
  });
  return statuses;
}

/** On the keypad, from its 1: down to Delete, across to OK (left to right in every language), Enter. */
async function pressOk(key: (name: string) => Promise<void>) {
  for (let i = 0; i < 3; i += 1) await key('ArrowDown');
  for (let i = 0; i < 2; i += 1) await key('ArrowRight');
  await key('Enter');
}

async function currentTime(page: Page): Promise<number> {
  return page.getByTestId('player').evaluate((video: HTMLVideoElement) => video.currentTime);
}

type Owner = Awaited<ReturnType<typeof openDashboard>>;

/**
 * In the portal, as the owner does it: the M3U on Add Playlist; the Films group locked on its edit page (typed:
 * no check has seen its groups yet); a parent PIN under Parent PIN; the Xtream line on Add XC Playlist, protected
 * by a PIN.
 */
async function addPlaylists({ page, dashboard }: Owner) {
  const manager = new PlaylistManager(page);
  const dialog = new Dialog(page);
  await manager.mainHeading.waitFor();
  await manager.openAdd('general');
  await manager.form.fill({ 'Playlist name': 'Home channels', 'Playlist URL': `${provider.url}/list.m3u` });
  await manager.form.save();
  await dialog.closeNotice('Playlist saved.');

  await manager.edit('Home channels');
  const parental = page.getByRole('region', { name: 'Parental control' });
  const another = parental.getByRole('textbox', { name: 'Another group' });
  await another.fill('Films');
  await another.press('Enter');
  await parental.getByRole('checkbox', { name: 'Films', exact: true }).waitFor();
  await parental.getByRole('button', { name: 'Save parental control' }).click();
  await dialog.closeNotice('Parental control saved.');

  await dashboard.goTo('Parent PIN');
  const settings = new SettingsForm(page);
  await settings.field('New Parent PIN').fill(PARENT_PIN);
  await settings.submit('Save Parent PIN');
  await dialog.closeNotice('Parent Pin Changed Successfully!');

  await dashboard.goTo('Manage Playlists');
  await manager.openAdd('xc');
  await manager.form.fill({
    'Playlist name': 'Sports line',
    'Host URL': provider.url,
    Username: LINE.username,
    Password: LINE.password,
  });
  await manager.form.protectSwitch.check();
  await manager.form.fill({ 'Playlist PIN': LINE.pin, 'Confirm playlist PIN': LINE.pin });
  await manager.form.save();
  await dialog.closeNotice('Playlist saved.');
  await manager.row('Sports line').waitFor();
}

/** Device Key in the portal: a new key, which signs out the TVs signed in with the old one. */
async function changeDeviceKey({ page, dashboard }: Owner, newKey: string) {
  await dashboard.goTo('Device Key');
  const settings = new SettingsForm(page);
  await settings.field('New Device Key').fill(newKey);
  await settings.submit('Save Device Key');
  await new Dialog(page).closeNotice('Device Key Changed Successfully!');
}

/** The link page, as the QR code opens it: the code typed again, read off the TV, then Approve. */
async function approveCode(page: Page, baseUrl: string, code: string) {
  await page.goto(`${baseUrl}/link?code=${code}`);
  const screen = new LinkScreen(page);
  await screen.title.waitFor();
  await screen.confirmation.fill(code);
  await screen.approve.click();
  await screen.outcome.filter({ hasText: 'The TV is linked' }).waitFor();
}

const WORDS = {
  en: {
    path: '/tv/',
    refused: 'Refused (HTTP 403): the provider may block this network or country.',
    pin: 'Enter the PIN of “Sports line”',
    signedOut: 'This TV was signed out. Ask for a code to sign in again.',
    playlists: 'Playlists',
  },
  ar: {
    path: '/ar/tv/',
    refused: 'مرفوضة (HTTP 403): قد يحجب المزوّد هذه الشبكة أو هذا البلد.',
    pin: 'أدخل رمز PIN لقائمة التشغيل «Sports line»',
    signedOut: 'تم تسجيل خروج هذا التلفزيون. اطلب رمزًا لتسجيل الدخول من جديد.',
    playlists: 'قوائم التشغيل',
  },
} as const;

describe('the TV app, by remote', () => {
  // English and Arabic side by side: two TVs and two owners, each in its own browser context. Side by side on a
  // busy machine each takes longer than alone: two minutes each, rather than the file's one.
  for (const [lang, words] of Object.entries(WORDS)) {
    it.concurrent(
      `links, lists, plays and comes back after a new device key (${lang})`,
      async ({ expect }) => {
        const { url } = portal.product;
        const context = await portal.browser.newContext({ viewport: { width: 1920, height: 1080 } });
        await context.addInitScript(withoutNewerBuiltIns);
        const tv = await context.newPage();
        const errors: string[] = [];
        tv.on('pageerror', (error) => errors.push(error.message));
        const startups = watchStartups(tv);
        const key = (name: string) => tv.keyboard.press(name);

        // First launch: the MAC and the device key, large.
        await tv.goto(url + words.path);
        const mac = (await tv.getByTestId('mac').innerText()).trim();
        const deviceKey = (await tv.getByTestId('device-key').innerText()).trim();
        expect(mac).toMatch(/^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/);
        expect(deviceKey).toMatch(/^\d{6}$/);
        expect(await tv.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
        await tv.screenshot({ path: `${SHOTS}/tv-first-launch-${lang}.png` });

        // The owner signs in to the portal with them, in another browser, and adds two playlists with its forms.
        const owner = await openDashboard(portal.browser, url, mac, deviceKey);
        await addPlaylists(owner);

        // The TV starts again and lists both; once more, and nothing changed: a 304, the kept copy shown.
        await tv.reload();
        await tv.getByRole('button', { name: /Home channels/ }).waitFor();
        await tv.reload();
        await tv.getByRole('button', { name: /Sports line/ }).waitFor();
        expect(startups).toContain(304);
        await tv.screenshot({ path: `${SHOTS}/tv-playlists-${lang}.png` });

        // Arrows and Enter: the M3U playlist (listed after the newer line), its first group, its channel, playing.
        await tv
          .getByRole('button', { name: /Sports line/ })
          .and(tv.locator('.is-focused'))
          .waitFor();
        await key(lang === 'ar' ? 'ArrowLeft' : 'ArrowRight');
        await tv
          .getByRole('button', { name: /Home channels/ })
          .and(tv.locator('.is-focused'))
          .waitFor();
        await key('Enter');
        await tv.getByRole('listbox').first().and(tv.locator('.is-focused')).waitFor();
        await tv.screenshot({ path: `${SHOTS}/tv-channels-${lang}.png` });
        // Three starts, each asking for TvStart once: Apollo's hooks, loaded beside the first screen, were handed
        // its answer (client/src/tv/live.tsx) rather than asking again.
        expect(startups).toHaveLength(3);
        await key(lang === 'ar' ? 'ArrowLeft' : 'ArrowRight');
        await key('Enter');
        await tv.getByTestId('player').waitFor();
        await expect.poll(() => currentTime(tv), { timeout: 20_000 }).toBeGreaterThan(0);
        await tv.screenshot({ path: `${SHOTS}/tv-playing-${lang}.png` });

        // Back to the list. The locked group is not listed; the parent PIN shows it.
        await key('Escape');
        await tv.getByTestId('player').waitFor({ state: 'detached' });
        expect(await tv.getByText('Films', { exact: true }).count()).toBe(0);
        await key(lang === 'ar' ? 'ArrowRight' : 'ArrowLeft');
        await key('ArrowDown');
        await tv.getByTestId('locked-groups').waitFor();
        await key('Enter');
        for (const digit of PARENT_PIN) await key(digit);
        await pressOk(key);
        await tv.getByText('Films', { exact: true }).waitFor();
        // Its channel is refused, said as the check says it.
        await key(lang === 'ar' ? 'ArrowLeft' : 'ArrowRight');
        await key('Enter');
        await expect(tv.getByTestId('player-error').innerText()).resolves.toBe(words.refused);
        await tv.screenshot({ path: `${SHOTS}/tv-refused-${lang}.png` });

        // Back twice: the playlists. The protected line asks its PIN on the keypad.
        await key('Escape');
        await key('Escape');
        await tv
          .getByRole('button', { name: /Home channels/ })
          .and(tv.locator('.is-focused'))
          .waitFor();
        await key(lang === 'ar' ? 'ArrowRight' : 'ArrowLeft');
        await key('Enter');
        await tv.getByRole('dialog', { name: words.pin }).waitFor();
        for (const digit of LINE.pin) await key(digit);
        await tv.screenshot({ path: `${SHOTS}/tv-pin-${lang}.png` });
        await pressOk(key);
        await tv.getByText('Arena Sport 1').waitFor();
        await key('Escape');
        await tv.getByRole('heading', { name: words.playlists }).waitFor();

        // A new device key in the portal signs the TV out: it asks for a link code; the owner approves it there.
        const newKey = deviceKey === '246810' ? '135790' : '246810';
        await changeDeviceKey(owner, newKey);
        await tv.reload();
        await tv.getByText(words.signedOut).waitFor();
        const code = (await tv.getByTestId('link-code').innerText()).trim();
        await tv.screenshot({ path: `${SHOTS}/tv-link-${lang}.png` });
        await approveCode(owner.page, url, code);
        await tv
          .getByRole('button', { name: /Home channels/ })
          .waitFor({ timeout: 20_000 })
          .catch(async (error: unknown) => {
            // What the TV shows instead, for whoever reads the failure.
            await tv.screenshot({ path: `${SHOTS}/tv-relink-failed-${lang}.png` });
            throw error;
          });

        expect(errors).toEqual([]);
        expect(owner.pageErrors).toEqual([]);
        await owner.page.context().close();
        await context.close();
      },
      120_000,
    );
  }
});
