import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ChatWidget,
  ContactForm,
  FaqSection,
  RECORD_WINDOW_OPEN,
  SiteFrame,
  SweetAlert,
  VIEWPORTS,
  type ViewportSpec,
  openedWindows,
} from './pages';
import { launchBrowser, startProduct, watchPage, type Product } from './support';

/**
 * What a visitor does on the public site: the header's links and its
 * hide-on-scroll, hash links, the FAQ, the disclaimer, the contact form with its validation, dialogs and the
 * per-address limit, the chat widgets and the not-found page. Each at a phone and a desktop width.
 */

const shots = 'test-results/screenshots';
const CONTACT_LIMIT = 2;
const RATE_LIMIT_TEXT = 'You have sent several messages in a short time. Please wait a while before sending another.';

let product: Product;
/**
 * The contact limit counts per client address, and every context of this browser comes from the same one, so the
 * desktop run of the contact flow gets its own product (a fresh count) rather than the phone run's used-up one.
 */
let secondContactProduct: Product;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  const env = { CONTACT_MAX_PER_IP_PER_HOUR: String(CONTACT_LIMIT) };
  [product, secondContactProduct, browser] = await Promise.all([startProduct(env), startProduct(env), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([product?.stop(), secondContactProduct?.stop()]);
});

interface Visit {
  context: BrowserContext;
  page: Page;
  site: SiteFrame;
  /** Uncaught page errors (a crash in a handler shows up here) and CSP violations. */
  pageErrors: string[];
}

async function visit(viewport: ViewportSpec, options: { baseUrl?: string; initScript?: string } = {}): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
  if (options.initScript) await context.addInitScript(options.initScript);
  const page = await context.newPage();
  const pageErrors = await watchPage(page);
  return { context, page, site: new SiteFrame(page, options.baseUrl ?? product.url), pageErrors };
}

function shot(page: Page, name: string, viewport: ViewportSpec) {
  return page.screenshot({ path: `${shots}/interactions-${name}-${viewport.name}.png`, fullPage: true });
}

function path(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.hash;
}

