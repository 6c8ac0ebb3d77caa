import { defineConfig } from 'vitest/config';
import { TESTS_ON_HEADLESS_SHELL } from '../chromium.mjs';

// Browser tests: the built product in a real headless Chromium (playwright-core). Each file starts its own product
// on a database of its own (tests/e2e/support.ts startProduct) and its own Chromium, so files share no row, port
// or page and may run side by side. Measured on the 2-core CI machine (docs/testing.md):
// - on Chromium's headless shell, two files at once: the suite in 505 s instead of 926 s one at a time on the full
//   browser, every test passed, the slowest 29 s against its 60 s limit;
// - on the full browser, three at once made each file 2.5 times slower and put four tests over 60 s: there, one
//   file at a time.
// Without DATABASE_URL every product starts on the embedded engine (about 10 s of CPU each): one file at a time
// there too, as that layout was not measured side by side. BROWSER_WORKERS=n overrides.
const workers = Number(process.env.BROWSER_WORKERS) || (TESTS_ON_HEADLESS_SHELL && process.env.DATABASE_URL ? 2 : 1);

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
