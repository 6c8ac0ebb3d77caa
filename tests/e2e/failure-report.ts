import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { beforeEach } from 'vitest';

/**
 * What the browser showed when a test failed, printed under the failure: each page's address, its open dialog,
 * the focused element and its visible text, with a screenshot in test-results/failures/ of each page still open.
 * A failure seen once on a loaded CI machine (a dialog that never came, a TV left waiting) can then be read from
 * the run's log instead of guessed at. Tests close their contexts in `finally`, before a failure hook runs, so
 * each context's pages are read as it closes, and a failure lists those closed since its test began.
 */

const FAILURES = path.resolve(import.meta.dirname, '../../test-results/failures');

// Kept on the global object: this module is both the suite's setup file and imported by the helpers that launch
// browsers, and the two may be separate instances; the hook is registered once.
interface Watch {
  browsers: Set<Browser>;
  /** Pages as their contexts closed, latest last (a bounded list). */
  seenAtClose: Array<{ at: number; text: string }>;
  hooked: boolean;
}
const holder = globalThis as { e2eFailureReport?: Watch };
const watch = (holder.e2eFailureReport ??= { browsers: new Set(), seenAtClose: [], hooked: false });
const { browsers, seenAtClose } = watch;
const KEPT = 40;

/** One page as a person would describe it: where it is, what dialog is up, what has focus and what it says. */
async function describePage(page: Page): Promise<string> {
  const head = `— ${page.url()}`;
  try {
    const seen = await page.evaluate(() => ({
      dialog: Array.from(document.querySelectorAll('.swal2-popup'), (el) => (el as HTMLElement).innerText.trim()),
      focused: document.activeElement?.outerHTML.slice(0, 200) ?? '',
      text: (document.body?.innerText ?? '')
        .replace(/\n{2,}/g, '\n')
        .trim()
        .slice(0, 1500),
    }));
    return [
      head,
      seen.dialog.length ? `  dialog: ${seen.dialog.join(' | ').replace(/\s+/g, ' ')}` : '  dialog: none',
      `  focused: ${seen.focused}`,
      `  text: ${seen.text.replace(/\n/g, '\n        ')}`,
    ].join('\n');
  } catch (error) {
    return `${head}\n  (unreadable: ${(error as Error).message.split('\n')[0]})`;
  }
}

async function remember(pages: Page[]) {
  const lines = await Promise.all(pages.filter((page) => !page.isClosed()).map(describePage));
  seenAtClose.push(...lines.map((text) => ({ at: Date.now(), text: `(at close) ${text}` })));
  seenAtClose.splice(0, Math.max(0, seenAtClose.length - KEPT));
}

function watchContext(context: BrowserContext) {
  const close = context.close.bind(context);
  context.close = async (options) => {
    await remember(context.pages());
    return close(options);
  };
}

/** Follows a browser's contexts (and its one-page contexts) so a failing test can say what they showed. */
export function watchBrowser(browser: Browser): Browser {
  browsers.add(browser);
  browser.once('disconnected', () => browsers.delete(browser));
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    watchContext(context);
    return context;
  };
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (options) => {
    const page = await newPage(options);
    const close = page.close.bind(page);
    page.close = async (closeOptions) => {
      await remember([page]);
      return close(closeOptions);
    };
    return page;
  };
  return browser;
}

/** The test's name as the run prints it: its describe blocks, then its own. */
function fullName(task: { name: string; suite?: { name: string; suite?: unknown } }): string {
  const names = [task.name];
  for (let suite = task.suite; suite?.name; suite = suite.suite as typeof suite) names.unshift(suite.name);
  return names.join(' > ');
}

/**
 * The pages closed since the test began and those still open. Tests that run at the same time (it.concurrent)
 * share the browser: their pages are listed too, each under its address.
 */
async function report(test: string, since: number): Promise<string> {
  const open = [...browsers].flatMap((browser) => browser.contexts().flatMap((context) => context.pages()));
  const shots = path.join(FAILURES, test.replace(/[^\w-]+/g, '-').slice(-100));
  const lines = await Promise.all(
    open.map(async (page, index) => {
      const file = `${shots}-${index + 1}.png`;
      const saved = await page.screenshot({ path: file, timeout: 5_000 }).then(
        () => `  screenshot: ${path.relative(process.cwd(), file)}`,
        () => '  screenshot: none',
      );
      return `${await describePage(page)}\n${saved}`;
    }),
  );
  const closed = seenAtClose.filter((seen) => seen.at >= since).map((seen) => seen.text);
  return [...closed, ...lines].join('\n') || '(no page open or closed during the test)';
}

if (!watch.hooked) {
  watch.hooked = true;
  beforeEach(({ task, onTestFailed }) => {
    const since = Date.now();
    const test = fullName(task);
    onTestFailed(async () => {
      mkdirSync(FAILURES, { recursive: true });
      console.error(`What the browser showed when "${test}" failed:\n${await report(test, since)}`);
    });
  });
}
