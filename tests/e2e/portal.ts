import { mkdirSync } from 'node:fs';
import type { Browser, Locator, Page, Response } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { SweetAlert } from './pages';
import { CAPTCHA, launchBrowser, registerDevice, SignInScreen, startProduct, watchPage, type Product } from './support';

/** The two widths the device portal is checked at. */
export const PORTAL_VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
] as const;
export type PortalViewport = (typeof PORTAL_VIEWPORTS)[number];

export const SHOTS = 'test-results/screenshots';

/** Width below which the dashboard's sidebar collapses behind its 'Menu' toggle (dashboard.css: 991.98px). */
const SIDEBAR_BREAKPOINT = 992;

// ---------------------------------------------------------------------------------------------------------------
// The graph, as the owner's portal session calls it (its cookie), to seed data quickly.
// ---------------------------------------------------------------------------------------------------------------

export async function graphql<T>(
  baseUrl: string,
  query: string,
  variables: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<T> {
  const res = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query, variables }),
  });
  const json = (await res.json()) as { data?: T; errors?: { message: string }[] };
  if (json.errors?.length) throw new Error(`GraphQL error: ${json.errors.map((e) => e.message).join('; ')}`);
  if (!json.data) throw new Error(`GraphQL answered ${res.status} without data`);
  return json.data;
}

export interface SeedPlaylist {
  name: string;
  type?: 'GENERAL' | 'XC' | 'CODE';
  url?: string | null;
  epgUrl?: string | null;
  username?: string | null;
  password?: string | null;
  playlistCode?: string | null;
  isProtected?: boolean;
  pin?: string | null;
}

/**
 * A portal session of the device's owner outside the browser (sign-in through REST with the test captcha): the
 * cookie that seeds its data. Playlist changes are the owner's; a TV's token is refused.
 */
