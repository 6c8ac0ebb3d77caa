import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PORTAL_VIEWPORTS, SHOTS, graphql, macSequence, portalUnderTest, type PortalViewport } from './portal';
import { watchPage } from './support';

/**
 * Issue 31, "Rough edges", point 3: a card payment link (/cowpay/checkout/{fram_code}/{intension}) that can no
 * longer be paid with showed a grey 1200px frame with the browser's broken-page icon. Now the page asks the server
 * first and says what happened, with the way on; and a frame that does not load says so, with Try again. In
 * Chromium against the built product and Cowpay's sandbox stand-in.
 */

const portal = portalUnderTest();
const nextMac = macSequence('0e:31:6b:7c:8d');

const NO_LONGER_VALID = 'This card payment link is no longer valid.';
const ALREADY_PAID = 'This card payment has already been made.';
const FRAME = '#cowpay-iframe-container iframe';

interface CardLink {
  /** The page's path, /cowpay/checkout/{fram_code}/{intension}. */
  path: string;
  token: string;
}

/** An owner signed in at the viewport, with a card payment started for the device (as Activate Device does). */
async function ownerWithCardLink(viewport: PortalViewport) {
  let link: CardLink | undefined;
  const owner = await portal.signedIn(nextMac, viewport, async (cookie) => {
    const data = await graphql<{ startActivation: { redirectUrl: string } }>(
      portal.product.url,
      'mutation($input: StartActivationInput!) { startActivation(input: $input) { redirectUrl } }',
      {
        input: {
          method: 'COWPAY',
          firstName: 'Amira',
          lastName: 'Hassan',
          email: 'amira@example.com',
          phoneNumber: '+201001234567',
        },
      },
      { cookie },
    );
    const url = new URL(data.startActivation.redirectUrl);
    link = { path: url.pathname, token: url.pathname.split('/').pop()! };
  });
  return { ...owner, link: link! };
}

/** The buyer's choice in the sandbox's card frame, as its buttons post it (outside the page). */
async function inFrame(token: string, choice: 'pay' | 'decline' | 'expire') {
  const res = await fetch(`${portal.product.url}/sandbox/cowpay/api/v1/iframe/load/${token}/${choice}`, {
    method: 'POST',
  });
  expect(res.status).toBe(200);
}

/** Opens a checkout link and waits until the page has said something or shown the frame. */
async function openLink(page: Page, path: string) {
  await page.goto(portal.product.url + path);
  await page.getByRole('heading', { level: 1, name: 'Card payment' }).waitFor();
  await page.locator(`.checkout__closed, .checkout__problem, ${FRAME}`).first().waitFor();
}

/** What the dead end shows: its message's paragraphs, and whether any frame (or its container) is on the page. */
async function deadEnd(page: Page) {
  return {
    message: await page.getByRole('alert').locator('p').allInnerTexts(),
    frames: await page.locator('iframe').count(),
    container: await page.locator('#cowpay-iframe-container').count(),
    cowpayScripts: await page.locator('script[src*="cowpay"]').count(),
  };
}

