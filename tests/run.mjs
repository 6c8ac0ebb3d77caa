// Runs every test suite and ends with one line: "N passed, N failed".
// Suites: codegen drift, i18n (messages extracted and translated), build (the product, as `npm start` builds it), server (jest: unit + integration), client (vitest), browser (playwright-core), load
// (the load benchmark's short form).
// DATABASE_URL set: integration tests run on that PostgreSQL server; otherwise on the embedded engine.
// REQUIRE_BROWSER=1 (CI): a missing Chromium is a failure instead of a visible skip.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

/**
 * Runs a command of a suite. A suite of the first lane writes to this terminal as it goes; one of another lane
 * (TEST_LANES, below) to test-results/<suite>.log, printed whole when it ends, so two suites never interleave.
 */
function run(command, args, env = {}, log = undefined) {
  const line = `\n$ ${command} ${args.join(' ')}\n`;
  if (log) log.write(line);
  else process.stdout.write(line);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: log ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    if (log) {
      child.stdout.pipe(log, { end: false });
      child.stderr.pipe(log, { end: false });
    }
    // A suite that hangs (an open handle) fails after 20 minutes instead of holding CI to its limit.
    const timer = setTimeout(() => child.kill('SIGKILL'), 20 * 60_000);
    child.on('error', (error) => {
      (log ?? process.stderr).write(`${command} ${args[0]}: ${error.message}\n`);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve(code ?? 1);
    });
  });
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

/** The suites, in order, each `{ name, fn }`; `fn(log)` resolves to its counts. */
const suites = [];
function suite(name, fn) {
  if (only.length && !only.includes(name)) return;
  suites.push({ name, fn });
}

suite('codegen', async (log) => {
  const code = await run('npx', ['graphql-codegen', '--config', 'codegen.yml', '--check'], {}, log);
  if (code !== 0)
    console.error('Generated files drifted from schema/ or the operations: run `npm run codegen` and commit.');
  return code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
});

suite('i18n', async (log) => {
  // Every message the code shows is in lang/en.json, and every language has each of them, well formed.
  const code = await run('node', ['scripts/i18n.mjs', 'check'], {}, log);
  return code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
});

// The product's build (scripts/ensure-build.sh, as `npm start` makes it), once, before the suites that use it: the
// browser and load suites run it, and the server suite's build test copies it rather than building again.
suite('build', async (log) => {
  const code = await run('sh', ['scripts/ensure-build.sh'], {}, log);
  return code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
});

suite('server', async (log) => {
  const file = path.join(resultsDir, 'server.json');
  const code = await run(
    'npx',
    ['jest', '--json', `--outputFile=${file}`],
    { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules`.trim() },
    log,
  );
  return fromJson(file, code);
});

/** Runs one vitest project with a JSON report and reads its counts. */
async function vitest(name, config, log, env = {}) {
  const file = path.join(resultsDir, `${name}.json`);
  const code = await run(
    'npx',
    ['vitest', 'run', '--config', config, '--reporter=default', '--reporter=json', `--outputFile=${file}`],
    env,
    log,
  );
  return fromJson(file, code);
}

suite('client', (log) => vitest('client', 'client/vite.config.mts', log));

suite('browser', async (log) => {
  const chromium = TEST_CHROMIUM_PATH;
  if (!existsSync(chromium)) {
    const message = `Browser tests SKIPPED: no Chromium at ${chromium} (install it with: apt-get install -y chromium chromium-headless-shell).`;
    console.log(`\n*** ${message} ***`);
    return process.env.REQUIRE_BROWSER === '1' ? { passed: 0, failed: 1 } : { passed: 0, failed: 0, skipped: true };
  }
  if ((await run('sh', ['scripts/ensure-build.sh'], {}, log)) !== 0) return { passed: 0, failed: 1 };
  // Beside the server's suite (two lanes), two files at once rather than three: each file is a product server,
  // a Chromium and a test process, and three of them left the server's two jest workers, the longer lane, a
  // small share of the two cores.
  return vitest('browser', 'tests/e2e/vitest.config.mts', log, {
    BROWSER_WORKERS: process.env.BROWSER_WORKERS ?? (lanes >= 2 ? '2' : '3'),
  });
});

// The load benchmark in its short form (tests/bench/load.mjs, BENCH_SHORT=1): GraphQL, REST and the baseline
// under concurrent portal traffic on the embedded engine and, with DATABASE_URL, on PostgreSQL. Each transport on
// each database passes when it answered every request without an error; its figures are printed, not judged
// (timings depend on the machine; `npm run bench:load` is the long form).
suite('load', async (log) => {
  if ((await run('sh', ['scripts/ensure-build.sh'], {}, log)) !== 0) return { passed: 0, failed: 1 };
  const file = path.join(resultsDir, 'load.json');
  rmSync(file, { force: true });
  const code = await run('node', ['tests/bench/load.mjs'], { BENCH_SHORT: '1', BENCH_REPORT: file }, log);
  if (!existsSync(file)) return { passed: 0, failed: 1 };
  const rows = JSON.parse(readFileSync(file, 'utf8'));
  const failed = rows.filter((r) => r.errors > 0).length;
  return { passed: rows.length - failed, failed: failed || (code !== 0 ? 1 : 0) };
});

/** Runs a lane's suites one after another; `logged`: into files, printed as each ends. */
async function runLane(lane, logged) {
  for (const { name, fn } of lane) {
    const started = Date.now();
    const file = path.join(resultsDir, `${name}.log`);
    const log = logged ? createWriteStream(file) : undefined;
    const outcome = await fn(log);
    const ms = Date.now() - started;
    if (log) {
      await new Promise((resolve) => log.end(resolve));
      process.stdout.write(`\n----- ${name} (run beside the other suites; its output, from ${file}) -----\n`);
      process.stdout.write(readFileSync(file));
    }
    // Each suite's time, as it ends and again in the summary, so a slow one shows at once.
    console.log(`\n[${name}] ${seconds(ms)}`);
    results.push({ name, ms, ...outcome });
  }
}

// TEST_LANES=2 (the default): the build first, then two lanes at once, the server's suite then the load
// benchmark's in one, the client's then the browser's in the other (printed whole as each ends). Each suite
// waits on timers, sockets and pages much of its time: one after another, the 2-core machine was idle a third of
// the time (docs/testing.md has the figures). TEST_LANES=1 runs them one after another, as they are listed.
const lanes = Number(process.env.TEST_LANES ?? 2);
const first = suites.filter((s) => ['codegen', 'i18n', 'build'].includes(s.name));
const rest = suites.filter((s) => !first.includes(s));
await runLane(first, false);
if (lanes >= 2) {
  const second = rest.filter((s) => ['client', 'browser'].includes(s.name));
  await Promise.all([
    runLane(
      rest.filter((s) => !second.includes(s)),
      false,
    ),
    runLane(second, true),
  ]);
} else await runLane(rest, false);

const order = suites.map((s) => s.name);
results.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
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
