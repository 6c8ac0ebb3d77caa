// Lighthouse (mobile settings: a mid-range phone on a throttled connection, simulated) against the production
// build, offline, in Debian's Chromium. Each page is measured RUNS times (default 5) in a fresh browser; the
// table gives the median of each figure and its spread (lowest–highest), and below it the long tasks behind the
// total blocking time of the median run. JavaScript is given as Lighthouse counts it (sent: compressed bodies
// and response headers) and as the compressed bodies alone (gzip), both for the scripts the page loads before
// any interaction. Prints figures; asserts nothing.
//
// Beside each page, its no-script copy: the same server-rendered HTML with its scripts removed (every <script>
// and modulepreload link), served through a small proxy in front of the same server, measured in the same run,
// run for run. "LCP ÷ no-script" is the page's median LCP over its copy's: how much the page's script delays its
// largest paint.
//
// Lighthouse is not among the project's dependencies (it would be a fifth of every `npm ci`'s files, for this
// bench alone): it has its own package and lockfile in tests/bench/lighthouse/, installed there by the bench's
// first run (`npm ci`, from the npm cache when it has them) and again when that lockfile changes.
// Usage: npm run bench:lighthouse            (reports in test-results/lighthouse/)
//        BENCH_RUNS=3 PAGES=/,/device/login npm run bench:lighthouse   (RUNS= also works)
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import { gzipSync } from 'node:zlib';
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.mjs';
import { startServer } from './server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const toolDir = path.join(root, 'tests', 'bench', 'lighthouse');
const installed = path.join(toolDir, 'node_modules', '.package-lock.json');
if (!existsSync(installed) || statSync(path.join(toolDir, 'package-lock.json')).mtimeMs > statSync(installed).mtimeMs) {
  console.log('Installing Lighthouse for this bench (tests/bench/lighthouse/)...');
  execFileSync('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: toolDir, stdio: 'inherit' });
}
const toolRequire = createRequire(path.join(toolDir, 'package.json'));
const fromTool = async (name) => import(pathToFileURL(toolRequire.resolve(name)).href);
const chromeLauncher = await fromTool('chrome-launcher');
const { default: lighthouse } = await fromTool('lighthouse');
// Every public page, in both languages.
const english = ['/', '/contact', '/terms-and-conditions', '/privacy-policy', '/device/login'];
const pages = process.env.PAGES?.split(',') ?? [...english, ...english.map((p) => `/ar${p === '/' ? '' : p}`)];
const runs = Number(process.env.BENCH_RUNS ?? process.env.RUNS ?? 5);
const outDir = path.join(root, 'test-results', 'lighthouse');
mkdirSync(outDir, { recursive: true });

const server = await startServer({ LOG_LEVEL: 'error' });
const { base } = server;

/** The HTML without its scripts: every <script> element and modulepreload link. */
function withoutScripts(html) {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>\s*/gi, '')
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>\s*/gi, '');
}

/**
 * The no-script copies: a proxy in front of the server that answers every request as the server does, except that
 * a page's HTML comes without its scripts (compressed again when the browser takes gzip, as the server sends it).
 */
const copies = http.createServer((req, res) => {
  const html = (req.headers.accept ?? '').includes('text/html');
  const headers = { ...req.headers, host: new URL(base).host };
  if (html) delete headers['accept-encoding'];
  const upstream = http.request(`${base}${req.url}`, { method: req.method, headers }, (answer) => {
    const type = String(answer.headers['content-type'] ?? '');
    if (!html || !type.startsWith('text/html')) {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
      return;
    }
    const chunks = [];
    answer.on('data', (chunk) => chunks.push(chunk));
    answer.on('end', () => {
      let body = Buffer.from(withoutScripts(Buffer.concat(chunks).toString('utf8')));
      const out = { ...answer.headers };
      delete out['content-length'];
      delete out.etag;
      if ((req.headers['accept-encoding'] ?? '').includes('gzip')) {
        body = gzipSync(body);
        out['content-encoding'] = 'gzip';
      }
      out['content-length'] = String(body.length);
      res.writeHead(answer.statusCode ?? 502, out);
      res.end(body);
    });
  });
  upstream.on('error', () => res.writeHead(502).end());
  req.pipe(upstream);
});
await new Promise((resolve) => copies.listen(0, '127.0.0.1', resolve));
const copyBase = `http://127.0.0.1:${copies.address().port}`;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const spread = (values, digits = 0) => `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`;
const figure = (values, digits = 0) => `${median(values).toFixed(digits)} (${spread(values, digits)})`;

/** The bytes of a script as this server sends it compressed (gzip), without the response's headers. */
function gzipBodySize(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        let size = 0;
        res.on('data', (chunk) => (size += chunk.length));
        res.on('end', () => resolve(size));
      })
      .on('error', reject);
  });
}

