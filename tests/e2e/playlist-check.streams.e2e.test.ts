import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStreamProvider, type StreamProvider } from '../support/stream-provider';
import { SHOTS, portalUnderTest, macSequence, seedPlaylist, type PortalViewport } from './portal';

/**
 * The channels the check opened, on the check card in Chromium at 390 and 1440 px, in English and Arabic: a
 * playlist whose channels are real stream bytes (tests/fixtures/streams/), a refusal, a silent server and an
 * rtmp:// address, all served from 127.0.0.1 (tests/support/stream-provider.ts).
 */

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'wide', width: 1440, height: 900 },
] as unknown as PortalViewport[];

let provider: StreamProvider;
const nextMac = macSequence('0e:7b:6b:7c:af');
const portal = portalUnderTest({
  PLAYLIST_CHECK_ALLOW: '127.0.0.1',
  PLAYLIST_CHECK_CACHE_SECONDS: '0',
  PLAYLIST_CHECK_STREAM_SAMPLES: '5',
  PLAYLIST_CHECK_STREAM_SECONDS: '2',
});

beforeAll(async () => {
  provider = await startStreamProvider();
  const list = [
    '#EXTM3U',
    '#EXTINF:-1 tvg-id="news" group-title="News",Nile News HD',
    `${provider.url}/s/ts-h264`,
    '#EXTINF:-1 tvg-id="sport" group-title="Sport",Sport Arena 4K',
    `${provider.url}/c/hls-ts/ok/manifest.m3u8`,
    '#EXTINF:-1 tvg-id="films" group-title="Films",Cinema One',
    `${provider.url}/s/403`,
    '#EXTINF:-1 tvg-id="kids" group-title="Kids",Cartoon Time',
    `${provider.url}/s/silent`,
    '#EXTINF:-1 tvg-id="radio" group-title="Radio",Old Radio Feed',
    'rtmp://live.invalid/radio/feed',
    '',
  ].join('\n');
  const guide = `<?xml version="1.0"?><tv>${['news', 'sport', 'films', 'kids', 'radio']
    .map(
      (id) =>
        `<channel id="${id}"><display-name>${id}</display-name></channel><programme start="20260101000000 +0000" channel="${id}"><title>T</title></programme>`,
    )
    .join('')}</tv>`;
  provider.route((_req, res, url) => {
    if (url.pathname === '/list.m3u') return (void res.end(list), true);
    if (url.pathname === '/guide.xml') return (void res.end(guide), true);
    return false;
  });
});
afterAll(async () => {
  await provider?.close();
});

describe('the channels the check opened, on the check card', () => {
  for (const viewport of VIEWPORTS) {
    it(`lists each channel opened, what it answered and why (${viewport.name})`, async () => {
      const { page, pageErrors } = await portal.signedIn(nextMac, viewport, async (owner) => {
        await seedPlaylist(portal.product.url, owner, {
          name: 'Home',
          url: `${provider.url}/list.m3u`,
          epgUrl: `${provider.url}/guide.xml`,
        });
      });
      await page.getByRole('button', { name: 'Check Home', exact: true }).click();
      const card = page.locator('section.check-card').first();
      await card.getByText('Plays, with warnings').waitFor({ timeout: 30_000 });
      const streams = card.getByRole('list', { name: 'Channels opened' });
      const items = streams.getByRole('listitem');
      expect(await items.count()).toBe(5);
      const text = await card.innerText();
      expect(text).toContain(
        '2 of 5 sampled channels answered with video the TV plays (MPEG-TS, HLS); 1 was refused (HTTP 403: the provider may block this server’s network or country, so try it on the TV); 1 did not answer in 2 s; 1 is an address this server does not open (rtmp://), so it was not tried: the TV’s player may open it.',
      );
      expect(await items.nth(0).innerText()).toMatch(/Nile News HD[\s\S]*MPEG-TS[\s\S]*H\.264 · MPEG audio/);
      expect(await items.nth(1).innerText()).toMatch(/Sport Arena 4K[\s\S]*HLS, several qualities/);
      expect(await items.nth(2).innerText()).toMatch(/Cinema One[\s\S]*Refused[\s\S]*HTTP 403/);
      expect(await items.nth(3).innerText()).toMatch(/Cartoon Time[\s\S]*No answer/);
      expect(await items.nth(4).innerText()).toMatch(/Old Radio Feed[\s\S]*Not tried/);
      await streams.scrollIntoViewIfNeeded();
      await card.screenshot({ path: `${SHOTS}/playlist-check-streams-${viewport.name}.png` });

      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(pageErrors).toEqual([]);
      await page.context().close();
    });
  }

  it('says them in Arabic, right to left (phone)', async () => {
    const { page, pageErrors } = await portal.signedIn(nextMac, VIEWPORTS[0]!, async (owner) => {
      await seedPlaylist(portal.product.url, owner, {
        name: 'Home',
        url: `${provider.url}/list.m3u`,
        epgUrl: `${provider.url}/guide.xml`,
      });
    });
    await page.goto(`${portal.product.url}/ar/dashboard`);
    await page.getByRole('button', { name: /Home/ }).first().click();
    const card = page.locator('section.check-card').first();
    const streams = card.getByRole('list', { name: 'القنوات التي فُتحت' });
    await streams.waitFor({ timeout: 30_000 });
    const text = await card.innerText();
    expect(text).toMatch(/2 من 5 قنوات فُتحت ردّت بفيديو يشغّله التلفزيون/);
    expect(await streams.getByRole('listitem').nth(2).innerText()).toMatch(/مرفوضة/);
    await streams.scrollIntoViewIfNeeded();
    await card.screenshot({ path: `${SHOTS}/playlist-check-streams-phone-ar.png` });
    expect(pageErrors).toEqual([]);
    await page.context().close();
  });
});
