import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SHOTS, macSequence, portalUnderTest, seedPlaylist, type PortalViewport } from './portal';

/**
 * A focused field is never under the chat band (the two chat buttons fixed at the bottom of every page) at any
 * width from 320 px, in English and Arabic, whether it is reached by Tab or by a tap. Each field is first placed
 * where the band covers it (its lower half under the band), then focused: by Tab from the control before it, and,
 * for fields one types in, by a tap on its part that shows. It must then be whole in the viewport and nothing of
 * the band over it (elementFromPoint at its corners and centre).
 */

const WIDTHS = [320, 375, 390, 430];
const HEIGHT = 700;
const nextMac = macSequence('0e:7d:6b:7c:8f');
const portal = portalUnderTest();

interface Screen {
  name: string;
  path: string;
  /** Opens the form once the page is there (an add view of the playlist manager, the PIN fields). */
  open?: (page: Page) => Promise<void>;
  /** The forms whose fields are tried. */
  forms: string;
}

/** Opens one of the playlist manager's add views by its button (general, XC, code: the buttons' order). */
const addView = (index: number) => async (page: Page) => {
  // Reloaded, the manager stays on the add view it was on (kept in the history entry): back to the list first.
  const open = page.locator('form.playlist-form');
  if (await open.count()) await open.locator('button.button--ghost').first().click();
  await page.locator('.playlists__add button').nth(index).click();
  await page.locator('form.playlist-form').waitFor();
};

const SCREENS: Screen[] = [
  { name: 'contact', path: '/contact', forms: 'main form' },
  { name: 'switch-mac', path: '/dashboard/switch-mac', forms: 'main form' },
  { name: 'device-key', path: '/dashboard/device-key', forms: 'main form' },
  { name: 'parent-pin', path: '/dashboard/parent-pin', forms: 'main form' },
  {
    name: 'add-playlist',
    path: '/dashboard',
    open: async (page) => {
      await addView(0)(page);
      // The PIN fields show once the playlist is protected.
      await page.locator('#playlist-protect').check();
      await page.locator('#playlist-pin').waitFor();
    },
    forms: 'main form',
  },
  { name: 'add-xc', path: '/dashboard', open: addView(1), forms: 'main form' },
  { name: 'add-code', path: '/dashboard', open: addView(2), forms: 'main form' },
  { name: 'edit-playlist', path: '/dashboard/edit/ID', forms: 'main form' },
];

const TYPED = /^(text|email|password|url|tel|search|number)$/;

/**
 * The fields of the screen's forms, in page order, as selectors a test can find again, each with the ways it is
 * focused: by Tab, and by a tap for a field one types in. One round trip for them all.
 */
async function fieldsOf(page: Page, forms: string): Promise<{ selector: string; ways: ('Tab' | 'tap')[] }[]> {
  return page.locator(forms).evaluateAll(
    (elements, typed) =>
      elements.flatMap((form) =>
        Array.from(form.querySelectorAll<HTMLElement>('input, textarea, select'))
          .filter((field) => field.getClientRects().length > 0 && (field as HTMLInputElement).type !== 'hidden')
          .map((field) => ({
            selector: `#${CSS.escape(field.id)}`,
            ways: (field.tagName === 'TEXTAREA' || new RegExp(typed).test((field as HTMLInputElement).type || 'text')
              ? ['Tab', 'tap']
              : ['Tab']) as ('Tab' | 'tap')[],
          })),
      ),
    TYPED.source,
  );
}

/**
 * Leaves nothing focused and scrolls the page so that the lower half of the field sits under the chat band; for
 * a Tab, focuses the control before it, without scrolling, as a visitor tabbing through the form left it. Returns
 * where a tap lands on the field's part that shows (its top, across its middle).
 */
async function underTheBand(field: Locator, before: boolean): Promise<{ x: number; y: number }> {
  return field.evaluate((element, focusBefore) => {
    (document.activeElement as HTMLElement | null)?.blur();
    const bandTop = Math.min(
      ...Array.from(document.querySelectorAll('.chat-widget')).map((w) => w.getBoundingClientRect().top),
    );
    const box = element.getBoundingClientRect();
    window.scrollBy({ top: box.top + box.height / 2 - bandTop, behavior: 'instant' });
    const shown = element.getBoundingClientRect();
    const tap = { x: shown.left + shown.width / 2, y: shown.top + 4 };
    if (!focusBefore) return tap;
    const focusable = Array.from(
      document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]'),
    ).filter((e) => e.tabIndex >= 0 && !(e as HTMLButtonElement).disabled && e.getClientRects().length > 0);
    const index = focusable.indexOf(element as HTMLElement);
    (focusable[index - 1] ?? document.body).focus({ preventScroll: true });
    return tap;
  }, before);
}

