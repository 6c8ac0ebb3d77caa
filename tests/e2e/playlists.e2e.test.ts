import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  Dialog,
  GraphqlRecorder,
  PinDialog,
  PlaylistManager,
  PORTAL_VIEWPORTS,
  SHOTS,
  portalUnderTest,
  seedPlaylist,
  macSequence,
  type Dashboard,
  type PortalViewport,
} from './portal';

/**
 * The playlist manager of the device portal in Chromium against the built
 * product: the three add forms and their messages, the table, search, pages, editing, and protected playlists.
 */

const nextMac = macSequence('0c:1d:2e:3f:40');

const portal = portalUnderTest();

interface Session {
  page: Page;
  dashboard: Dashboard;
  manager: PlaylistManager;
  mac: string;
  deviceToken: string;
  pageErrors: string[];
}

/**
 * A freshly registered TV whose owner is signed in to the dashboard; `seed` runs (through the graph, with another
 * portal session of the owner) first.
 */
async function signedIn(
  viewport: PortalViewport = PORTAL_VIEWPORTS[1],
  seed?: (ownerCookie: string) => Promise<unknown>,
): Promise<Session> {
  const session = await portal.signedIn(nextMac, viewport, seed);
  const manager = new PlaylistManager(session.page);
  await manager.mainHeading.waitFor();
  return { ...session, manager };
}

function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

async function expectNoSideScroll(dashboard: Dashboard, width: number) {
  const { scrollWidth } = await dashboard.horizontalOverflow();
  expect(scrollWidth, `the page scrolls sideways at ${width}px`).toBeLessThanOrEqual(width);
}

/** Screenshots the page at both widths (the same session, resized), checking the phone width for sideways scroll. */
async function shootBothWidths(session: Session, name: string) {
  for (const viewport of PORTAL_VIEWPORTS) {
    await session.page.setViewportSize({ width: viewport.width, height: viewport.height });
    // Let layout and any running dialog animation settle at the new size.
    await session.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
    if (viewport.width === 390) await expectNoSideScroll(session.dashboard, 390);
    await session.page.screenshot({ path: `${SHOTS}/${name}-${viewport.name}.png`, fullPage: true });
  }
}

