import { describe, expect, it } from 'vitest';
import { TvClient } from '../../scripts/tv/tv-client';
import { LinkScreen, SHOTS, macSequence, portalUnderTest } from './portal';
import { registerDevice, SignInScreen, watchPage } from './support';

/**
 * Linking a reinstalled TV without typing (RFC 8628's device grant), in Chromium against the built product: the
 * reference TV client (scripts/tv) plays the TV (asks for a code, polls), the owner opens the code's page, signs
 * in, and approves it.
 */

const nextMac = macSequence('0e:7b:5e:11:4c');
const portal = portalUnderTest();
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

describe('linking a TV with the code it shows', () => {
  for (const viewport of VIEWPORTS) {
    it(`the owner signs in from the code's page and approves it (${viewport.name})`, async () => {
      const mac = nextMac();
      // The TV registered once, then its app was reinstalled: the token is gone, registering again is refused.
      const { deviceKey } = await registerDevice(portal.product.url, mac);
      const tv = new TvClient(portal.product.url);
      await expect(tv.register({ macAddress: mac })).rejects.toMatchObject({ code: 'CONFLICT' });
      const link = await tv.requestLink({ macAddress: mac, model: 'Bedroom TV', appVersion: '2.0.0' });
      const { code, pollHandle, verificationUrl } = link;
      expect(verificationUrl).toMatch(new RegExp(`/link\\?code=${code}$`));

      const context = await portal.browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
      const page = await context.newPage();
      const pageErrors = await watchPage(page);
      // The QR code's address, on this server: the owner is not signed in, so the sign-in comes first.
      await page.goto(`${portal.product.url}/link?code=${code}`);
      await page.waitForURL((url) => url.pathname === '/device/login');
      const signIn = new SignInScreen(page);
      await page.getByRole('heading', { name: 'Manage Your Playlist' }).waitFor();
      await page.locator('.preload-cover').waitFor({ state: 'detached' });
      await signIn.signIn(mac, deviceKey);
      // Back on the link page, the code kept.
      await page.waitForURL(`${portal.product.url}/link?code=${code}`);
      const screen = new LinkScreen(page);
      await screen.title.waitFor();
      await expect(screen.title.innerText()).resolves.toContain(code);
      const details = await screen.details();
      expect(details).toMatchObject({
        Model: 'Bedroom TV (as the TV reports it)',
        'App version': '2.0.0',
        'MAC address': mac,
        'Asked from': '127.0.0.1, the network you are on now',
      });
      expect(details.Asked).toBeTruthy();
      await page.getByText('The TV signed in to this device now will be signed out.').waitFor();
      // The code came in the address: Approve waits until the owner types the code the TV shows.
      await expect(screen.approve.isDisabled()).resolves.toBe(true);
      // The code field and the buttons under it do not touch.
      const [field, button] = await Promise.all([screen.confirmation.boundingBox(), screen.refuse.boundingBox()]);
      expect(button!.y - (field!.y + field!.height)).toBeGreaterThanOrEqual(16);
      // Let the sign-in's notice close before the picture.
      await page.locator('.swal2-container').waitFor({ state: 'detached' });
      const overflow = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.innerWidth);
      await page.screenshot({ path: `${SHOTS}/link-request-${viewport.name}.png`, fullPage: true });

      // Before the owner answers, the TV waits.
      expect((await tv.pollLink(pollHandle)).status).toBe('PENDING');

      await screen.confirmation.fill(code.toLowerCase());
      await screen.approve.click();
      await screen.outcome.filter({ hasText: 'The TV is linked: it signs in within a few seconds.' }).waitFor();
      await page.screenshot({ path: `${SHOTS}/link-approved-${viewport.name}.png`, fullPage: true });

      // The TV's next poll, after its interval, collects its token once; the TV then reads its playlists.
      expect(await tv.waitForLink(link)).toBe('APPROVED');
      const start = await tv.start();
      expect(start.changed && start.data.currentDevice?.macAddress).toBe(mac);
      expect((await tv.pollLink(pollHandle)).status).toBe('EXPIRED');

      // The code is spent: opening its page again says so.
      await page.goto(`${portal.product.url}/link?code=${code}`);
      await page
        .getByRole('alert')
        .filter({ hasText: 'This code is unknown, already used or expired. Ask the TV for a new code.' })
        .waitFor();
      await page.screenshot({ path: `${SHOTS}/link-spent-${viewport.name}.png`, fullPage: true });
      expect(pageErrors).toEqual([]);
      await context.close();
    });
  }

  for (const viewport of VIEWPORTS) {
    it(`a new TV takes over the licence: it asks with its own token, the owner switches onto it (${viewport.name})`, async () => {
      const oldMac = nextMac();
      const newMac = nextMac();
      const { deviceKey } = await registerDevice(portal.product.url, oldMac);
      // The new TV's app registered on first launch (a trial of its own) and asks with that token.
      const tv = new TvClient(portal.product.url);
      await tv.register({ macAddress: newMac, model: 'Kitchen TV' });
      const asked = tv.token;
      const link = await tv.requestLink({ macAddress: newMac, model: 'Kitchen TV', appVersion: '2.1.0' });

      const context = await portal.browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
      const page = await context.newPage();
      const pageErrors = await watchPage(page);
      await page.goto(`${portal.product.url}/link?code=${link.code}`);
      await page.waitForURL((url) => url.pathname === '/device/login');
      await page.getByRole('heading', { name: 'Manage Your Playlist' }).waitFor();
      await page.locator('.preload-cover').waitFor({ state: 'detached' });
      await new SignInScreen(page).signIn(oldMac, deviceKey);
      await page.waitForURL(`${portal.product.url}/link?code=${link.code}`);
      const screen = new LinkScreen(page);
      await screen.title.waitFor();
      expect(await screen.details()).toMatchObject({
        Model: 'Kitchen TV (as the TV reports it)',
        'MAC address': newMac,
      });
      await page.getByText(/This is a new TV\. Switching moves your licence/).waitFor();
      expect(await screen.approve.count()).toBe(0);
      await page.locator('.swal2-container').waitFor({ state: 'detached' });
      await page.screenshot({ path: `${SHOTS}/link-switch-request-${viewport.name}.png`, fullPage: true });

      await screen.confirmation.fill(link.code);
      await screen.switchToTv.click();
      await screen.outcome
        .filter({ hasText: 'Your licence, playlists, device key and parent PIN moved to this TV' })
        .waitFor();
      await page.screenshot({ path: `${SHOTS}/link-switched-${viewport.name}.png`, fullPage: true });

      // The new TV collects a token for the owner's device, now on its MAC; the token it asked with is spent.
      expect(await tv.waitForLink(link)).toBe('APPROVED');
      expect(tv.token).not.toBe(asked);
      const start = await tv.start();
      expect(start.changed && start.data.currentDevice?.macAddress).toBe(newMac);
      // The owner signs in from now on with the new MAC and the same device key.
      const secondBrowser = await portal.browser.newContext();
      const signInPage = await secondBrowser.newPage();
      const signIn = new SignInScreen(signInPage);
      await signIn.open(portal.product.url);
      await signIn.signIn(newMac, deviceKey);
      // The dashboard; if not, what the sign-in page said instead is named in the failure.
      const reached = await signInPage
        .waitForURL((url) => url.pathname.startsWith('/dashboard'), { timeout: 20_000 })
        .then(() => 'dashboard')
        .catch(async () => (await signInPage.locator('.swal2-popup, [role="alert"]').allInnerTexts()).join(' '));
      expect(reached).toBe('dashboard');
      await secondBrowser.close();
      expect(pageErrors).toEqual([]);
      await context.close();
      // Two sign-ins and two link polls (5 s apart): more than the default minute on a loaded machine.
    }, 120_000);
  }
});