/** What is wrong with the focused field's place: '' when it is whole in the viewport and nothing covers it. */
async function coverOf(field: Locator): Promise<string> {
  return field.evaluate(async (element) => {
    const problem = () => {
      if (document.activeElement !== element) return `not focused (${document.activeElement?.id ?? 'none'})`;
      const box = element.getBoundingClientRect();
      // A text area is typed in where its caret is, which the browser brings into view (not the whole box): its
      // first lines must show; below them, what shows of it is checked.
      const bottom = element.tagName === 'TEXTAREA' ? Math.min(box.bottom, box.top + 48) : box.bottom;
      if (box.top < 0 || bottom > window.innerHeight) return `outside the viewport (${box.top}–${box.bottom})`;
      // The field's own frame (its wrapper, label, Show button) is part of it.
      const own = element.closest('.field, .switch, li') ?? element.parentElement ?? element;
      for (const x of [box.left + 2, (box.left + box.right) / 2, box.right - 2]) {
        const shown = Math.min(box.bottom, window.innerHeight);
        for (const y of [box.top + 2, (box.top + shown) / 2, shown - 2]) {
          const hit = document.elementFromPoint(x, y);
          if (hit && hit !== element && !own.contains(hit)) {
            return `covered at ${Math.round(x)},${Math.round(y)} by ${hit.closest('.chat-widget') ? 'the chat band' : hit.className || hit.tagName}`;
          }
        }
      }
      return '';
    };
    // The band steps aside in a few frames (a 0.2 s fade): give it 400 ms.
    const until = performance.now() + 400;
    for (;;) {
      const found = problem();
      if (!found || performance.now() > until) return found;
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 30)));
    }
  });
}

describe('a focused field is never under the chat band', () => {
  for (const locale of ['en', 'ar'] as const) {
    // Some 200 fields focused twice each, in each language: one browser context, one load of each screen.
    it(`by Tab and by tap, at ${WIDTHS.join(', ')} px, in ${locale === 'en' ? 'English' : 'Arabic'}`, async () => {
      const started = Date.now();
      let playlistId = '';
      const viewport = { name: 'phone', width: WIDTHS[0], height: HEIGHT } as unknown as PortalViewport;
      const { page, pageErrors } = await portal.signedIn(nextMac, viewport, async (owner) => {
        playlistId = await seedPlaylist(portal.product.url, owner, { name: 'Home', url: 'http://tv.example/a.m3u' });
      });
      // Without the smooth scroll and the fades, each focus settles at once: the same places, sooner.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const prefix = locale === 'ar' ? '/ar' : '';
      const problems: string[] = [];
      let tried = 0;
      // One load of each screen; the widths are tried on it by resizing the viewport (the layout follows).
      for (const screen of SCREENS) {
        await page.setViewportSize({ width: WIDTHS[0]!, height: HEIGHT });
        await page.goto(`${portal.product.url}${prefix}${screen.path.replace('ID', playlistId)}`);
        await page.locator('main h1').first().waitFor();
        await screen.open?.(page);
        await page.locator(`${screen.forms} input`).first().waitFor();
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: HEIGHT });
          for (const { selector, ways } of await fieldsOf(page, screen.forms)) {
            const field = page.locator(selector);
            for (const way of ways) {
              const tap = await underTheBand(field, way === 'Tab');
              if (way === 'Tab') await page.keyboard.press('Tab');
              else await page.mouse.click(tap.x, tap.y);
              tried += 1;
              const cover = await coverOf(field);
              if (cover) {
                problems.push(`${width}px ${screen.name} ${selector} by ${way}: ${cover}`);
                if (problems.length === 1) {
                  await page.screenshot({ path: `${SHOTS}/focus-clearance-${locale}-first-failure.png` });
                }
              }
            }
          }
        }
      }
      console.log(`${locale}: ${tried} focuses in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      expect(tried).toBeGreaterThan(40 * WIDTHS.length);
      expect(problems).toEqual([]);
      expect(pageErrors).toEqual([]);
    }, 240_000);
  }
});
