// Runs every test suite and ends with one line: "N passed, N failed".
// Suites: codegen drift, i18n (messages extracted and translated), build (the product, as `npm start` builds it), server (jest: unit + integration), client (vitest), browser (playwright-core), load
// (the load benchmark's short form).
// DATABASE_URL set: integration tests run on that PostgreSQL server; otherwise on the embedded engine.
// REQUIRE_BROWSER=1 (CI): a missing Chromium is a failure instead of a visible skip.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_CHROMIUM_PATH } from './chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, 'test-results');
// Nothing of an earlier run may be read as this one's: every report, and the summary, is written afresh.
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });
const only = process.argv.slice(2);
const runStarted = Date.now();
const results = [];

function run(command, args, env = {}) {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  // A suite that hangs (an open handle) fails after 20 minutes instead of holding CI to its limit.
  const res = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
    timeout: 20 * 60_000,
  });
  if (res.error) console.error(`${command} ${args[0]}: ${res.error.message}`);
  return res.status ?? 1;
}

function fromJson(file, exitCode) {
  if (!existsSync(file)) return { passed: 0, failed: 1 };
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const failedToRun = report.numRuntimeErrorTestSuites ?? 0;
  let failed = report.numFailedTests + failedToRun;
  // A non-zero exit with no failed test (a crash after the tests, a suite that could not load) still fails.
  if (exitCode !== 0 && failed === 0) failed = 1;
  // Tests that skipped themselves (a missing tool outside CI) are counted and shown, never hidden.
  return {
    passed: report.numPassedTests,
    failed,
    skippedTests: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

/** Seconds, one decimal. */
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function suite(name, fn) {
  if (only.length && !only.includes(name)) return;
  const started = Date.now();
  const outcome = fn();
  const ms = Date.now() - started;
  // Each suite's time, as it ends and again in the summary, so a slow one shows at once.
  console.log(`\n[${name}] ${seconds(ms)}`);
  results.push({ name, ms, ...outcome });
}

suite('codegen', () => {
  const code = run('npx', ['graphql-codegen', '--config', 'codegen.yml', '--check']);
  if (code !== 0)
    console.error('Generated files drifted from schema/ or the operations: run `npm run codegen` and commit.');
  return code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
});

suite('i18n', () => {
  // Every message the code shows is in lang/en.json, and every language has each of them, well formed.
  const code = run('node', ['scripts/i18n.mjs', 'check']);
  return code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
});

// The product's build (scripts/ensure-build.sh, as `npm start` makes it), once, before the suites that use it: the
// browser and load suites run it, and the server suite's build test copies it rather than building again.
suite('build', () => {
  const code = run('sh', ['scripts/ensure-build.sh']);
  return code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
});

suite('server', () => {
  const file = path.join(resultsDir, 'server.json');
  const code = run('npx', ['jest', '--json', `--outputFile=${file}`], {
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules`.trim(),
  });
  return fromJson(file, code);
});

/** Runs one vitest project with a JSON report and reads its counts. */
function vitest(name, config) {
  const file = path.join(resultsDir, `${name}.json`);
  const code = run('npx', [
    'vitest',
    'run',
    '--config',
    config,
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${file}`,
  ]);
  return fromJson(file, code);
}

suite('client', () => vitest('client', 'client/vite.config.mts'));

suite('browser', () => {
  const chromium = TEST_CHROMIUM_PATH;
  if (!existsSync(chromium)) {
    const message = `Browser tests SKIPPED: no Chromium at ${chromium} (install it with: apt-get install -y chromium chromium-headless-shell).`;
    console.log(`\n*** ${message} ***`);
    return process.env.REQUIRE_BROWSER === '1' ? { passed: 0, failed: 1 } : { passed: 0, failed: 0, skipped: true };
  }
  if (run('sh', ['scripts/ensure-build.sh']) !== 0) return { passed: 0, failed: 1 };
  return vitest('browser', 'tests/e2e/vitest.config.mts');
});

// The load benchmark in its short form (tests/bench/load.mjs, BENCH_SHORT=1): GraphQL, REST and the baseline
// under concurrent portal traffic on the embedded engine and, with DATABASE_URL, on PostgreSQL. Each transport on
// each database passes when it answered every request without an error; its figures are printed, not judged
// (timings depend on the machine; `npm run bench:load` is the long form).
suite('load', () => {
  if (run('sh', ['scripts/ensure-build.sh']) !== 0) return { passed: 0, failed: 1 };
  const file = path.join(resultsDir, 'load.json');
  rmSync(file, { force: true });
  const code = run('node', ['tests/bench/load.mjs'], { BENCH_SHORT: '1', BENCH_REPORT: file });
  if (!existsSync(file)) return { passed: 0, failed: 1 };
  const rows = JSON.parse(readFileSync(file, 'utf8'));
  const failed = rows.filter((r) => r.errors > 0).length;
  return { passed: rows.length - failed, failed: failed || (code !== 0 ? 1 : 0) };
});

console.log('\nSuites:');
const counts = (r) => `${r.passed} passed, ${r.failed} failed${r.skippedTests ? `, ${r.skippedTests} skipped` : ''}`;
for (const r of results)
  console.log(`  ${r.name.padEnd(8)} ${(r.skipped ? 'skipped' : counts(r)).padEnd(32)} ${seconds(r.ms).padStart(8)}`);
console.log(`  ${'total'.padEnd(8)} ${''.padEnd(32)} ${seconds(Date.now() - runStarted).padStart(8)}`);
const summary = counts({
  passed: results.reduce((n, r) => n + r.passed, 0),
  failed: results.reduce((n, r) => n + r.failed, 0),
  skippedTests: results.reduce((n, r) => n + (r.skippedTests ?? 0), 0),
});
const failed = results.reduce((n, r) => n + r.failed, 0);
writeFileSync(path.join(resultsDir, 'summary.txt'), `${summary}\n`);
console.log(summary);
process.exit(failed === 0 ? 0 : 1);
