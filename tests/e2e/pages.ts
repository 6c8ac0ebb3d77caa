import type { Locator, Page } from 'playwright-core';

/** The two widths the public site is checked at. */
export const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;
export type ViewportSpec = (typeof VIEWPORTS)[number];

/** Width below which the header's menu collapses behind its toggle (layout.css: max-width 991.98px). */
const LARGE_BREAKPOINT = 992;

/**
 * The frame every public page shares: fixed header with its menu, footer and
 * the two chat widgets. Knows how to wait until the page is usable: loading cover gone and React hydrated.
 */
/** Lets the entrance animations finish (the device strip's endless one aside) before looking at the page. */
export async function settle(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

export class SiteFrame {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  get header(): Locator {
    return this.page.locator('header.site-header');
  }

  get nav(): Locator {
    return this.page.getByRole('navigation', { name: 'Main', includeHidden: true });
  }

  /** The small-screen menu toggle; its accessible name is 'Open menu' or 'Close menu'. */
  get menuToggle(): Locator {
    return this.header.locator('button.site-header__toggle');
  }

  navLink(label: string): Locator {
    // Hidden ones too: on small screens the links are in the page, collapsed behind the toggle.
    return this.nav.getByRole('link', { name: label, exact: true, includeHidden: true });
  }

  get isCollapsedLayout(): boolean {
    return (this.page.viewportSize()?.width ?? 0) < LARGE_BREAKPOINT;
  }

  async open(route = '/') {
    const response = await this.page.goto(this.baseUrl + route);
    await this.waitUntilReady();
    return response;
  }

  /**
   * A first client-rendered page shows the loading cover until the site's images are in; a server-rendered one
   * shows the page at once but only reacts (client-side links, toggles) once React has hydrated it.
   */
  async waitUntilReady() {
    await this.page.locator('.preload-cover').waitFor({ state: 'detached' });
    await this.page.waitForFunction(() => {
      const toggle = document.querySelector('.site-header__toggle');
      return !!toggle && Object.keys(toggle).some((key) => key.startsWith('__reactProps$'));
    });
  }

  /** Where the header is drawn now: its top is 0 while shown and -height once slid away. */
  async headerTop(): Promise<number> {
    return this.header.evaluate((el) => Math.round(el.getBoundingClientRect().top));
  }

  /** The header's own height (layout, unaffected by the slide-away transform). */
  async headerHeight(): Promise<number> {
    return this.header.evaluate((el) => (el as HTMLElement).offsetHeight);
  }

  async isHeaderHidden(): Promise<boolean> {
    return this.header.evaluate((el) => el.classList.contains('site-header--hidden'));
  }

  scrollY(): Promise<number> {
    return this.page.evaluate(() => Math.round(window.scrollY));
  }

  /** Scrolls with the mouse wheel, as a visitor would, and waits until the page has come to rest. */
  async wheel(deltaY: number) {
    const size = this.page.viewportSize();
    await this.waitForScrollToSettle();
    await this.page.mouse.move((size?.width ?? 400) / 2, (size?.height ?? 800) / 2);
    await this.page.mouse.wheel(0, deltaY);
    await this.waitForScrollToSettle();
  }

  /** Waits until window.scrollY has stopped changing (smooth scrolling is on for the whole page). */
  async waitForScrollToSettle(timeout = 5000) {
    await this.page.waitForFunction(
      () =>
        new Promise<boolean>((resolve) => {
          const start = window.scrollY;
          // Two frames plus a little: a smooth scroll moves on every frame.
          setTimeout(() => resolve(window.scrollY === start), 150);
        }),
      undefined,
      { timeout, polling: 50 },
    );
  }

  /** If the header has slid away (page scrolled down), a small scroll up brings it back. */
  async revealHeader() {
    if (!(await this.isHeaderHidden())) return;
    await this.wheel(-120);
    await this.page.waitForFunction(() => {
      const header = document.querySelector('header.site-header');
      return !!header && header.getBoundingClientRect().top === 0;
    });
  }

  /** Opens the collapsed menu (small screens only). */
  async openMenu() {
    await this.revealHeader();
    if ((await this.menuToggle.getAttribute('aria-expanded')) !== 'true') await this.menuToggle.click();
  }

  /** Follows one of the header's links the way a visitor on this width would (through the toggle on phones). */
  async followNavLink(label: string) {
    await this.revealHeader();
    if (this.isCollapsedLayout) await this.openMenu();
    await this.navLink(label).click();
  }

  /**
   * Where the element is relative to the fixed header once the page is at rest: 'in view below the header' when
   * its top is below the header's height and within the upper half of the viewport; otherwise a description for
   * the failure message. A smooth scroll still under way counts as not there yet (it passes through that range).
   */
  async placementOf(selector: string): Promise<string> {
    const headerHeight = await this.headerHeight();
    return this.page.evaluate(
      async ({ selector, headerHeight }) => {
        const el = document.querySelector(selector);
        if (!el) return `${selector} is missing`;
        const before = window.scrollY;
        await new Promise((resolve) => setTimeout(resolve, 150));
        if (window.scrollY !== before) return 'still scrolling';
        const top = Math.round(el.getBoundingClientRect().top);
        return top >= headerHeight - 1 && top <= window.innerHeight / 2
          ? 'in view below the header'
          : `${selector} top is ${top}px (header ${headerHeight}px, viewport ${window.innerHeight}px, scrollY ${Math.round(window.scrollY)})`;
      },
      { selector, headerHeight },
    );
  }

  /** The chat widgets' buttons, in document order (the right one first, then the left one). */
  get chatButtons(): Locator {
    return this.page.getByRole('button', { name: /^Open chat with M3U Player, (right|left) button$/ });
  }

  /**
   * Waits for both chat buttons to be back in place: once a notice they stepped aside for is closed they slide back
   * in (a 0.2 s transform), and a box measured meanwhile is a frame of that slide.
   */
  async chatButtonsSettled() {
    const buttons = this.chatButtons;
    await buttons.nth(1).waitFor();
    for (const button of await buttons.all()) {
      await button.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished.catch(() => undefined))));
    }
  }
}

