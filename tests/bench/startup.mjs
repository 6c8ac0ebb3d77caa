// Start-up and idle-memory figures for the built server (npm run bench:startup). Prints, asserts nothing.
// Measures: time from spawn to the first 200 on /readyz on a fresh and on an existing data directory, and
// RSS after 3 s idle, on the embedded engine and (when BENCH_DATABASE_URL or DATABASE_URL is set) PostgreSQL.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
}

async function measure(label, env) {
  const port = 3900 + Math.floor(Math.random() * 90);
  const started = performance.now();
  const child = spawn(process.execPath, ['dist/server/src/main.js'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    stdio: 'ignore',
  });
  let readyMs;
  while (readyMs === undefined) {
    if (child.exitCode !== null) throw new Error(`${label}: server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) readyMs = performance.now() - started;
    } catch {
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  await new Promise((r) => setTimeout(r, 3000));
  const rss = rssMb(child.pid);
  await new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
  console.log(
    `${label.padEnd(40)} first 200 after ${readyMs.toFixed(0).padStart(5)} ms   idle RSS ${rss.toFixed(0).padStart(4)} MB`,
  );
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'm3u-bench-'));
await measure('embedded, fresh data directory', { DATA_DIR: dataDir });
await measure('embedded, existing data directory', { DATA_DIR: dataDir });
if (pgUrl) {
  await measure('PostgreSQL (DATABASE_URL)', { DATABASE_URL: pgUrl, DATA_DIR: dataDir });
  await measure('PostgreSQL again (already migrated)', { DATABASE_URL: pgUrl, DATA_DIR: dataDir });
} else {
  console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL or DATABASE_URL)');
}
