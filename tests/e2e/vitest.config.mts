import { defineConfig } from 'vitest/config';

// Browser tests: the built product in a real headless Chromium (playwright-core). Each file starts its own product
// on a database of its own (tests/e2e/support.ts startProduct) and its own Chromium, so files share no row, port
// or page, and three run at once. The files mostly wait (a page's network going idle, a dialog's timer, a chat
// widget's typing delay): one at a time, the 2-core CI machine was 61% idle. Measured there on 2026-11-28
// (headless shell, PostgreSQL): one at a time 499 s; three at once 200 s, 19% idle, the slowest test 25.6 s
// (its limit 60 s) and none failed. BROWSER_WORKERS=n runs n at once.
const workers = Number(process.env.BROWSER_WORKERS) || 3;

export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/e2e/**/*.e2e.test.ts'],
    environment: 'node',
    // A failing test prints what its browser pages showed, with screenshots in test-results/failures/.
    setupFiles: ['tests/e2e/failure-report.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: workers > 1,
    maxWorkers: workers,
  },
});
