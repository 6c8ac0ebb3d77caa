import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStreamProvider, type StreamProvider } from '../support/stream-provider';
import { SHOTS, ownerSession, portalUnderTest, seedPlaylist } from './portal';

/**
 * The TV app (/tv) playing, in Chromium at 1920×1080, by keyboard only as a remote drives it. An M3U on the local
 * stream provider (tests/support/stream-provider.ts: androidx/media's test media, readable cross-origin as
 * providers serving web players answer) lists an HLS channel, an MPEG-TS channel, an MP4 film and a channel the
 * provider refuses (403). Enter plays the first full screen; Down steps through them: each plays (its video's
 * currentTime advances) with the engine the player screen names in its `data-engine` attribute (hls.js, mpegts.js
 * or native: HLS natively where this engine plays it, else hls.js), and the refused one says so in the check's
 * words. Up goes back a channel; Back returns to the list. A playlist code says what the owner can do instead.
 * On a TV whose own player failed an HLS channel before (the verdict the app keeps), HLS plays through hls.js.
 */

const REFUSED = 'Refused (HTTP 403): the provider may block this network or country.';
const CODE_LIMIT =
  /^A playlist code is opened by its provider’s own app, not by this one\. Ask the provider for the M3U address or the Xtream Codes line, and add it in the portal at \u2068http\S+\u2069\.$/;

const CHANNELS = [
  { name: 'HLS News', path: '/c/hls-ts/ok/manifest.m3u8', engine: 'native' },
  { name: 'MPEG-TS Sport', path: '/s/ts-aac', engine: 'mpegts.js' },
  { name: 'MP4 Film', path: '/s/mp4', engine: 'native' },
  { name: 'Refused Cinema', path: '/s/403', engine: undefined },
] as const;

let provider: StreamProvider;
const portal = portalUnderTest();
beforeAll(async () => {
  provider = await startStreamProvider();
  provider.route((req, res, url) => {
    // Every answer readable cross-origin (the TV app is on the product's origin), as web players need.
    res.setHeader('access-control-allow-origin', '*');
    if (url.pathname !== '/list.m3u') return false;
    res.setHeader('content-type', 'audio/x-mpegurl');
    res.end(
      [
        '#EXTM3U',
        ...CHANNELS.flatMap((c) => [`#EXTINF:-1 group-title="Test",${c.name}`, `${provider.url}${c.path}`]),
        '',
      ].join('\n'),
    );
    return true;
  });
});
afterAll(async () => {
  await provider?.close();
});

const video = (tv: Page) => tv.getByTestId('player');
const currentTime = (tv: Page) => video(tv).evaluate((element: HTMLVideoElement) => element.currentTime);
/** The engine the player screen says it plays with (data-engine). */
const engine = (tv: Page) => tv.locator('.tv-player').getAttribute('data-engine');
const channelName = (tv: Page) => tv.locator('.tv-player__channel').innerText();

/**
 * A first launch whose owner (signed in with the MAC and key the TV shows) adds the given playlists, the TV started
 * again; then Enter on the local streams' playlist (focused first: the newest) and on its first channel.
 */
async function playFirstChannel(tv: Page, extra: Parameters<typeof seedPlaylist>[2][] = []) {
  const { url } = portal.product;
  await tv.goto(`${url}/tv/`);
  const mac = (await tv.getByTestId('mac').innerText()).trim();
  const deviceKey = (await tv.getByTestId('device-key').innerText()).trim();
  const cookie = await ownerSession(url, mac, deviceKey);
  for (const playlist of extra) await seedPlaylist(url, cookie, playlist);
  await seedPlaylist(url, cookie, { name: 'Local streams', url: `${provider.url}/list.m3u` });
  await tv.reload();
  await tv
    .getByRole('button', { name: /Local streams/ })
    .and(tv.locator('.is-focused'))
    .waitFor();
  await tv.keyboard.press('Enter');
  await tv.getByRole('listbox').and(tv.locator('.is-focused')).waitFor();
  await tv.keyboard.press('Enter');
}