export async function ownerSession(baseUrl: string, mac: string, deviceKey: string): Promise<string> {
  const { token } = (await (await fetch(`${baseUrl}/frontend/captcha/generate`)).json()) as { token: string };
  const res = await fetch(`${baseUrl}/frontend/device/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mac_address: mac, device_key: deviceKey, captcha: CAPTCHA, token }),
  });
  if (!res.ok) throw new Error(`The owner could not sign in: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** Adds a playlist as the owner does (createPlaylist with a portal session's cookie); answers the new id. */
export async function seedPlaylist(baseUrl: string, ownerCookie: string, playlist: SeedPlaylist): Promise<string> {
  const input = {
    type: 'GENERAL',
    url: null,
    epgUrl: null,
    username: null,
    password: null,
    playlistCode: null,
    isProtected: false,
    pin: null,
    ...playlist,
  };
  const data = await graphql<{ createPlaylist: { playlist: { id: string } } }>(
    baseUrl,
    'mutation($input: PlaylistInput!) { createPlaylist(input: $input) { playlist { id } } }',
    { input },
    { cookie: ownerCookie },
  );
  return data.createPlaylist.playlist.id;
}

// ---------------------------------------------------------------------------------------------------------------
// Network recording: every GraphQL answer a page received, to check what it was (never) sent.
// ---------------------------------------------------------------------------------------------------------------

export class GraphqlRecorder {
  private readonly pending: Promise<void>[] = [];
  readonly bodies: { operation: string; body: string }[] = [];
  readonly operations: string[] = [];

  constructor(readonly page: Page) {
    page.on('request', (request) => {
      if (!request.url().endsWith('/graphql') || request.method() !== 'POST') return;
      const name = (request.postDataJSON() as { operationName?: string } | null)?.operationName;
      this.operations.push(name ?? '(anonymous)');
    });
    page.on('response', (response) => this.record(response));
  }

  private record(response: Response) {
    const request = response.request();
    if (!response.url().includes('/graphql')) return;
    const operation =
      (request.postDataJSON() as { operationName?: string } | null)?.operationName ?? request.url().split('?')[1];
    this.pending.push(
      response.text().then(
        (body) => void this.bodies.push({ operation: operation ?? '(unknown)', body }),
        () => undefined,
      ),
    );
  }

  /** The answers received so far, once their bodies are in. */
  async settled() {
    await Promise.all(this.pending);
    return this.bodies;
  }

  /** Operations (by name) whose answers contained the text. */
  async answersContaining(text: string): Promise<string[]> {
    return (await this.settled()).filter((entry) => entry.body.includes(text)).map((entry) => entry.operation);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Page objects
// ---------------------------------------------------------------------------------------------------------------

/** MAC addresses for fresh test devices: the prefix's five pairs, then a counter. */
export function macSequence(prefix: string): () => string {
  let counter = 0x10;
  return () => {
    counter += 1;
    return `${prefix}:${counter.toString(16).padStart(2, '0')}`;
  };
}

/**
 * The built product (started with `env`) and a Chromium, for the portal test file that calls this at its top
 * level: both started before the file's first test and stopped after its last. Read them inside tests.
 */
export function portalUnderTest(env: Record<string, string> = {}) {
  let product: Product | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    [product, browser] = await Promise.all([startProduct(env), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });
  const started = <T>(value: T | undefined): T => {
    if (!value) throw new Error('portalUnderTest: read the product and browser inside tests, once they have started');
    return value;
  };
  return {
    get product(): Product {
      return started(product);
    },
    get browser(): Browser {
      return started(browser);
    },
    /**
     * A freshly registered TV (its MAC from `nextMac`) whose owner is signed in to the dashboard; `seed` runs
     * first, with the cookie of another portal session of the owner (to give it playlists through the graph, say).
     */
    async signedIn(nextMac: () => string, viewport?: PortalViewport, seed?: (ownerCookie: string) => Promise<unknown>) {
      const mac = nextMac();
      const registered = await registerDevice(started(product).url, mac);
      if (seed) await seed(await ownerSession(started(product).url, mac, registered.deviceKey));
      const opened = await openDashboard(started(browser), started(product).url, mac, registered.deviceKey, viewport);
      return { mac, ...registered, ...opened };
    },
  };
}

/** A new browser context at the viewport, signed in to the dashboard, collecting the page's errors and CSP violations. */
export async function openDashboard(
  browser: Browser,
  baseUrl: string,
  mac: string,
  deviceKey: string,
  viewport: PortalViewport = PORTAL_VIEWPORTS[1],
): Promise<{ page: Page; dashboard: Dashboard; pageErrors: string[] }> {
  const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
  const page = await context.newPage();
  const pageErrors = await watchPage(page);
  const dashboard = await signInToDashboard(page, baseUrl, mac, deviceKey);
  return { page, dashboard, pageErrors };
}

/** Signs a device in through the sign-in screen and waits until the dashboard shows it. */
export async function signInToDashboard(page: Page, baseUrl: string, mac: string, deviceKey: string) {
  const screen = new SignInScreen(page);
  await screen.open(baseUrl);
  await screen.signIn(mac, deviceKey);
  await page.waitForURL(`${baseUrl}/dashboard`);
  const dashboard = new Dashboard(page, baseUrl);
  await dashboard.topBarMac.filter({ hasText: mac }).waitFor();
  // The welcome the portal's page says once loaded: let it come and go before the test's own dialogs.
  await page.getByRole('heading', { name: 'Signed in successfully.' }).waitFor();
  await page.locator('.swal2-container').waitFor({ state: 'detached' });
  return dashboard;
}

/** The dashboard frame: sidebar (collapsed behind 'Menu' on small screens), top bar and the current screen. */
export class Dashboard {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  get nav(): Locator {
    return this.page.getByRole('navigation', { name: 'Dashboard', includeHidden: true });
  }

  get menuToggle(): Locator {
    return this.page.getByRole('button', { name: 'Menu', exact: true });
  }

  /** The MAC address shown in the top bar (no role of its own: a plain text span). */
  get topBarMac(): Locator {
    return this.page.locator('.dashboard__topbar .dashboard__mac');
  }

  /** The current screen's title (each screen is a region labelled by its h1). */
  heading(name: string): Locator {
    return this.page.getByRole('heading', { level: 1, name, exact: true });
  }

  /** Opens a screen from the sidebar as the owner would: through the 'Menu' toggle on small screens. */
  async goTo(entry: string) {
    if ((this.page.viewportSize()?.width ?? 0) < SIDEBAR_BREAKPOINT) {
      if ((await this.menuToggle.getAttribute('aria-expanded')) !== 'true') await this.menuToggle.click();
    }
    await this.nav.getByRole('link', { name: entry, exact: true }).click();
    await this.heading(entry).waitFor();
  }

  /** Opens a dashboard route directly and waits until the device check has let it through. */
  async open(route = '/dashboard') {
    await this.page.goto(this.baseUrl + route);
    await this.page.locator('.preload-cover').waitFor({ state: 'detached' });
    await this.topBarMac.waitFor();
  }

  /** Whether the page scrolls sideways (wider content than the viewport). */
  horizontalOverflow(): Promise<{ scrollWidth: number; innerWidth: number }> {
    return this.page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
  }
}

export type PlaylistKind = 'general' | 'xc' | 'code';
export const ADD_VIEWS: Record<PlaylistKind, string> = {
  general: 'Add Playlist',
  xc: 'Add XC Playlist',
  code: 'Add Playlist Code',
};

/** The fields of the playlist forms, by their visible labels. */
export type PlaylistField =
  | 'Playlist name'
  | 'Playlist URL'
  | 'Host URL'
  | 'Username'
  | 'Password'
  | 'XMLTV EPG URL'
  | 'Playlist code'
  | 'Playlist PIN'
  | 'Confirm playlist PIN';

/** The add and edit form shared by the three kinds of playlist. */
export class PlaylistFormView {
  constructor(readonly page: Page) {}

  get form(): Locator {
    return this.page.locator('form.playlist-form');
  }

  field(label: PlaylistField): Locator {
    // The EPG label reads 'XMLTV EPG URL (optional)'.
    return this.form.getByLabel(label, { exact: label !== 'XMLTV EPG URL' });
  }

  get protectSwitch(): Locator {
    return this.form.getByRole('switch', { name: 'Protect this playlist' });
  }

  async fill(values: Partial<Record<PlaylistField, string>>) {
    for (const [label, value] of Object.entries(values)) await this.field(label as PlaylistField).fill(value);
  }

  /** The message tied to a field through aria-describedby, or null when it has none. */
  async errorOf(label: PlaylistField): Promise<string | null> {
    // The description may name a hint too (the PIN's length): the error is the one whose id ends in -error.
    const described = (await this.field(label).getAttribute('aria-describedby')) ?? '';
    const id = described.split(/\s+/).find((name) => name.endsWith('-error'));
    if (!id) return null;
    return (await this.page.locator(`[id="${id}"]`).innerText()).trim();
  }

  async errorsOf(labels: PlaylistField[]): Promise<Partial<Record<PlaylistField, string | null>>> {
    const result: Partial<Record<PlaylistField, string | null>> = {};
    for (const label of labels) result[label] = await this.errorOf(label);
    return result;
  }

  /** Every validation message shown, in page order. */
  allErrors(): Promise<string[]> {
    return this.form.locator('.field-error').allInnerTexts();
  }

  save() {
    return this.form.getByRole('button', { name: 'Save', exact: true }).click();
  }

  cancel() {
    return this.form.getByRole('button', { name: 'Cancel', exact: true }).click();
  }
}

/** The Manage Playlists screen: the main list and its three add views. */
export class PlaylistManager {
  readonly form: PlaylistFormView;

  constructor(readonly page: Page) {
    this.form = new PlaylistFormView(page);
  }

  get mainHeading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Manage Playlists', exact: true });
  }

  addButton(kind: PlaylistKind): Locator {
    return this.page.getByRole('button', { name: ADD_VIEWS[kind], exact: true });
  }

  async openAdd(kind: PlaylistKind) {
    await this.addButton(kind).click();
    await this.page.getByRole('heading', { level: 1, name: ADD_VIEWS[kind], exact: true }).waitFor();
  }

  get searchBox(): Locator {
    return this.page.getByRole('searchbox', { name: 'Search playlists by name' });
  }

  search(text: string) {
    return this.searchBox.fill(text);
  }

  get table(): Locator {
    return this.page.getByRole('table');
  }

  /** The body rows (the header row has column headers, not cells). */
  get rows(): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('cell') });
  }

  row(name: string): Locator {
    return this.rows.filter({ has: this.page.getByRole('button', { name: `Edit ${name}`, exact: true }) });
  }

  /** The playlist names on the shown page, in order. */
  names(): Promise<string[]> {
    return this.table.locator('.playlists__name-text').allInnerTexts();
  }

  /** The URL, Username and Password cells of one row, as shown. */
  async cells(name: string): Promise<{ url: string; username: string; password: string }> {
    const cells = this.row(name).getByRole('cell');
    const [url, username, password] = await Promise.all(
      [1, 2, 3].map(async (index) => (await cells.nth(index).innerText()).trim()),
    );
    return { url, username, password };
  }

  /** Shows a masked password (its Show button). */
  async revealPassword(name: string): Promise<void> {
    await this.row(name)
      .getByRole('button', { name: `Show the password of ${name}` })
      .click();
  }

  /** The full URL a clipped URL cell carries in its title. */
  urlTitle(name: string): Promise<string | null> {
    return this.row(name).getByRole('cell').nth(1).locator('[title]').getAttribute('title');
  }

  get emptyMessage(): Locator {
    return this.page.locator('.playlists__empty-title');
  }

  get count(): Locator {
    return this.page.locator('.playlists__count');
  }

  get pagination(): Locator {
    return this.page.getByRole('navigation', { name: 'Pages' });
  }

  pageButton(label: number | 'Previous' | 'Next'): Locator {
    return this.pagination.getByRole('button', {
      name: typeof label === 'number' ? `Page ${label}` : label,
      exact: true,
    });
  }

  edit(name: string) {
    return this.page.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
  }

  delete(name: string) {
    return this.page.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
  }
}

/** A sweetalert2 dialog with the portal's extras: a cancel button and titles to wait for. */
export class Dialog extends SweetAlert {
  get cancelButton(): Locator {
    return this.popup.locator('button.swal2-cancel');
  }

  /** Waits for a dialog with exactly this title (a new dialog replaces the one before it). */
  async waitForTitle(title: string) {
    await this.titled(title).waitFor();
    await this.waitUntilShown();
  }

  private titled(title: string): Locator {
    return this.popup
      .locator('.swal2-title')
      .filter({ hasText: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });
  }

  /**
   * A self-closing notice (1.5 s): seen, then closed with Escape instead of waiting out its timer. Not waiting
   * for its entrance animation, which on a slow machine could outlast the notice.
   */
  async closeNotice(title: string) {
    await this.titled(title).waitFor();
    await this.page.keyboard.press('Escape');
    await this.page.locator('.swal2-container').waitFor({ state: 'detached' });
  }

  async cancel() {
    await this.cancelButton.click();
    await this.page.locator('.swal2-container').waitFor({ state: 'detached' });
  }
}

/** The 'Enter Playlist PIN' prompt of a protected playlist. */
export class PinDialog extends Dialog {
  get input(): Locator {
    // sweetalert2 copies the aria-label onto its unused (hidden) inputs too: the role keeps to the shown one.
    return this.popup.getByRole('textbox', { name: 'PIN', exact: true });
  }

  get validationMessage(): Locator {
    return this.popup.locator('.swal2-validation-message');
  }

  async waitUntilAsked() {
    await this.waitForTitle('Enter Playlist PIN');
  }

  /** Types the PIN and presses OK. */
  async enter(pin: string) {
    await this.waitUntilAsked();
    await this.input.fill(pin);
    await this.confirmButton.click();
  }
}

/** A settings screen: one labelled field, its message and a submit button. */
export class SettingsForm {
  constructor(readonly page: Page) {}

  get form(): Locator {
    return this.page.locator('form.settings__form');
  }

  field(label: string): Locator {
    return this.form.getByLabel(label, { exact: true });
  }

  /** The field's error message: what its `aria-describedby` names with `-error` (a hint may be named too). */
  async errorOf(label: string): Promise<string | null> {
    const described = (await this.field(label).getAttribute('aria-describedby')) ?? '';
    const id = described.split(/\s+/).find((name) => name.endsWith('-error'));
    if (!id) return null;
    return (await this.page.locator(`[id="${id}"]`).innerText()).trim();
  }

  submit(button: string) {
    return this.form.getByRole('button', { name: button, exact: true }).click();
  }
}

/** The Account Details list: each term with its value. */
export async function accountDetails(page: Page): Promise<Record<string, string>> {
  const terms = await page.getByRole('term').allInnerTexts();
  const values = await page.getByRole('definition').allInnerTexts();
  return Object.fromEntries(terms.map((term, index) => [term.trim(), readable(values[index] ?? '')]));
}

/** A text as a person reads it: the no-break spaces that keep a date on one line read as spaces. */
export function readable(text: string): string {
  return text.replaceAll('\u00a0', ' ').trim();
}

/** The link page (/link?code=…) where the owner approves or refuses a TV's link code. */
export class LinkScreen {
  constructor(readonly page: Page) {}

  get title(): Locator {
    return this.page.getByRole('heading', { level: 2, name: /A TV asks to sign in with code/ });
  }

  /** The request's details as the owner reads them: term → value. */
  async details(): Promise<Record<string, string>> {
    const terms = await this.page.locator('.tv-link__details dt').allInnerTexts();
    const values = await this.page.locator('.tv-link__details dd').allInnerTexts();
    return Object.fromEntries(terms.map((term, i) => [term.trim(), (values[i] ?? '').trim()]));
  }

  get approve(): Locator {
    return this.page.getByRole('button', { name: 'Approve', exact: true });
  }

  /** Where a code that came in the address is typed again, read off the TV, before it can be approved. */
  get confirmation(): Locator {
    return this.page.getByLabel('To approve, type the code your TV shows now', { exact: true });
  }

  get refuse(): Locator {
    return this.page.getByRole('button', { name: 'Refuse', exact: true });
  }

  /** For a new TV that asked with its own token: approving switches the device onto it. */
  get switchToTv(): Locator {
    return this.page.getByRole('button', { name: 'Switch to this TV', exact: true });
  }

  /** The outcome shown once the owner answered. */
  get outcome(): Locator {
    return this.page.locator('.tv-link__outcome');
  }
}
