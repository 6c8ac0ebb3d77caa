import { defineConfig } from 'vitest/config';

// Browser tests: the built product in a real headless Chromium (playwright-core). Each file starts its own product
// on a database of its own (tests/e2e/support.ts startProduct) and its own Chromium, so files share no row, port
// or page and may run side by side. They run one file at a time all the same: the 2-core CI machine is busy with
// one (docs/testing.md). Measured there:
// - on the full browser, three files at once made each 2.5 times slower and put four tests over their 60 s limit;
// - on Chromium's headless shell, two at once took 505 s and 577 s against 712 s one at a time, but one of
//   those two runs lost a sign-in (its navigation to the dashboard past 30 s).
// BROWSER_WORKERS=n runs n files at once on a machine with the cores for it.
const workers = Number(process.env.BROWSER_WORKERS) || 1;

export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/e2e/**/*.e2e.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: workers > 1,
    maxWorkers: workers,
  },
});