describe.each(VIEWPORTS)('public site interactions at $name width ($width x $height)', (viewport) => {
  const collapsed = viewport.width < 992;

  it('header links: FEATURES and FAQS scroll to their sections, CONTACT, ACTIVATE DEVICE and MANAGE PLAYLISTS open their pages', async () => {
    const { context, page, site, pageErrors } = await visit(viewport);
    await site.open('/');

    const labels = ['FEATURES', 'FAQS', 'CONTACT', 'ACTIVATE DEVICE', 'MANAGE PLAYLISTS'];
    const hrefs = await Promise.all(labels.map((label) => site.navLink(label).getAttribute('href')));
    expect(hrefs).toEqual(['/#features', '/#faqs', '/contact', '/device/login', '/device/login']);

    if (collapsed) {
      // The menu is collapsed behind its toggle until the visitor opens it.
      expect(await site.menuToggle.isVisible()).toBe(true);
      expect(await site.menuToggle.getAttribute('aria-expanded')).toBe('false');
      expect(await site.menuToggle.innerText()).toBe('Open menu');
      expect(await site.navLink('FEATURES').isVisible()).toBe(false);

      await site.menuToggle.click();
      expect(await site.menuToggle.getAttribute('aria-expanded')).toBe('true');
      expect(await site.menuToggle.innerText()).toBe('Close menu');
      for (const label of labels) expect(await site.navLink(label).isVisible()).toBe(true);

      // The toggle closes it again...
      await site.menuToggle.click();
      expect(await site.menuToggle.getAttribute('aria-expanded')).toBe('false');
      expect(await site.navLink('FEATURES').isVisible()).toBe(false);

      // ...and so does following a link.
      await site.menuToggle.click();
      await site.navLink('FEATURES').click();
      await expect.poll(() => site.menuToggle.getAttribute('aria-expanded')).toBe('false');
      expect(await site.navLink('FEATURES').isVisible()).toBe(false);
    } else {
      expect(await site.menuToggle.isVisible()).toBe(false);
      for (const label of labels) expect(await site.navLink(label).isVisible()).toBe(true);
      await site.navLink('FEATURES').click();
    }

    await expect.poll(() => path(page)).toBe('/#features');
    await expect.poll(() => site.placementOf('#features'), { timeout: 5000 }).toBe('in view below the header');

    await site.followNavLink('FAQS');
    await expect.poll(() => path(page)).toBe('/#faqs');
    await expect.poll(() => site.placementOf('#faqs'), { timeout: 5000 }).toBe('in view below the header');
    await shot(page, 'nav-faqs', viewport);

    await site.followNavLink('CONTACT');
    await page.getByRole('heading', { level: 1, name: 'Contact Us' }).waitFor();
    expect(path(page)).toBe('/contact');
    // Each route change starts at the top of the page.
    await expect.poll(() => site.scrollY()).toBe(0);

    await site.followNavLink('ACTIVATE DEVICE');
    await page.getByRole('heading', { name: 'Manage Your Playlist' }).waitFor();
    expect(path(page)).toBe('/device/login');

    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Contact Us' }).waitFor();
    await site.followNavLink('MANAGE PLAYLISTS');
    await page.getByRole('heading', { name: 'Manage Your Playlist' }).waitFor();
    expect(path(page)).toBe('/device/login');
    if (collapsed) expect(await site.menuToggle.getAttribute('aria-expanded')).toBe('false');

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('hash links from another page land on the landing page with their section in view', async () => {
    const { context, page, site, pageErrors } = await visit(viewport);

    // From a server-rendered page.
    await site.open('/contact');
    await site.followNavLink('FAQS');
    await expect.poll(() => path(page)).toBe('/#faqs');
    await expect.poll(() => site.placementOf('#faqs'), { timeout: 5000 }).toBe('in view below the header');
    await shot(page, 'hash-from-contact', viewport);

    // From a page rendered in the browser (the sign-in screen, shown after the loading cover).
    await site.open('/device/login');
    await page.getByRole('heading', { name: 'Manage Your Playlist' }).waitFor();
    await site.followNavLink('FEATURES');
    await expect.poll(() => path(page)).toBe('/#features');
    await expect.poll(() => site.placementOf('#features'), { timeout: 5000 }).toBe('in view below the header');

    // Arriving with the hash in the address (a shared link), in a new tab.
    const tab = new SiteFrame(await context.newPage(), product.url);
    await tab.open('/#faqs');
    await expect.poll(() => tab.placementOf('#faqs'), { timeout: 5000 }).toBe('in view below the header');

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('the header hides when scrolling down past 500px and comes back when scrolling up', async () => {
    const { context, page, site } = await visit(viewport);
    await site.open('/');
    const height = await site.headerHeight();
    expect(await site.headerTop()).toBe(0);
    // The header's slide takes 0.5 s.
    expect(await site.header.evaluate((el) => getComputedStyle(el).transitionDuration)).toBe('0.5s');

    // Down, but not past 500px: the header stays.
    await site.wheel(400);
    expect(await site.scrollY()).toBeLessThanOrEqual(500);
    expect(await site.scrollY()).toBeGreaterThan(0);
    expect(await site.isHeaderHidden()).toBe(false);
    expect(await site.headerTop()).toBe(0);

    // Further down, past 500px: it slides out of view.
    await site.wheel(600);
    expect(await site.scrollY()).toBeGreaterThan(500);
    await expect.poll(() => site.isHeaderHidden()).toBe(true);
    await expect.poll(() => site.headerTop(), { timeout: 2000 }).toBeLessThanOrEqual(-height + 1);
    await shot(page, 'header-hidden', viewport);

    // Up a little (still past 500px): it is back.
    await site.wheel(-200);
    expect(await site.scrollY()).toBeGreaterThan(500);
    await expect.poll(() => site.isHeaderHidden()).toBe(false);
    await expect.poll(() => site.headerTop(), { timeout: 2000 }).toBe(0);

    // And down again hides it again.
    await site.wheel(400);
    await expect.poll(() => site.headerTop(), { timeout: 2000 }).toBeLessThanOrEqual(-height + 1);

    await context.close();
  });

  it('the FAQ has 7 items, all collapsed at first, each opening and closing on its own', async () => {
    const { context, page, site } = await visit(viewport);
    await site.open('/');
    const faq = new FaqSection(page);
    expect(await faq.questions.count()).toBe(7);
    const closed = [false, false, false, false, false, false, false];
    expect(await faq.expandedStates()).toEqual(closed);
    expect(await faq.answersShown()).toEqual(closed);

    // Open them one by one: each click opens that item only and leaves the others as they were.
    const expected = [...closed];
    for (let i = 0; i < 7; i += 1) {
      await faq.questions.nth(i).click();
      expected[i] = true;
      expect(await faq.expandedStates()).toEqual(expected);
      expect(await faq.answersShown()).toEqual(expected);
    }
    await shot(page, 'faq-all-open', viewport);

    // Close every other one.
    for (const i of [0, 2, 4, 6]) {
      await faq.questions.nth(i).click();
      expected[i] = false;
      expect(await faq.expandedStates()).toEqual(expected);
      expect(await faq.answersShown()).toEqual(expected);
    }
    // A closed one opens again by itself.
    await faq.questions.nth(4).click();
    expected[4] = true;
    expect(await faq.expandedStates()).toEqual(expected);
    expect(await faq.answersShown()).toEqual(expected);

    // The first answer says what the spec says: no channels or playlists, no refund without a playlist.
    const first = await faq.answerOf(0).textContent();
    expect(first).toMatch(/do not provide, sell or host any channels, playlists/);
    expect(first).toMatch(/there is no refund/);

    await context.close();
  });

  it('the disclaimer shows on arrival and, once closed, stays closed while on the page', async () => {
    const { context, page, site } = await visit(viewport);
    await site.open('/');
    const disclaimer = page.getByRole('complementary', { name: 'Before you buy' });
    expect(await disclaimer.isVisible()).toBe(true);
    expect(await disclaimer.innerText()).toMatch(/7-day trial/);
    expect(await disclaimer.innerText()).toMatch(/no refunds/);
    await shot(page, 'disclaimer-open', viewport);

    await disclaimer.getByRole('button', { name: 'Close this notice' }).click();
    await disclaimer.waitFor({ state: 'detached' });
    // Keyboard focus does not get lost with the close button: it lands on the hero's Explore link.
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Explore');

    // Moving around the same page does not bring it back.
    await site.followNavLink('FEATURES');
    await expect.poll(() => path(page)).toBe('/#features');
    await expect.poll(() => site.placementOf('#features'), { timeout: 5000 }).toBe('in view below the header');
    await site.wheel(800);
    await site.wheel(-5000);
    await site.followNavLink('FAQS');
    await expect.poll(() => path(page)).toBe('/#faqs');
    expect(await page.locator('aside.disclaimer').count()).toBe(0);

    await context.close();
  });

  it('the contact form validates, sends, clears, and refuses past the per-address limit keeping the fields', async () => {
    const baseUrl = viewport.name === 'phone' ? product.url : secondContactProduct.url;
    const { context, page, site, pageErrors } = await visit(viewport, { baseUrl });
    await site.open('/contact');
    const form = new ContactForm(page);
    const dialog = new SweetAlert(page);
    const statuses: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/frontend/sendUserQuestion') statuses.push(response.status());
    });

    expect(await page.getByRole('form', { name: 'Send Us a Message' }).count()).toBe(1);
    expect(await form.values()).toEqual(['', '', '', '']);

    // Empty: the four required messages, nothing sent.
    await form.submit();
    await form.form.locator('.field-error').nth(3).waitFor();
    expect(await form.errors()).toEqual([
      '* Name is required *',
      '* Email is required *',
      '* Subject is required *',
      '* Message is required *',
    ]);
    await shot(page, 'contact-required', viewport);

    // A message hides as soon as its field changes.
    await form.fill({ name: 'Ada Lovelace' });
    expect(await form.errors()).toEqual([
      '* Email is required *',
      '* Subject is required *',
      '* Message is required *',
    ]);

    // An e-mail without a proper domain is refused.
    await form.fill({ email: 'ada@example', subject: 'Playlist help', message: 'My playlist will not load.' });
    expect(await form.errors()).toEqual([]);
    await form.submit();
    await form.form.locator('.field-error').first().waitFor();
    expect(await form.errors()).toEqual(['* Invalid Email Address *']);
    await shot(page, 'contact-invalid-email', viewport);
    expect(statuses).toEqual([]);

    // A valid message: busy while it goes, then the success dialog and an empty form.
    await form.fill({ email: 'ada@example.com' });
    expect(await form.filledFlags()).toEqual([true, true, true, true]);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/frontend/sendUserQuestion', async (route) => {
      await held;
      await route.continue();
    });
    await form.submit();
    await expect.poll(() => form.submitButton.isDisabled()).toBe(true);
    expect(await form.submitButton.innerText()).toBe('Sending…');
    const answered = page.waitForResponse((response) => response.url().endsWith('/frontend/sendUserQuestion'));
    release();
    await answered;
    await page.unroute('**/frontend/sendUserQuestion');

    await dialog.waitUntilShown();
    expect(await dialog.title.innerText()).toBe('Thanks for contacting us, we have received your message.');
    expect(await dialog.icon('success').isVisible()).toBe(true);
    expect(await dialog.confirmButtonIsBlack()).toBe(true);
    expect(await form.values()).toEqual(['', '', '', '']);
    expect(await form.filledFlags()).toEqual([false, false, false, false]);
    expect(await form.submitButton.isDisabled()).toBe(false);
    expect(statuses).toEqual([200]);
    await shot(page, 'contact-success', viewport);
    await dialog.dismiss();

    // Up to the limit, each message is taken.
    const message = {
      name: 'Grace Hopper',
      email: 'grace@example.org',
      subject: 'Second question',
      message: 'Does the app support EPG?\nThanks!',
    };
    for (let sent = 1; sent < CONTACT_LIMIT; sent += 1) {
      await form.fill(message);
      await form.submit();
      await dialog.waitUntilShown();
      expect(await dialog.title.innerText()).toBe('Thanks for contacting us, we have received your message.');
      expect(await form.values()).toEqual(['', '', '', '']);
      await dialog.dismiss();
    }

    // One more from the same address: refused; the error dialog, and what the visitor typed is kept.
    await form.fill(message);
    await form.submit();
    await dialog.waitUntilShown();
    expect(await dialog.title.innerText()).toBe('Something went wrong, try again later.');
    expect(await dialog.icon('error').isVisible()).toBe(true);
    expect(await dialog.text.innerText()).toBe(RATE_LIMIT_TEXT);
    expect(await dialog.confirmButtonIsBlack()).toBe(true);
    expect(await form.values()).toEqual([message.name, message.email, message.subject, message.message]);
    expect(statuses).toEqual([...Array<number>(CONTACT_LIMIT).fill(200), 429]);
    await shot(page, 'contact-limit', viewport);
    await dialog.dismiss();
    expect(await form.values()).toEqual([message.name, message.email, message.subject, message.message]);

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('a message the server never answers ends after 30 seconds in the error dialog, the fields kept', async () => {
    const { context, page, site, pageErrors } = await visit(viewport);
    await site.open('/contact');
    const form = new ContactForm(page);
    const dialog = new SweetAlert(page);
    // The connection stalls: the message reaches nothing and nothing ever comes back.
    let stalled = 0;
    await page.route('**/frontend/sendUserQuestion', () => {
      stalled += 1;
    });
    await page.clock.install();
    const message = {
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      subject: 'Stalled',
      message: 'Sent from a train between two stations.',
    };
    await form.fill(message);
    await form.submit();
    await expect.poll(() => stalled).toBe(1);
    expect(await form.submitButton.innerText()).toBe('Sending…');

    await page.clock.fastForward(29_000);
    expect(await form.submitButton.innerText()).toBe('Sending…');
    expect(await dialog.popup.count()).toBe(0);
    await page.clock.fastForward(1_000);
    await dialog.waitUntilShown();
    expect(await dialog.title.innerText()).toBe('Something went wrong, try again later.');
    expect(await dialog.icon('error').isVisible()).toBe(true);
    await shot(page, 'contact-timeout', viewport);
    await dialog.dismiss();
    expect(await form.values()).toEqual([message.name, message.email, message.subject, message.message]);
    expect(await form.submitButton.isDisabled()).toBe(false);
    expect(await form.submitButton.innerText()).toBe('Send Message');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('the two chat widgets open, greet after the typing delay, close, and send a message to the messaging app', async () => {
    const { context, page, site, pageErrors } = await visit(viewport, { initScript: RECORD_WINDOW_OPEN });
    await site.open('/');
    // On a phone the open disclaimer ends where the buttons sit, and they keep clear of it until it is closed or
    // scrolled on (tests/e2e/chat-clearance.e2e.test.ts): closed first here.
    if (collapsed) {
      await page.getByRole('button', { name: 'Close this notice' }).click();
      await site.chatButtonsSettled();
    }

    // Two buttons, one in each bottom corner: the second one sits on the left.
    expect(await site.chatButtons.count()).toBe(2);
    const [right, left] = await Promise.all([
      site.chatButtons.nth(0).boundingBox(),
      site.chatButtons.nth(1).boundingBox(),
    ]);
    if (!left || !right) throw new Error('a chat button is not rendered');
    expect(left.x + left.width).toBeLessThan(viewport.width / 2);
    expect(right.x).toBeGreaterThan(viewport.width / 2);
    expect(Math.abs(left.y - right.y)).toBeLessThanOrEqual(1);
    expect(left.y + left.height).toBeGreaterThan(viewport.height - 40);

    for (const which of [1, 0]) {
      const widget = new ChatWidget(page, site.chatButtons.nth(which));
      const box = await widget.box();
      expect(await widget.button.getAttribute('aria-expanded')).toBe('false');
      expect(await box.getAttribute('aria-hidden')).toBe('true');

      const openedAt = Date.now();
      await widget.button.click();
      expect(await widget.button.getAttribute('aria-expanded')).toBe('true');
      await expect.poll(() => box.isVisible()).toBe(true);
      expect(await box.locator('.chat-widget__name').innerText()).toBe('M3U Player');
      expect(await box.getByText('Typically replies within 1 hour', { exact: true }).isVisible()).toBe(true);
      // The typing indicator first, then the greeting after the 2 s delay.
      expect(await box.getByRole('status', { name: 'M3U Player is typing' }).isVisible()).toBe(true);
      const text = box.locator('.chat-widget__message-text');
      await text.waitFor({ timeout: 5000 });
      const delay = Date.now() - openedAt;
      expect(delay).toBeGreaterThanOrEqual(1800);
      expect(delay).toBeLessThan(4500);
      const greeting = await text.innerText();
      expect(greeting).toContain('Hello there!');
      expect(greeting).toContain('How can we help?');
      expect(await box.locator('time.chat-widget__message-time').innerText()).toMatch(/\d{2}:\d{2}/);

      // The box opens on the widget's own side.
      const boxRect = await box.boundingBox();
      if (!boxRect) throw new Error('the open chat box has no box');
      if (which === 1) expect(boxRect.x).toBeLessThan(viewport.width / 2);
      else expect(boxRect.x + boxRect.width).toBeGreaterThan(viewport.width / 2);
      await shot(page, `chat-open-${which === 1 ? 'left' : 'right'}`, viewport);

      await box.getByRole('button', { name: 'Close chat' }).click();
      await expect.poll(() => box.getAttribute('aria-hidden')).toBe('true');
      expect(await widget.button.getAttribute('aria-expanded')).toBe('false');
      await expect.poll(() => box.isVisible()).toBe(false);
    }

    // Sending: an empty or blank message sends nothing; a real one opens the messaging app's send link.
    const widget = new ChatWidget(page, site.chatButtons.nth(0));
    await widget.button.click();
    const input = await widget.input();
    expect(await input.getAttribute('placeholder')).toBe('Type a message..');
    await (await widget.sendButton()).click();
    await input.fill('   ');
    await input.press('Enter');
    expect(await openedWindows(page)).toEqual([]);

    const typed = 'Hi! Does it work on Samsung & LG TVs? 100% sure?';
    await input.fill(typed);
    await (await widget.sendButton()).click();
    await expect.poll(() => openedWindows(page).then((opened) => opened.length)).toBe(1);
    const [opened] = await openedWindows(page);
    expect(opened.url.startsWith('https://wa.me/201000000000?text=')).toBe(true);
    expect(new URL(opened.url).searchParams.get('text')).toBe(typed);
    expect(opened.target).toBe('_blank');
    expect(await input.inputValue()).toBe('');

    // Enter sends too.
    await input.fill('Second message');
    await input.press('Enter');
    await expect.poll(() => openedWindows(page).then((all) => all.length)).toBe(2);
    expect((await openedWindows(page))[1].url).toBe('https://wa.me/201000000000?text=Second%20message');

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('an unknown path shows the not-found page whose link goes home', async () => {
    const { context, page, site } = await visit(viewport);
    const response = await site.open('/no/such/page');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'This page was not found!' }).waitFor();
    await shot(page, 'not-found', viewport);

    const home = page.getByRole('link', { name: 'Back to home' });
    expect(await home.getAttribute('href')).toBe('/');
    await home.click();
    await page.waitForURL(`${product.url}/`);
    await page.getByRole('heading', { level: 1, name: 'Premium Media Player for M3U & M3U8 Playlists' }).waitFor();
    expect(await page.getByText('This page was not found!').count()).toBe(0);

    await context.close();
  });
});