describe('playlist manager in Chromium', () => {
  it('adds a general, an XC and a code playlist through their forms, each back on the main view', async () => {
    const { page, manager, pageErrors } = await signedIn();
    const dialog = new Dialog(page);
    expect(await manager.emptyMessage.innerText()).toBe('You have no playlists yet.');

    // The browser's back button from an add view returns to the main list, still on /dashboard.
    await manager.openAdd('xc');
    expect(pathOf(page)).toBe('/dashboard');
    await page.goBack();
    await manager.mainHeading.waitFor();
    expect(pathOf(page)).toBe('/dashboard');
    expect(await manager.form.form.count()).toBe(0);
    // Cancel does the same.
    await manager.openAdd('code');
    await manager.form.cancel();
    await manager.mainHeading.waitFor();
    expect(pathOf(page)).toBe('/dashboard');

    await manager.openAdd('general');
    await manager.form.fill({
      'Playlist name': 'Family Movies',
      'Playlist URL': 'http://provider.example/family.m3u',
      'XMLTV EPG URL': 'https://provider.example/epg.xml',
    });
    await manager.form.save();
    await dialog.closeNotice('Playlist saved.');
    await manager.mainHeading.waitFor();
    expect(pathOf(page)).toBe('/dashboard');
    await manager.row('Family Movies').waitFor();
    expect(await manager.cells('Family Movies')).toEqual({
      url: 'http://provider.example/family.m3u',
      username: 'N/A',
      password: 'N/A',
    });

    await manager.openAdd('xc');
    await manager.form.fill({
      'Playlist name': 'Sports XC',
      'Host URL': 'http://xc.example.com:8080',
      Username: 'john.doe',
      Password: 'S3cret!pass',
      'XMLTV EPG URL': 'http://xc.example.com:8080/xmltv.php',
    });
    await manager.form.save();
    await dialog.closeNotice('Playlist saved.');
    await manager.row('Sports XC').waitFor();
    // The password is masked until the owner asks to see it.
    expect(await manager.cells('Sports XC')).toEqual({
      url: 'http://xc.example.com:8080',
      username: 'john.doe',
      password: expect.stringMatching(/^•+\s*Show$/),
    });
    // The whole mask shows, never '•…': in a narrow column the Show button goes under it.
    const mask = manager.row('Sports XC').locator('.playlists__secret > .playlists__clip');
    expect(await mask.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    await manager.revealPassword('Sports XC');
    expect((await manager.cells('Sports XC')).password).toMatch(/^S3cret!pass\s*Hide$/);

    await manager.openAdd('code');
    await manager.form.fill({ 'Playlist name': 'Code List', 'Playlist code': '123456' });
    await manager.form.save();
    await dialog.closeNotice('Playlist saved.');
    await manager.row('Code List').waitFor();
    expect(await manager.cells('Code List')).toEqual({ url: '123456', username: 'N/A', password: 'N/A' });

    // Newest first, and the list survives a reload (it came from the server, not only the page's memory).
    await page.reload();
    await manager.row('Code List').waitFor();
    expect(await manager.names()).toEqual(['Code List', 'Sports XC', 'Family Movies']);
    expect(await manager.count.innerText()).toBe('3 playlists');

    // The EPG URL was kept: the edit form shows it.
    await manager.edit('Family Movies');
    await page.getByRole('heading', { level: 1, name: 'Edit Playlist' }).waitFor();
    expect(await manager.form.field('XMLTV EPG URL').inputValue()).toBe('https://provider.example/epg.xml');
    expect(pageErrors).toEqual([]);
    await page.context().close();
  });

  it('each add form shows its validation messages and sends nothing', async () => {
    const session = await signedIn();
    const { page, manager, pageErrors } = session;
    const recorder = new GraphqlRecorder(page);
    const form = manager.form;

    // General playlist: name and URL required; URL and EPG URL must be URLs; protection needs a matching PIN.
    await manager.openAdd('general');
    await form.save();
    await page.getByText('Playlist name is required').waitFor();
    expect(await form.errorsOf(['Playlist name', 'Playlist URL', 'XMLTV EPG URL'])).toEqual({
      'Playlist name': 'Playlist name is required',
      'Playlist URL': 'Playlist URL is required',
      'XMLTV EPG URL': null,
    });
    await shootBothWidths(session, 'playlist-add-general-errors');
    // An error hides as soon as its field changes.
    await form.field('Playlist name').fill('My list');
    expect(await form.errorOf('Playlist name')).toBeNull();
    await form.fill({ 'Playlist URL': 'provider.example/list.m3u', 'XMLTV EPG URL': 'www.example.com/epg.xml' });
    await form.save();
    await page.getByText('Invalid URL Format').first().waitFor();
    expect(await form.errorsOf(['Playlist name', 'Playlist URL', 'XMLTV EPG URL'])).toEqual({
      'Playlist name': null,
      'Playlist URL': 'Invalid URL Format',
      'XMLTV EPG URL': 'Invalid URL Format',
    });
    await form.protectSwitch.check();
    await form.fill({ 'Playlist URL': 'http://provider.example/list.m3u', 'XMLTV EPG URL': '' });
    await form.save();
    await page.getByText('PIN is required in protected playlists').waitFor();
    expect(await form.allErrors()).toEqual(['PIN is required in protected playlists']);
    await form.fill({ 'Playlist PIN': '1234', 'Confirm playlist PIN': '4321' });
    await form.save();
    await page.getByText('PIN does not match').waitFor();
    expect(await form.errorsOf(['Playlist PIN', 'Confirm playlist PIN'])).toEqual({
      'Playlist PIN': null,
      'Confirm playlist PIN': 'PIN does not match',
    });
    await shootBothWidths(session, 'playlist-add-general-pin-errors');
    await form.cancel();

    // XC playlist: name, host URL, username and password required; the host must be a URL.
    await manager.openAdd('xc');
    await form.save();
    await page.getByText('Password is required').waitFor();
    expect(await form.errorsOf(['Playlist name', 'Host URL', 'Username', 'Password', 'XMLTV EPG URL'])).toEqual({
      'Playlist name': 'Playlist name is required',
      'Host URL': 'URL is required',
      Username: 'Username is required',
      Password: 'Password is required',
      'XMLTV EPG URL': null,
    });
    await shootBothWidths(session, 'playlist-add-xc-errors');
    await form.fill({ 'Host URL': 'xc.example.com:8080' });
    await form.save();
    await page.getByText('Invalid URL', { exact: true }).waitFor();
    expect(await form.errorOf('Host URL')).toBe('Invalid URL');
    await form.cancel();

    // Code playlist: name and code required; the code's message reads 'Username is required' (the product's wording, kept).
    await manager.openAdd('code');
    await form.save();
    await page.getByText('Username is required').waitFor();
    expect(await form.errorsOf(['Playlist name', 'Playlist code'])).toEqual({
      'Playlist name': 'Playlist name is required',
      'Playlist code': 'Username is required',
    });
    await shootBothWidths(session, 'playlist-add-code-errors');
    await form.cancel();
    await manager.mainHeading.waitFor();

    expect(recorder.operations.filter((name) => name === 'CreatePlaylist')).toEqual([]);
    expect(pageErrors).toEqual([]);
    await page.context().close();
  });

  it('a save the server never answers ends after 30 seconds in a clear error, the form as typed', async () => {
    const session = await signedIn();
    const { page, manager, pageErrors } = session;
    const dialog = new Dialog(page);
    // The connection stalls: the save reaches nothing and nothing ever comes back.
    const stalled: string[] = [];
    await page.route('**/graphql', async (route) => {
      const operation = (route.request().postDataJSON() as { operationName?: string } | null)?.operationName;
      if (operation !== 'CreatePlaylist') return route.fallback();
      stalled.push(operation);
    });
    await page.clock.install();
    await manager.openAdd('general');
    const typed = { 'Playlist name': 'Stalled List', 'Playlist URL': 'http://provider.example/stalled.m3u' };
    await manager.form.fill(typed);
    await manager.form.save();
    await expect.poll(() => stalled.length).toBe(1);
    await page.clock.fastForward(29_000);
    expect(await dialog.popup.count()).toBe(0);
    await page.clock.fastForward(1_000);
    await dialog.waitForTitle('Request failed, please try again later.');
    await shootBothWidths(session, 'playlist-save-timeout');
    await dialog.dismiss();
    // Nothing typed is lost: the form is still there to send again.
    expect(await manager.form.field('Playlist name').inputValue()).toBe(typed['Playlist name']);
    expect(await manager.form.field('Playlist URL').inputValue()).toBe(typed['Playlist URL']);
    expect(pageErrors).toEqual([]);
    await page.context().close();
  });

  it('keeps a 3,000-character URL intact, and an edit renames the playlist and returns to /dashboard', async () => {
    const { page, manager, dashboard } = await signedIn();
    const dialog = new Dialog(page);
    const prefix = 'https://cdn.provider.example/get.php?token=';
    const longUrl = prefix + 'Ab9-'.repeat(750).slice(0, 3000 - prefix.length);
    expect(longUrl).toHaveLength(3000);

    await manager.openAdd('general');
    await manager.form.fill({ 'Playlist name': 'Long Token', 'Playlist URL': longUrl });
    await manager.form.save();
    await dialog.closeNotice('Playlist saved.');
    await manager.row('Long Token').waitFor();
    expect(await manager.urlTitle('Long Token')).toBe(longUrl);
    expect((await manager.cells('Long Token')).url).toBe(longUrl);
    // Clipped to the cell, not widening the table past its frame.
    const { scrollWidth, innerWidth } = await dashboard.horizontalOverflow();
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);

    await manager.edit('Long Token');
    await page.waitForURL(/\/dashboard\/edit\/[^/]+$/);
    await page.getByRole('heading', { level: 1, name: 'Edit Playlist' }).waitFor();
    expect(await manager.form.field('Playlist name').inputValue()).toBe('Long Token');
    expect(await manager.form.field('Playlist URL').inputValue()).toBe(longUrl);
    await manager.form.field('Playlist name').fill('Long Token (renamed)');
    await manager.form.save();
    await dialog.closeNotice('Playlist saved.');
    await page.waitForURL(`${portal.product.url}/dashboard`);
    await manager.row('Long Token (renamed)').waitFor();
    expect(await manager.names()).toEqual(['Long Token (renamed)']);
    expect(await manager.urlTitle('Long Token (renamed)')).toBe(longUrl);
    await page.context().close();
  });

  it('on a phone, eight playlists are compact cards, not 2,800 px of scrolling', async () => {
    const session = await signedIn(PORTAL_VIEWPORTS[0], async (owner) => {
      for (let n = 1; n <= 8; n += 1) {
        await seedPlaylist(
          portal.product.url,
          owner,
          n % 2
            ? { name: `Phone list ${n}`, url: `http://tv.example/phone-${n}.m3u` }
            : {
                name: `Phone XC ${n}`,
                type: 'XC',
                url: 'http://xc.example:8080',
                username: `user${n}`,
                password: 'pw',
              },
        );
      }
    });
    const { page, manager } = session;
    await manager.row('Phone XC 8').waitFor();
    // About 2,800 px of scrolling for eight cards before; each card now about 200 px.
    const height = await page
      .locator('.playlists__table tbody')
      .evaluate((body) => body.getBoundingClientRect().height);
    await page.screenshot({ path: `${SHOTS}/playlist-cards-phone.png`, fullPage: true });
    expect(height).toBeLessThan(1900);
  });

  it('searches by name ignoring case, and pages only past 8 playlists', async () => {
    const names = [
      'Alpha News',
      'alpha kids',
      'Beta Sports',
      'Gamma Movies',
      'Delta Music',
      'Epsilon Docs',
      'Zeta Series',
      'Eta Radio',
    ];
    let elsewhere = '';
    const session = await signedIn(PORTAL_VIEWPORTS[1], async (owner) => {
      elsewhere = owner;
      for (const name of names)
        await seedPlaylist(portal.product.url, owner, { name, url: `http://tv.example/${name.length}.m3u` });
    });
    const { page, manager, dashboard } = session;
    await manager.rows.nth(7).waitFor();

    // Exactly 8: one page, no pagination.
    expect(await manager.rows.count()).toBe(8);
    expect(await manager.pagination.count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Next' }).count()).toBe(0);
    expect(await manager.count.innerText()).toBe('8 playlists');

    await manager.search('ALPHA');
    await expect.poll(() => manager.names()).toEqual(['alpha kids', 'Alpha News']);
    await manager.search('  sports ');
    await expect.poll(() => manager.names()).toEqual(['Beta Sports']);
    await manager.search('zzz');
    await manager.emptyMessage.filter({ hasText: 'No playlist name contains “zzz”.' }).waitFor();
    await manager.search('');
    await expect.poll(() => manager.rows.count()).toBe(8);

    // The owner adds three more from another browser; the next visit shows 11 over two pages.
    const more = ['Theta Live', 'Iota Kids', 'Kappa Cinema'];
    for (const name of more) {
      await seedPlaylist(portal.product.url, elsewhere, { name, url: 'http://tv.example/more.m3u' });
    }
    await page.reload();
    await dashboard.topBarMac.waitFor();
    await manager.pagination.waitFor();
    expect(await manager.count.innerText()).toBe('Showing 1–8 of 11 playlists');
    expect(await manager.pageButton('Previous').isDisabled()).toBe(true);
    expect(await manager.pageButton('Next').isEnabled()).toBe(true);
    expect(await manager.pageButton(1).getAttribute('aria-current')).toBe('page');
    expect(await manager.pageButton(2).isVisible()).toBe(true);
    expect(await manager.pagination.getByRole('button', { name: /^Page \d+$/ }).count()).toBe(2);
    const firstPage = await manager.names();
    expect(firstPage).toHaveLength(8);
    await shootBothWidths(session, 'playlists-list');

    await manager.pageButton('Next').click();
    await expect.poll(() => manager.rows.count()).toBe(3);
    const secondPage = await manager.names();
    expect(await manager.count.innerText()).toBe('Showing 9–11 of 11 playlists');
    expect(await manager.pageButton(2).getAttribute('aria-current')).toBe('page');
    expect(await manager.pageButton('Next').isDisabled()).toBe(true);
    expect(secondPage.filter((name) => firstPage.includes(name))).toEqual([]);
    expect([...firstPage, ...secondPage].sort()).toEqual([...names, ...more].sort());
    await shootBothWidths(session, 'playlists-list-page2');

    await manager.pageButton('Previous').click();
    await expect.poll(() => manager.names()).toEqual(firstPage);
    await manager.pageButton(2).click();
    await expect.poll(() => manager.names()).toEqual(secondPage);

    // A search goes back to page 1, and with 8 or fewer matches the pages disappear.
    await manager.search('TA');
    await expect.poll(() => manager.pagination.count()).toBe(0);
    expect((await manager.names()).sort()).toEqual(
      ['Beta Sports', 'Delta Music', 'Zeta Series', 'Eta Radio', 'Theta Live', 'Iota Kids'].sort(),
    );
    await page.context().close();
  });

  it('protects a playlist: never sent without its PIN, and edit and delete ask for it', async () => {
    const secretUrl = `http://secret-${Date.now().toString(36)}.example/private.m3u`;
    const secretUser = `hidden_user_${Date.now().toString(36)}`;
    const secretPassword = 'Hidden!Pass42';
    const session = await signedIn(PORTAL_VIEWPORTS[1], async (owner) => {
      await seedPlaylist(portal.product.url, owner, { name: 'Open List', url: 'http://open.example/list.m3u' });
      await seedPlaylist(portal.product.url, owner, {
        name: 'Kids Locked',
        url: secretUrl,
        isProtected: true,
        pin: '4321',
      });
      await seedPlaylist(portal.product.url, owner, {
        name: 'XC Locked',
        type: 'XC',
        url: 'http://xc-secret.example:8080',
        username: secretUser,
        password: secretPassword,
        isProtected: true,
        pin: '9876',
      });
    });
    const { page, manager, dashboard, pageErrors } = session;
    const dialog = new Dialog(page);
    const pin = new PinDialog(page);
    // Recorded from a fresh load of the list, then through the edit page up to the PIN.
    const recorder = new GraphqlRecorder(page);
    await dashboard.open('/dashboard');
    await manager.row('XC Locked').waitFor();

    expect(await manager.cells('Kids Locked')).toEqual({ url: 'Protected', username: 'N/A', password: 'N/A' });
    expect(await manager.cells('XC Locked')).toEqual({
      url: 'Protected',
      username: 'Protected',
      password: 'Protected',
    });
    expect(await manager.cells('Open List')).toEqual({
      url: 'http://open.example/list.m3u',
      username: 'N/A',
      password: 'N/A',
    });

    // Edit asks for the PIN; an empty answer is refused in the dialog, a wrong one by the server.
    await manager.edit('Kids Locked');
    await page.waitForURL(/\/dashboard\/edit\/[^/]+$/);
    await pin.waitUntilAsked();
    expect(await pin.text.innerText()).toBe('“Kids Locked” is protected.');
    await shootBothWidths(session, 'playlist-pin-dialog');
    await pin.confirmButton.click();
    expect(await pin.validationMessage.innerText()).toBe('PIN is required in protected playlists');
    await pin.enter('0000');
    await dialog.waitForTitle('Wrong PIN!');
    expect(await dialog.text.innerText()).toBe('Please try again!');
    await dialog.confirmButton.click();
    // Asked again.
    await pin.waitUntilAsked();

    // Up to here the page has seen the list and the locked playlist, but not one secret.
    const sources = await page.content();
    expect(recorder.operations).toEqual(expect.arrayContaining(['Playlists', 'Playlist', 'UnlockPlaylist']));
    for (const secret of [secretUrl, secretUser, secretPassword, 'xc-secret.example']) {
      expect(await recorder.answersContaining(secret), `GraphQL answers containing ${secret}`).toEqual([]);
      expect(sources.includes(secret), `page source contains ${secret}`).toBe(false);
    }

    await pin.enter('4321');
    await page.getByRole('heading', { level: 1, name: 'Edit Playlist' }).waitFor();
    expect(await manager.form.field('Playlist name').inputValue()).toBe('Kids Locked');
    expect(await manager.form.field('Playlist URL').inputValue()).toBe(secretUrl);
    expect(await manager.form.protectSwitch.isChecked()).toBe(true);
    expect(await manager.form.field('Playlist PIN').inputValue()).toBe('4321');
    // The recorder does see secrets once they are sent: the unlock answer carries the URL.
    expect(await recorder.answersContaining(secretUrl)).toEqual(['UnlockPlaylist']);
    await manager.form.cancel();
    await manager.row('Kids Locked').waitFor();
    expect(pathOf(page)).toBe('/dashboard');
    // Back on the list, the details are locked again.
    expect((await manager.cells('Kids Locked')).url).toBe('Protected');

    // Delete: the PIN, then a confirmation, then the notice; the row is gone.
    await manager.delete('Kids Locked');
    await pin.enter('4321');
    await dialog.waitForTitle('Delete Kids Locked?');
    await dialog.confirmButton.click();
    await dialog.waitForTitle('Playlist has been deleted.');
    await dialog.dismiss();
    await expect.poll(() => manager.names()).toEqual(['XC Locked', 'Open List']);

    // Cancelling the PIN prompt deletes nothing.
    await manager.delete('XC Locked');
    await pin.waitUntilAsked();
    await pin.cancel();
    expect(await manager.names()).toEqual(['XC Locked', 'Open List']);
    expect(pageErrors).toEqual([]);
    await page.context().close();
  });
});