describe('a card payment link that can no longer be paid', () => {
  it('an unknown link: says it is no longer valid, shows no frame, and leads back to Activate Device', async () => {
    for (const viewport of PORTAL_VIEWPORTS) {
      const owner = await portal.signedIn(nextMac, viewport);
      await openLink(owner.page, `/cowpay/checkout/sandbox/${randomBytes(16).toString('hex')}`);
      expect(await deadEnd(owner.page)).toEqual({
        message: [
          NO_LONGER_VALID,
          'It may be incomplete or mistyped. To pay, start a new card payment from Activate Device (sign in first if asked).',
        ],
        frames: 0,
        container: 0,
        cowpayScripts: 0,
      });
      // Nothing 1200px high is left: the page ends soon after the message.
      const height = await owner.page.evaluate(
        () => document.querySelector('.checkout')!.getBoundingClientRect().height,
      );
      expect(height).toBeLessThan(600);
      await owner.page.screenshot({ path: `${SHOTS}/checkout-dead-end-${viewport.name}.png`, fullPage: true });
      await owner.page.getByRole('link', { name: 'Back to Activate Device' }).click();
      await owner.dashboard.heading('Activate Device').waitFor();
      // No framing refused, no error: the old page framed the stand-in's 404, which the site's headers refuse.
      expect(owner.pageErrors).toEqual([]);
      await owner.page.context().close();
    }
  });

  it('the same for a visitor who is not signed in; the way back goes through sign-in', async () => {
    const context = await portal.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const problems = await watchPage(page);
    await openLink(page, `/cowpay/checkout/sandbox/${randomBytes(16).toString('hex')}`);
    expect((await deadEnd(page)).message[0]).toBe(NO_LONGER_VALID);
    expect(await page.locator('iframe').count()).toBe(0);
    await page.getByRole('link', { name: 'Back to Activate Device' }).click();
    await page.waitForURL(`${portal.product.url}/device/login`);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a link already paid says so and leads to Account Details', async () => {
    const owner = await ownerWithCardLink(PORTAL_VIEWPORTS[0]);
    await inFrame(owner.link.token, 'pay');
    await openLink(owner.page, owner.link.path);
    expect(await deadEnd(owner.page)).toEqual({
      message: [
        ALREADY_PAID,
        'There is nothing more to pay with this link. Your payments are listed under Account Details.',
      ],
      frames: 0,
      container: 0,
      cowpayScripts: 0,
    });
    await owner.page.getByRole('link', { name: 'Go to Account Details' }).click();
    await owner.dashboard.heading('Account Details').waitFor();
    expect(owner.pageErrors).toEqual([]);
    await owner.page.context().close();
  });

  it('a declined card, then the link opened again: the checkout failed, nothing was charged', async () => {
    const owner = await ownerWithCardLink(PORTAL_VIEWPORTS[0]);
    await openLink(owner.page, owner.link.path);
    // Open: the card frame, 1200px high, as before.
    expect((await owner.page.locator(FRAME).boundingBox())?.height).toBe(1200);
    await owner.page.frameLocator(FRAME).getByRole('button', { name: 'Card declined', exact: true }).click();
    await owner.page.getByRole('alert').getByText('The card payment failed and nothing was charged.').waitFor();
    await owner.page.reload();
    await openLink(owner.page, owner.link.path);
    expect(await deadEnd(owner.page)).toEqual({
      message: [
        NO_LONGER_VALID,
        'Its card payment failed, so nothing was charged. To pay, start a new card payment from Activate Device.',
      ],
      frames: 0,
      container: 0,
      cowpayScripts: 0,
    });
    expect(owner.pageErrors).toEqual([]);
    await owner.page.context().close();
  });

  it('a payment form left to expire: the link says it expired', async () => {
    const owner = await ownerWithCardLink(PORTAL_VIEWPORTS[1]);
    await inFrame(owner.link.token, 'expire');
    await openLink(owner.page, owner.link.path);
    expect((await deadEnd(owner.page)).message).toEqual([
      NO_LONGER_VALID,
      'Its payment form expired before the payment was made, so nothing was charged. To pay, start a new card payment from Activate Device.',
    ]);
    expect(await owner.page.locator('iframe').count()).toBe(0);
    expect(owner.pageErrors).toEqual([]);
    await owner.page.context().close();
  });
});

describe('a card frame that does not load', () => {
  it('says so after a while instead of an empty box; Try again loads it, and the card can be paid', async () => {
    const owner = await ownerWithCardLink(PORTAL_VIEWPORTS[0]);
    // The frame's request goes out and nothing comes back (a connection lost on the way).
    let stalled = true;
    await owner.page.route('**/sandbox/cowpay/api/v1/iframe/load/**', (route) =>
      stalled ? undefined : route.continue(),
    );
    await owner.page.goto(portal.product.url + owner.link.path);
    await owner.page.locator(FRAME).waitFor({ state: 'attached' });
    const slow = owner.page.getByRole('alert').getByText('Cowpay’s payment form is taking too long to load.', {
      exact: false,
    });
    await slow.waitFor({ timeout: 30_000 });
    expect(await owner.page.locator('#cowpay-iframe-container').isVisible()).toBe(false);
    await owner.page.screenshot({ path: `${SHOTS}/checkout-frame-slow-phone.png`, fullPage: true });
    stalled = false;
    await owner.page.getByRole('button', { name: 'Try again' }).click();
    await owner.page.frameLocator(FRAME).getByRole('button', { name: 'Pay', exact: true }).click();
    await owner.page.waitForURL(`${portal.product.url}/dashboard`);
    await owner.page.getByText('Payment is being processed').first().waitFor();
    expect(owner.pageErrors).toEqual([]);
  }, 90_000);
});
