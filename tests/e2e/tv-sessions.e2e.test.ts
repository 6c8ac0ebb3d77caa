import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatDisplayDate } from '../../common/dates';
import { Dialog, PORTAL_VIEWPORTS, SHOTS, macSequence, portalUnderTest, readable } from './portal';

/**
 * Account Details lists the TVs signed in to the device (their tokens) and signs one out, in Chromium against
 * the built product: the TV's token stops working at once.
 */

const nextMac = macSequence('0e:7b:5e:55:10');
const portal = portalUnderTest();

/** A TV's request to the graph with its token, as the app sends it. */
async function asTv(token: string, query: string, variables: Record<string, unknown> = {}) {
  const res = await fetch(`${portal.product.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  return { status: res.status, challenge: res.headers.get('www-authenticate'), json: (await res.json()) as any };
}

/** The rows of the 'TVs signed in' table, as the owner reads them. */
async function tvRows(page: Page): Promise<string[][]> {
  const table = page.getByRole('table', { name: 'TVs signed in' });
  const rows = table.getByRole('row');
  const count = await rows.count();
  const out: string[][] = [];
  for (let i = 1; i < count; i += 1) {
    out.push((await rows.nth(i).getByRole('cell').allInnerTexts()).map(readable));
  }
  return out;
}

describe('the TVs signed in, on Account Details', () => {
  for (const viewport of PORTAL_VIEWPORTS) {
    it(`lists a registered TV with its model and signs it out (${viewport.name})`, async () => {
      const { page, dashboard, deviceToken, pageErrors } = await portal.signedIn(nextMac, viewport);
      // The TV has been updated since it registered (as 'E2E TV', 1.0.0) and says so.
      const reported = await asTv(
        deviceToken,
        'mutation($input: ReportAppVersionInput!) { reportAppVersion(input: $input) { message } }',
        { input: { appVersion: '1.2.0' } },
      );
      expect(reported.json.data.reportAppVersion.message).toBe('App version recorded.');

      await dashboard.goTo('Account Details');
      await page.getByRole('heading', { name: 'TVs signed in' }).waitFor();
      await page.getByRole('table', { name: 'TVs signed in' }).waitFor();
      const today = formatDisplayDate(new Date());
      expect(await tvRows(page)).toEqual([['E2E TV', '1.2.0', today, today, 'Sign out']]);
      const overflow = await dashboard.horizontalOverflow();
      expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.innerWidth);
      await page.screenshot({ path: `${SHOTS}/account-tvs-${viewport.name}.png`, fullPage: true });

      // Asked first; cancelling leaves the TV signed in.
      const dialog = new Dialog(page);
      const signOut = page.getByRole('button', { name: 'Sign out E2E TV' });
      await signOut.click();
      await dialog.waitForTitle('Sign out this TV?');
      await dialog.cancel();
      expect(await tvRows(page)).toHaveLength(1);
      expect((await asTv(deviceToken, '{ currentDevice { id } }')).status).toBe(200);

      await signOut.click();
      await dialog.waitForTitle('Sign out this TV?');
      expect(await dialog.confirmButtonIsBlack()).toBe(true);
      await dialog.confirmButton.click();
      await dialog.closeNotice('The TV is signed out.');
      await page.getByText('No TV is signed in.').waitFor();
      await page.screenshot({ path: `${SHOTS}/account-tvs-signed-out-${viewport.name}.png`, fullPage: true });

      const refused = await asTv(deviceToken, '{ currentDevice { id } }');
      expect(refused.status).toBe(401);
      expect(refused.challenge).toMatch(/^Bearer error="invalid_token"/);
      // Still gone on the next visit.
      await page.reload();
      await page.getByText('No TV is signed in.').waitFor();
      expect(pageErrors).toEqual([]);
      await page.context().close();
    });
  }
});
