import { defineConfig } from 'vitest/config';

// Browser tests: the built product in a real headless Chromium (playwright-core). Each file starts its own product
// on a database of its own (tests/e2e/support.ts startProduct) and its own Chromium, so files share no row, port
// or page and run side by side. A file's tests run one after another. Measured on the 2-core machine: Chromium
// and the product keep a core about 60% busy per file, the rest is waiting (page loads, animations, network idle),
// so three files at once is the fastest (docs/testing.md).
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/e2e/**/*.e2e.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: true,
    maxWorkers: Number(process.env.BROWSER_WORKERS) || 3,
  },
});