/** The FAQ list (landing page section 10). */
export class FaqSection {
  constructor(readonly page: Page) {}

  get section(): Locator {
    return this.page.locator('section#faqs');
  }

  get questions(): Locator {
    return this.section.locator('button.faq__question');
  }

  answerOf(index: number): Locator {
    return this.section.locator('.faq').nth(index).locator('.faq__answer');
  }

  /** aria-expanded of every question, in order. */
  expandedStates(): Promise<boolean[]> {
    return this.questions.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-expanded') === 'true'));
  }

  /** Whether each answer is shown, in order. */
  answersShown(): Promise<boolean[]> {
    return this.section
      .locator('.faq__answer')
      .evaluateAll((answers) => answers.map((a) => (a as HTMLElement).checkVisibility()));
  }
}

/** The contact page's form. */
export class ContactForm {
  static readonly FIELDS = ['name', 'email', 'subject', 'message'] as const;

  constructor(readonly page: Page) {}

  /** By its class: while a dialog is open sweetalert2 hides the rest of the page from the accessibility tree. */
  get form(): Locator {
    return this.page.locator('form.contact-form');
  }

  field(name: (typeof ContactForm.FIELDS)[number]): Locator {
    const label = { name: 'Name', email: 'Email', subject: 'Subject', message: 'Message' }[name];
    return this.form.getByLabel(label, { exact: true });
  }

  get submitButton(): Locator {
    return this.form.locator('button[type="submit"]');
  }

  /** The validation messages shown now, in field order. */
  errors(): Promise<string[]> {
    return this.form.locator('.field-error').allInnerTexts();
  }

  async fill(values: Partial<Record<(typeof ContactForm.FIELDS)[number], string>>) {
    for (const [name, value] of Object.entries(values)) {
      await this.field(name as (typeof ContactForm.FIELDS)[number]).fill(value);
    }
  }

  values(): Promise<string[]> {
    return Promise.all(ContactForm.FIELDS.map((name) => this.field(name).inputValue()));
  }

  filledFlags(): Promise<boolean[]> {
    return Promise.all(
      ContactForm.FIELDS.map((name) => this.field(name).evaluate((el) => el.classList.contains('filled'))),
    );
  }

  submit() {
    return this.submitButton.click();
  }
}

/** A sweetalert2 dialog. */
export class SweetAlert {
  constructor(readonly page: Page) {}

  get popup(): Locator {
    return this.page.locator('.swal2-popup');
  }

  get title(): Locator {
    return this.popup.locator('.swal2-title');
  }

  get text(): Locator {
    return this.popup.locator('.swal2-html-container');
  }

  icon(kind: 'success' | 'error'): Locator {
    return this.popup.locator(`.swal2-icon.swal2-${kind}`);
  }

  get confirmButton(): Locator {
    return this.popup.locator('button.swal2-confirm');
  }

  /** Waits for the dialog to be up and its own entrance animation to have finished (the icon's may go on). */
  async waitUntilShown() {
    await this.title.waitFor();
    await this.popup.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished.catch(() => undefined))));
  }

  /**
   * Whether the confirm button is painted black, as every dialog's is. Under the mouse sweetalert2 mixes in its hover
   * tint, which Chromium reports as `color(srgb ...)` instead of `rgb(...)`: black mixed with black stays black.
   */
  async confirmButtonIsBlack(): Promise<boolean> {
    const color = await this.confirmButton.evaluate((el) => getComputedStyle(el).backgroundColor);
    const channels = (color.match(/-?\d*\.?\d+/g) ?? []).map(Number);
    return channels.length >= 3 && channels.slice(0, 3).every((c) => c === 0) && (channels[3] ?? 1) === 1;
  }

  async dismiss() {
    await this.confirmButton.click();
    await this.page.locator('.swal2-container').waitFor({ state: 'detached' });
  }
}

/** One floating chat widget: its button and the chat box the button controls. */
export class ChatWidget {
  constructor(
    readonly page: Page,
    readonly button: Locator,
  ) {}

  async box(): Promise<Locator> {
    const id = await this.button.getAttribute('aria-controls');
    if (!id) throw new Error('the chat button controls no element');
    return this.page.locator(`[id="${id}"]`);
  }

  async input(): Promise<Locator> {
    return (await this.box()).locator('input.chat-widget__input');
  }

  async sendButton(): Promise<Locator> {
    return (await this.box()).locator('button[type="submit"]');
  }
}

/** Replaces window.open with a recorder, so the messaging-app link a chat message opens can be read back. */
export const RECORD_WINDOW_OPEN = `
  window.__opened = [];
  window.open = function (url, target, features) {
    window.__opened.push({ url: String(url), target: target ?? null, features: features ?? null });
    return null;
  };
`;

export function openedWindows(page: Page): Promise<{ url: string; target: string | null; features: string | null }[]> {
  return page.evaluate(
    () =>
      (window as unknown as { __opened: { url: string; target: string | null; features: string | null }[] }).__opened,
  );
}