/** One Lighthouse run in a fresh Chromium (a reused one intermittently loses the navigation start, NO_NAVSTART). */
async function measure(page, run, origin = base) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS });
  const result = await lighthouse(`${origin}${page}`, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  }).finally(() => chrome.kill());
  const lhr = result.lhr;
  if (lhr.runtimeError) throw new Error(`${page}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const name = `${page === '/' ? 'landing' : page.slice(1).replace(/\//g, '-')}${origin === base ? '' : '-no-script'}`;
  writeFileSync(path.join(outDir, `${name}-${run + 1}.json`), result.report);
  const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  // What Lighthouse took as the largest paint, and its phases (TTFB, load delay, load time, render delay).
  const [lcpNode, lcpPhases] = lhr.audits['largest-contentful-paint-element']?.details?.items ?? [];
  const phase = (name) => lcpPhases?.items?.find((p) => p.phase === name)?.timing ?? NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    lcpElement: lcpNode?.items?.[0]?.node?.selector ?? '?',
    lcpTtfb: phase('TTFB'),
    lcpRenderDelay: phase('Render Delay'),
    si: audit('speed-index'),
    // What Lighthouse counts (compressed bodies and the responses' headers), and the compressed bodies alone.
    jsKb: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024,
    jsGzipKb: (await Promise.all(scripts.map((r) => gzipBodySize(r.url)))).reduce((a, b) => a + b, 0) / 1024,
    longTasks: (lhr.audits['long-tasks']?.details?.items ?? []).map((t) => ({
      url: t.url,
      startMs: Math.round(t.startTime),
      durationMs: Math.round(t.duration),
    })),
    failing: Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id),
  };
}

const rows = [];
const details = [];
try {
  for (const page of pages) {
    const results = [];
    const copyResults = [];
    for (let run = 0; run < runs; run += 1) {
      // The page, then its no-script copy: run for run, so that both see the machine as it is.
      for (const [origin, into] of [
        [base, results],
        [copyBase, copyResults],
      ]) {
        // Lighthouse now and then loses a trace (NO_NAVSTART, NO_FCP): that run is taken again, up to twice.
        for (let attempt = 1; ; attempt += 1) {
          try {
            into.push(await measure(page, run, origin));
            break;
          } catch (error) {
            if (attempt === 3) throw error;
            console.warn(`${page} run ${run + 1}: ${error.message}; measuring again`);
          }
        }
      }
    }
    const pick = (key) => results.map((r) => r[key]);
    const pickCopy = (key) => copyResults.map((r) => r[key]);
    rows.push({
      page,
      performance: figure(pick('performance')),
      a11y: figure(pick('accessibility')),
      'best pr.': median(pick('bestPractices')),
      seo: median(pick('seo')),
      'FCP ms': figure(pick('fcp')),
      'LCP ms': figure(pick('lcp')),
      'no-script LCP ms': figure(pickCopy('lcp')),
      // The medians' ratio, and (in brackets) the lowest and highest of the runs' ratios, run for run.
      'LCP ÷ no-script': `${(median(pick('lcp')) / median(pickCopy('lcp'))).toFixed(2)} (${spread(
        results.map((r, i) => r.lcp / copyResults[i].lcp),
        2,
      )})`,
      'TBT ms': figure(pick('tbt')),
      CLS: figure(pick('cls'), 3),
      'JS KB sent': median(pick('jsKb')).toFixed(1),
      'JS KB gzip': median(pick('jsGzipKb')).toFixed(1),
    });
    const byTbt = [...results].sort((a, b) => a.tbt - b.tbt);
    const typical = byTbt[Math.floor(byTbt.length / 2)];
    const lcpOf = (list) =>
      `${[...new Set(list.map((r) => r.lcpElement))].join(' | ')}, TTFB ${figure(list.map((r) => r.lcpTtfb))} ms, ` +
      `render delay ${figure(list.map((r) => r.lcpRenderDelay))} ms`;
    details.push({
      page,
      longTasks: typical.longTasks,
      failing: [...new Set(results.flatMap((r) => r.failing))],
      lcp: `page: ${lcpOf(results)}; no-script copy: ${lcpOf(copyResults)}`,
    });
  }
} finally {
  await server.stop();
  copies.close();
}
const cpu = os.cpus();
console.log(
  `Lighthouse ${toolRequire('lighthouse/package.json').version} mobile, ${runs} runs per page, ${new Date().toISOString()}, ` +
    `${cpu.length} × ${cpu[0]?.model ?? 'cpu'}, Node ${process.version}; medians (lowest–highest)`,
);
console.table(rows);
for (const { page, longTasks, failing, lcp } of details) {
  console.log(`${page}: largest paint (${lcp})`);
  const tasks = longTasks.map((t) => `${t.durationMs} ms at ${t.startMs} ms (${t.url})`).join('; ') || 'none';
  console.log(`${page}: long tasks of the median-TBT run: ${tasks}`);
  if (failing.length) console.log(`${page}: failing audits: ${failing.join(', ')}`);
}
