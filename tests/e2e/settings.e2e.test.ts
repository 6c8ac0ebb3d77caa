import pg from 'pg';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatDisplayDate } from '../../common/dates';
import {
  Dialog,
  PORTAL_VIEWPORTS,
  SettingsForm,
  SHOTS,
  portalUnderTest,
  accountDetails,
  macSequence,
  openDashboard,
  signInToDashboard,
  type Dashboard,
  type PortalViewport,
} from './portal';
import { registerDevice, SignInScreen, startProduct, type Product } from './support';

/**
 * The device settings screens of the portal in Chromium against the built product:
 * Device Key, Parent PIN, Account Details and Switch MAC.
 */

const DEVICE_KEY_MESSAGE = '*Device key must be 6 digits (Only Numbers)';
const PARENT_PIN_MESSAGE = '*Parent PIN must be 4-6 digits (Only Numbers)';
const SWITCH_FAILED = 'Something went wrong, try again later.';
const DAY_MS = 86_400_000;
/** The maintenance connection of a local PostgreSQL, for the one case that must change a licence in the database. */
const POSTGRES_ADMIN_URL = process.env.E2E_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const nextMac = macSequence('0e:5a:6b:7c:8d');

const portal = portalUnderTest();

interface Session {
  page: Page;
  dashboard: Dashboard;
  pageErrors: string[];
}

function openSignedIn(baseUrl: string, mac: string, deviceKey: string, viewport?: PortalViewport): Promise<Session> {
  return openDashboard(portal.browser, baseUrl, mac, deviceKey, viewport);
}

/** A freshly registered TV whose owner is signed in. */
function signedIn(viewport?: PortalViewport) {
  return portal.signedIn(nextMac, viewport);
}