/**
 * The channel shown is `name`, and it plays: the screen stops saying it is opening it (the player screen says so
 * until this channel's video time moves), and the time goes on advancing.
 */
async function plays(tv: Page, name: string) {
  await expect.poll(() => channelName(tv)).toContain(name);
  await expect.poll(() => tv.getByText(`Opening ${name}…`).count(), { timeout: 15_000 }).toBe(0);
  expect(await tv.getByTestId('player-error').count()).toBe(0);
  const first = await currentTime(tv);
  expect(first).toBeGreaterThan(0);
  await expect.poll(() => currentTime(tv), { timeout: 10_000 }).toBeGreaterThan(first);
}

describe('the TV app plays, by remote', () => {
  it('plays HLS, MPEG-TS and MP4 full screen, says a refusal, changes channel and comes back', async () => {
    const context = await portal.browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const tv = await context.newPage();
    const errors: string[] = [];
    tv.on('pageerror', (error) => errors.push(error.message));
    const key = (name: string) => tv.keyboard.press(name);

    // First launch: the owner adds a playlist code and the M3U; Enter on the M3U, then on its first channel.
    await playFirstChannel(tv, [{ name: 'Provider code', type: 'CODE', playlistCode: '482913' }]);
    await video(tv).waitFor();
    expect(await video(tv).boundingBox()).toEqual({ x: 0, y: 0, width: 1920, height: 1080 });

    for (const [index, channel] of CHANNELS.entries()) {
      if (index > 0) await key('ArrowDown');
      if (channel.engine) {
        await plays(tv, channel.name);
        await expect.poll(() => engine(tv)).toBe(channel.engine);
        await tv.screenshot({ path: `${SHOTS}/tv-player-${index + 1}.png` });
      } else {
        await expect.poll(() => channelName(tv)).toContain(channel.name);
        await expect.poll(() => tv.getByTestId('player-error').innerText()).toBe(REFUSED);
        await tv.screenshot({ path: `${SHOTS}/tv-player-refused.png` });
      }
    }

    // Up: the film again.
    await key('ArrowUp');
    await plays(tv, CHANNELS[2].name);

    // Back: the list, the channel last played focused.
    await key('Escape');
    await video(tv).waitFor({ state: 'detached' });
    await tv
      .getByRole('option', { name: /MP4 Film/ })
      .and(tv.locator('.is-focused'))
      .waitFor();

    // Back again: the playlists; the playlist code says what the owner can do.
    await key('Escape');
    await tv
      .getByRole('button', { name: /Local streams/ })
      .and(tv.locator('.is-focused'))
      .waitFor();
    await key('ArrowRight');
    await tv
      .getByRole('button', { name: /Provider code/ })
      .and(tv.locator('.is-focused'))
      .waitFor();
    await key('Enter');
    await expect.poll(() => tv.getByRole('alert').innerText()).toMatch(CODE_LIMIT);
    await tv.screenshot({ path: `${SHOTS}/tv-playlist-code.png` });

    expect(errors).toEqual([]);
    await context.close();
  });

  it('plays HLS through hls.js on a TV whose own player failed HLS before', async () => {
    const context = await portal.browser.newContext({ viewport: { width: 1920, height: 1080 } });
    // The verdict the app keeps after its engine's own player failed an HLS channel (player/engine.ts).
    await context.addInitScript(() => localStorage.setItem('tv.hlsEngine', 'hls.js'));
    const tv = await context.newPage();
    const errors: string[] = [];
    tv.on('pageerror', (error) => errors.push(error.message));

    await playFirstChannel(tv);
    await plays(tv, CHANNELS[0].name);
    expect(await engine(tv)).toBe('hls.js');
    await tv.screenshot({ path: `${SHOTS}/tv-player-hlsjs.png` });

    expect(errors).toEqual([]);
    await context.close();
  });
});
