import { defineConfig } from 'vitest/config';

// Browser tests: the built product in a real headless Chromium (playwright-core). Each file starts its own product
// on a database of its own (tests/e2e/support.ts startProduct) and its own Chromium, so files share no row, port
// or page and could run side by side. They run one file at a time all the same: on the 2-core CI machine,
// Chromium is the limit, and three files at once finished each file about 2.5 times slower than alone (806 s in
// all against about 890 s one at a time), with four tests over their 60 s limit (docs/testing.md).
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
