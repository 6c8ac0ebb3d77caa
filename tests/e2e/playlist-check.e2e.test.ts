import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PORTAL_VIEWPORTS,
  PinDialog,
  PlaylistManager,
  SHOTS,
  portalUnderTest,
  macSequence,
  seedPlaylist,
  type PortalViewport,
} from './portal';

/**
 * The playlist check in Chromium against the built product: the Check action in the list (a protected
 * playlist after its PIN), the result card, the last check in the table, and Check in the add form. The
 * provider is a local server the product may fetch only because PLAYLIST_CHECK_ALLOW names 127.0.0.1.
 */

const PLAYLIST = [
  '#EXTM3U x-tvg-url="GUIDE"',
  '#EXTINF:-1 tvg-id="news" tvg-logo="https://logos.example/news.png" group-title="News",News One',
  'http://streams.example/news.ts',
  '#EXTINF:-1 tvg-logo="https://logos.example/sport.png" group-title="Sports;UK",Sport Two',
  'http://streams.example/sport.ts',
  '#EXTINF:-1 group-title="Films",No Stream Here',
  '',
].join('\n');

let provider: http.Server;
let providerUrl = '';
const nextMac = macSequence('0e:7b:6b:7c:8d');
const portal = portalUnderTest({ PLAYLIST_CHECK_ALLOW: '127.0.0.1', PLAYLIST_CHECK_CACHE_SECONDS: '0' });

beforeAll(async () => {
  provider = http.createServer((req, res) => {
    if (req.url === '/guide.xml') {
      return void res.end('<?xml version="1.0"?><tv><channel id="news"></channel><channel id="sport"></channel></tv>');
    }
    if (req.url === '/list.m3u') return void res.end(PLAYLIST.replace('GUIDE', `${providerUrl}/guide.xml`));
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => provider?.close(resolve));
});

async function ownerWith(viewport: PortalViewport, playlists: Parameters<typeof seedPlaylist>[2][]) {
  const session = await portal.signedIn(nextMac, viewport, async (owner) => {
    for (const playlist of playlists) await seedPlaylist(portal.product.url, owner, playlist);
  });
  return { ...session, manager: new PlaylistManager(session.page) };
}

describe('playlist check in Chromium', () => {
  for (const viewport of PORTAL_VIEWPORTS) {
    it(`checks a playlist from the list and shows the result and its last check (${viewport.name})`, async () => {
      const { page, pageErrors } = await ownerWith(viewport, [
        { name: 'Home', url: `${providerUrl}/list.m3u` },
        { name: 'Kids', url: `${providerUrl}/list.m3u`, isProtected: true, pin: '2468' },
        { name: 'Code', type: 'CODE', playlistCode: '123456' },
      ]);
      await page.getByText('Never').first().waitFor();
      // A playlist code is opened by the TV: nothing to check here.
      expect(await page.getByRole('button', { name: 'Check Code', exact: true }).count()).toBe(0);

      await page.getByRole('button', { name: 'Check Home', exact: true }).click();
      const card = page.locator('section.check-card');
      await card.getByText('Plays, with warnings').waitFor();
      const text = await card.innerText();
      expect(text).toContain('The playlist opens: 2 channels in 4 groups.');
      expect(text).toContain('1 entry has no stream address and will not play.');
      expect(text).toContain('News One');
      expect(text).toContain('Sport Two');
      await page.screenshot({ path: `${SHOTS}/playlist-check-result-${viewport.name}.png`, fullPage: true });

      // The protected one asks for its PIN first; a wrong PIN is refused.
      await page.getByRole('button', { name: 'Check Kids', exact: true }).click();
      const pin = new PinDialog(page);
      await pin.enter('0000');
      await pin.waitForTitle('Wrong PIN!');
      await pin.confirmButton.click();
      await page.getByRole('button', { name: 'Check Kids', exact: true }).click();
      await pin.enter('2468');
      await page.locator('section.check-card').nth(1).getByText('Plays, with warnings').waitFor();

      // After a reload the last check of the unprotected playlist is in the table; the protected one stays hidden.
      await page.reload();
      await page.getByRole('button', { name: 'Check Home', exact: true }).waitFor();
      expect(await page.getByText('Plays, with warnings').count()).toBeGreaterThanOrEqual(1);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(pageErrors).toEqual([]);
      await page.context().close();
    });
  }

  it('checks the add form before saving, and says why a bad address will not play', async () => {
    const { page, manager, pageErrors } = await ownerWith(PORTAL_VIEWPORTS[1], []);
    await manager.openAdd('general');
    await manager.form.fill({ 'Playlist URL': `${providerUrl}/missing.m3u` });
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    const card = page.locator('section.check-card');
    await card.getByText('Will not play').waitFor();
    expect(await card.innerText()).toContain('HTTP 404');
    await manager.form.fill({ 'Playlist URL': `${providerUrl}/list.m3u` });
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await card.getByText('Plays, with warnings').waitFor();
    await page.screenshot({ path: `${SHOTS}/playlist-check-form-desktop.png`, fullPage: true });
    expect(pageErrors).toEqual([]);
  });
});
