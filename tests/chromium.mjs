import { existsSync } from 'node:fs';

// Debian's Chromium as every browser suite and benchmark launches it: headless, and kept off
// the network it cannot reach here.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's package chromium-headless-shell: Chromium's "old" headless mode, the one Playwright runs by default. */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The Chromium of the browser tests: CHROMIUM_PATH when set; otherwise the headless shell when installed, else
 * /usr/bin/chromium. The shell is the same engine (Blink, V8, the same version) without the full browser's UI
 * layer: measured on the 2-core CI machine, a fresh page loaded and idle in 1.3 s instead of 2.2 s, with about 40%
 * less CPU, and the whole browser suite passed on both (docs/testing.md). Lighthouse keeps CHROMIUM_PATH.
 */
export const TEST_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
