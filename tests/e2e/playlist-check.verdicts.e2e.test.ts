import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOTS, portalUnderTest, macSequence, seedPlaylist, type PortalViewport } from './portal';

/**
 * The check's newer verdicts in Chromium, at 390 and 1440 px: what the TV cannot open and the guide's coverage
 * of a real public playlist (Free-TV/IPTV's Japan list, tests/fixtures/playlists), and an Xtream Codes line's
 * real state (a banned line). Served from 127.0.0.1 only.
 */

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'wide', width: 1440, height: 900 },
] as unknown as PortalViewport[];

const FIXTURES = path.join(__dirname, '../fixtures');
const JAPAN = readFileSync(path.join(FIXTURES, 'playlists/free-tv-japan.m3u8'), 'utf8');
/** A guide with programmes for 3 of the list's 43 channels (ids from the list itself). */
const GUIDE = `<?xml version="1.0" encoding="UTF-8" ?><tv>
${['JOAKDTV.jp', 'JOABDTV.jp', 'NHKBS.jp'].map((id) => `<channel id="${id}"><display-name>${id}</display-name></channel>`).join('\n')}
${['JOAKDTV.jp', 'JOABDTV.jp', 'NHKBS.jp'].map((id) => `<programme start="20260101000000 +0000" stop="20260101010000 +0000" channel="${id}"><title>News</title></programme>`).join('\n')}
</tv>`;

let provider: http.Server;
let providerUrl = '';
const nextMac = macSequence('0e:7b:6b:7c:9e');
const portal = portalUnderTest({ PLAYLIST_CHECK_ALLOW: '127.0.0.1', PLAYLIST_CHECK_CACHE_SECONDS: '0' });

beforeAll(async () => {
  provider = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/japan.m3u8') return void res.end(JAPAN);
    if (url.pathname === '/guide.xml') return void res.end(GUIDE);
    if (url.pathname === '/panel/player_api.php') {
      res.setHeader('content-type', 'application/json');
      return void res.end(
        JSON.stringify({
          user_info: {
            username: 'ann',
            password: 'Pass.1234',
            auth: 1,
            status: 'Banned',
            exp_date: String(Math.floor(Date.UTC(2031, 0, 15) / 1000)),
            is_trial: '0',
            active_cons: '0',
            created_at: '1700000000',
            max_connections: '1',
            allowed_output_formats: ['m3u8', 'ts'],
          },
          server_info: { url: 'panel.example', port: '8080', server_protocol: 'http' },
        }),
      );
    }
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => provider?.close(resolve));
});

describe('the check result card with the newer verdicts', () => {
  for (const viewport of VIEWPORTS) {
    it(`shows what the TV cannot open, the guide's coverage and a banned line (${viewport.name})`, async () => {
      const { page, pageErrors } = await portal.signedIn(nextMac, viewport, async (owner) => {
        await seedPlaylist(portal.product.url, owner, {
          name: 'Japan',
          url: `${providerUrl}/japan.m3u8`,
          epgUrl: `${providerUrl}/guide.xml`,
        });
        await seedPlaylist(portal.product.url, owner, {
          name: 'Panel',
          type: 'XC',
          url: `${providerUrl}/panel`,
          username: 'ann',
          password: 'Pass.1234',
        });
      });
      await page.getByRole('button', { name: 'Check Japan', exact: true }).click();
      const card = page.locator('section.check-card').first();
      await card.getByText('Plays, with warnings').waitFor();
      const text = await card.innerText();
      expect(text).toContain('The playlist opens: 43 channels in 1 group.');
      expect(text).toMatch(/what the tv cannot open/i);
      expect(text).toMatch(/9 × no address/);
      expect(text).toMatch(/3 of 43 channels have programmes \(7%\)/);
      await card.scrollIntoViewIfNeeded();
      await card.screenshot({ path: `${SHOTS}/playlist-check-coverage-${viewport.name}.png` });

      await page.getByRole('button', { name: 'Check Panel', exact: true }).click();
      const panelCard = page.locator('section.check-card').filter({ hasText: 'Banned by the provider' });
      await panelCard.waitFor();
      const panelText = await panelCard.innerText();
      expect(panelText).toContain('Will not play');
      expect(panelText).toContain('The provider has banned this line');
      expect(panelText).not.toMatch(/expired/i);
      await panelCard.scrollIntoViewIfNeeded();
      await panelCard.screenshot({ path: `${SHOTS}/playlist-check-banned-${viewport.name}.png` });

      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(pageErrors).toEqual([]);
      await page.context().close();
    });
  }
});
