// Lighthouse (mobile settings, simulated throttling) against the production build, offline, in Debian's
// Chromium: prints the four category scores, CLS and the JavaScript the page loads before any interaction.
// Usage: npm run bench:lighthouse   (reports in test-results/lighthouse/). Prints figures; asserts nothing.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const pages = ['/', '/contact', '/terms-and-conditions', '/privacy-policy'];
const outDir = path.join(root, 'test-results', 'lighthouse');
mkdirSync(outDir, { recursive: true });

const port = 3900 + Math.floor(Math.random() * 90);
const server = spawn(process.execPath, ['dist/server/src/main.js'], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    SESSION_SECRET: 'lighthouse-bench-secret-0123456789abcdef',
    SERVED_OVER_HTTPS: 'false',
    PORT: String(port),
    DATABASE_URL: '',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'm3u-lh-')),
    LOG_LEVEL: 'error',
  },
  stdio: 'inherit',
});
const base = `http://localhost:${port}`;
for (let i = 0; ; i += 1) {
  try {
    if ((await fetch(`${base}/readyz`)).ok) break;
  } catch {
    if (i > 300) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
}

// A fresh Chromium for each page: a reused one intermittently loses the navigation start (NO_NAVSTART).
function launchChrome() {
  return chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS });
}

const rows = [];
try {
  for (const page of pages) {
    const chrome = await launchChrome();
    const result = await lighthouse(`${base}${page}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    }).finally(() => chrome.kill());
    const lhr = result.lhr;
    const name = page === '/' ? 'landing' : page.slice(1);
    writeFileSync(path.join(outDir, `${name}.json`), result.report);
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const scripts = (lhr.audits['network-requests']?.details?.items ?? []).filter((r) => r.resourceType === 'Script');
    const jsKb = scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024;
    const failing = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id);
    rows.push({
      page,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      cls: lhr.audits['cumulative-layout-shift']?.numericValue?.toFixed(3) ?? lhr.runtimeError?.code,
      lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN),
      jsKbTransferred: jsKb.toFixed(1),
      failingAudits: failing.join(', ') || '-',
    });
  }
} finally {
  server.kill('SIGTERM');
}
console.table(rows);