describe('device settings in Chromium', () => {
  it('Device Key: checks the key, changes it, signs other browsers out, and the new key signs in', async () => {
    const { mac, deviceKey, page, dashboard, pageErrors } = await signedIn();
    // A second browser signed in to the same device before the change.
    const other = await openSignedIn(portal.product.url, mac, deviceKey);
    const dialog = new Dialog(page);
    const form = new SettingsForm(page);
    const field = form.field('New Device Key');

    await dashboard.goTo('Device Key');
    expect(new URL(page.url()).pathname).toBe('/dashboard/device-key');
    for (const wrong of ['12ab56', '12345', '']) {
      await field.fill(wrong);
      await form.submit('Save Device Key');
      await page.getByText(DEVICE_KEY_MESSAGE).waitFor();
      expect(await form.errorOf('New Device Key')).toBe(DEVICE_KEY_MESSAGE);
    }
    await page.screenshot({ path: `${SHOTS}/settings-device-key-error-desktop.png`, fullPage: true });
    // The message hides as the field changes; the field takes 6 characters at most.
    await field.fill('');
    await field.pressSequentially('12345678');
    expect(await form.errorOf('New Device Key')).toBeNull();
    expect(await field.inputValue()).toBe('123456');

    const newKey = deviceKey === '246810' ? '135790' : '246810';
    await field.fill(newKey);
    await form.submit('Save Device Key');
    await dialog.closeNotice('Device Key Changed Successfully!');
    expect(await field.inputValue()).toBe('');

    // This browser stays signed in; the other one is sent to sign in on its next visit.
    await dashboard.open('/dashboard');
    expect(await dashboard.topBarMac.innerText()).toBe(mac);
    await other.page.goto(`${portal.product.url}/dashboard`);
    await other.page.waitForURL(`${portal.product.url}/device/login`);

    // The old key no longer signs in; the new one does.
    const screen = new SignInScreen(other.page);
    await screen.open(portal.product.url);
    await screen.signIn(mac, deviceKey);
    await other.page.getByText('Device information is incorrect').waitFor();
    await new Dialog(other.page).dismiss();
    await signInToDashboard(other.page, portal.product.url, mac, newKey);
    expect(new URL(other.page.url()).pathname).toBe('/dashboard');

    expect([...pageErrors, ...other.pageErrors]).toEqual([]);
    await Promise.all([page.context().close(), other.page.context().close()]);
  });

  it('Parent PIN: 4 to 6 digits, then saved', async () => {
    const { page, dashboard, pageErrors } = await signedIn();
    const dialog = new Dialog(page);
    const form = new SettingsForm(page);
    const field = form.field('New Parent PIN');

    await dashboard.goTo('Parent PIN');
    expect(new URL(page.url()).pathname).toBe('/dashboard/parent-pin');
    await page.getByText('No parent PIN yet').waitFor();
    for (const wrong of ['123', '12a4', '']) {
      await field.fill(wrong);
      await form.submit('Save Parent PIN');
      await page.getByText(PARENT_PIN_MESSAGE).waitFor();
      expect(await form.errorOf('New Parent PIN')).toBe(PARENT_PIN_MESSAGE);
    }
    await field.fill('');
    await field.pressSequentially('98765432');
    expect(await field.inputValue()).toBe('987654');
    expect(await form.errorOf('New Parent PIN')).toBeNull();
    // Hidden while typed, shown on request.
    expect(await field.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show parent PIN' }).click();
    expect(await field.getAttribute('type')).toBe('text');

    await field.fill('1234');
    await form.submit('Save Parent PIN');
    await dialog.closeNotice('Parent Pin Changed Successfully!');
    await page.getByText('A parent PIN is set').waitFor();
    expect(await field.inputValue()).toBe('');
    expect(pageErrors).toEqual([]);
    await page.context().close();
  });

  it('Account Details: MAC address, Trial status, created and expiry dates', async () => {
    const { mac, page, dashboard } = await signedIn();
    await dashboard.goTo('Account Details');
    expect(new URL(page.url()).pathname).toBe('/dashboard/account');
    const details = await accountDetails(page);
    const now = Date.now();
    expect(details).toEqual({
      'MAC Address': mac,
      Status: 'Trial',
      Created: formatDisplayDate(new Date(now)),
      // The trial lasts TRIAL_DAYS (7 by default) from creation.
      Expires: formatDisplayDate(new Date(now + 7 * DAY_MS)),
    });
    for (const date of [details.Created, details.Expires]) expect(date).toMatch(/^\d{1,2} [A-Z][a-z]{2}\. \d{4}$/);
    await page.context().close();
  });

  it('Switch MAC: types its colons, checks the address and the key, and moves the device to the new TV', async () => {
    const { mac, page, dashboard, pageErrors } = await signedIn();
    const dialog = new Dialog(page);
    const form = new SettingsForm(page);
    const field = form.field('New MAC Address');
    const keyField = form.field('Device Key');
    // The new TV: its app registered on first launch and shows its device key.
    const fresh = '0e:5a:6b:7c:9e:01';
    const newTv = await registerDevice(portal.product.url, fresh);

    await dashboard.goTo('Switch MAC');
    expect(new URL(page.url()).pathname).toBe('/dashboard/switch-mac');
    expect(await page.getByText('Current MAC address').innerText()).toContain(mac);

    // A colon follows every typed pair; Backspace takes a colon together with the character before it.
    await field.pressSequentially('aabbcc');
    expect(await field.inputValue()).toBe('aa:bb:cc:');
    await field.press('Backspace');
    expect(await field.inputValue()).toBe('aa:bb:c');
    await form.submit('Switch MAC');
    await page.getByText('* Invalid Mac Address*').waitFor();
    expect(await form.errorOf('New MAC Address')).toBe('* Invalid Mac Address*');
    // The key is asked with the sign-in screen's messages, under a hint naming the new TV.
    expect(await form.errorOf('Device Key')).toBe('* Device Key is required *');
    expect(await page.getByText('The 6-digit device key the app shows on the new TV.').isVisible()).toBe(true);
    // No confirmation for an invalid address or key.
    expect(await dialog.popup.count()).toBe(0);

    await field.fill('');
    // More than 12 hex digits typed: the field stops at 17 characters.
    await field.pressSequentially(`${fresh.replace(/:/g, '')}ff`);
    expect(await field.inputValue()).toBe(fresh);
    expect(await form.errorOf('New MAC Address')).toBeNull();
    await keyField.pressSequentially('12345');
    expect(await form.errorOf('Device Key')).toBeNull();
    await form.submit('Switch MAC');
    await page.getByText('* Invalid Device Key *').waitFor();
    expect(await dialog.popup.count()).toBe(0);

    // A wrong key: the server refuses, and says so after the spec's failure text and under the key.
    const wrongKey = newTv.deviceKey === '000000' ? '111111' : '000000';
    await keyField.fill(wrongKey);
    await form.submit('Switch MAC');
    await dialog.waitForTitle(`Move this device to ${fresh}?`);
    await dialog.confirmButton.click();
    await dialog.waitForTitle('Mac Address Not Switched');
    const refused = 'The MAC address or its device key is incorrect.';
    expect(await dialog.text.innerText()).toBe(`${SWITCH_FAILED} ${refused}`);
    await dialog.dismiss();
    expect(await form.errorOf('Device Key')).toBe(refused);
    expect(await dashboard.topBarMac.innerText()).toBe(mac);

    // The key the new TV shows.
    await keyField.fill(newTv.deviceKey);
    expect(await form.errorOf('Device Key')).toBeNull();
    await form.submit('Switch MAC');
    await dialog.waitForTitle(`Move this device to ${fresh}?`);
    await dialog.confirmButton.click();
    await dialog.closeNotice('Mac Address Switched Successfully!');
    await dashboard.topBarMac.filter({ hasText: fresh }).waitFor();
    expect(await page.getByText('Current MAC address').innerText()).toContain(fresh);
    expect(await field.inputValue()).toBe('');
    expect(await keyField.inputValue()).toBe('');

    // The server moved it: a reload shows the new MAC too.
    await dashboard.open('/dashboard/switch-mac');
    expect(await dashboard.topBarMac.innerText()).toBe(fresh);
    expect(pageErrors).toEqual([]);
    await page.context().close();
  });

  it('Switch MAC onto an activated device fails with the server reason after the spec message', async (ctx) => {
    // Activating a device means setting its licence in the database. The embedded database admits no second
    // process while the server runs, so this case runs its own product on a scratch PostgreSQL database.
    const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 3000 });
    try {
      await admin.connect();
    } catch (error) {
      ctx.skip(`PostgreSQL is not reachable at ${POSTGRES_ADMIN_URL} (${(error as Error).message})`);
    }
    const dbName = `m3u_e2e_${process.pid}_${Date.now().toString(36)}`;
    const dbUrl = new URL(POSTGRES_ADMIN_URL);
    dbUrl.pathname = `/${dbName}`;
    let pgProduct: Product | undefined;
    let db: pg.Client | undefined;
    try {
      await admin.query(`CREATE DATABASE "${dbName}"`);
      pgProduct = await startProduct({ DATABASE_URL: dbUrl.toString() });
      const macA = '0e:5a:6b:7c:aa:01';
      const macB = '0e:5a:6b:7c:bb:02';
      const { deviceKey } = await registerDevice(pgProduct.url, macA);
      const activated = await registerDevice(pgProduct.url, macB);
      db = new pg.Client({ connectionString: dbUrl.toString() });
      await db.connect();
      const updated = await db.query(
        `UPDATE devices SET licence_expires_at = now() + interval '30 days' WHERE mac_address = $1`,
        [macB],
      );
      expect(updated.rowCount).toBe(1);

      const { page, dashboard } = await openSignedIn(pgProduct.url, macA, deviceKey);
      const dialog = new Dialog(page);
      const form = new SettingsForm(page);
      await dashboard.goTo('Switch MAC');
      await form.field('New MAC Address').pressSequentially(macB.replace(/:/g, ''));
      // The owner holds that TV: its key is right, and only then is it said to be activated.
      await form.field('Device Key').fill(activated.deviceKey);
      await form.submit('Switch MAC');
      await dialog.waitForTitle(`Move this device to ${macB}?`);
      await dialog.confirmButton.click();
      await dialog.waitForTitle('Mac Address Not Switched');
      const text = await dialog.text.innerText();
      const serverMessage = 'That MAC address belongs to an activated device, so it cannot be replaced.';
      expect(text.startsWith(`${SWITCH_FAILED} `)).toBe(true);
      expect(text).toBe(`${SWITCH_FAILED} ${serverMessage}`);
      await page.screenshot({ path: `${SHOTS}/settings-switch-mac-activated-desktop.png`, fullPage: true });
      await dialog.dismiss();
      expect(await form.errorOf('New MAC Address')).toBe(serverMessage);
      // Nothing moved.
      expect(await dashboard.topBarMac.innerText()).toBe(macA);
      const devices = await db.query('SELECT mac_address FROM devices ORDER BY mac_address');
      expect(devices.rows.map((row: { mac_address: string }) => row.mac_address)).toEqual([macA, macB]);
      await page.context().close();
    } finally {
      await db?.end();
      await pgProduct?.stop();
      await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => undefined);
      await admin.end();
    }
  });

  it('the settings screens fit a phone and a desktop', async () => {
    const { page, dashboard } = await signedIn(PORTAL_VIEWPORTS[0]);
    for (const viewport of PORTAL_VIEWPORTS) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      for (const [entry, name] of [
        ['Device Key', 'settings-device-key'],
        ['Parent PIN', 'settings-parent-pin'],
        ['Account Details', 'settings-account'],
        ['Switch MAC', 'settings-switch-mac'],
      ] as const) {
        await dashboard.goTo(entry);
        const { scrollWidth } = await dashboard.horizontalOverflow();
        expect(scrollWidth, `${entry} scrolls sideways at ${viewport.width}px`).toBeLessThanOrEqual(viewport.width);
        await page.screenshot({ path: `${SHOTS}/${name}-${viewport.name}.png`, fullPage: true });
      }
    }
    await page.context().close();
  });
});
