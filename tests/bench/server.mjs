// The built server as the benchmarks run it: production mode, a fresh embedded data directory (or the
// DATABASE_URL given in env), waiting until /readyz answers. BENCH_PROFILE_DIR writes a CPU profile of it.
// With `baseline`, the load benchmark's yardstick runs in the same process on a port of its own (bench-main.mjs).
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A port nothing listens on now (the machine may run other services on guessable ones). */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

export async function startServer(env = {}, { baseline = false } = {}) {
  const port = await freePort();
  const baselinePort = baseline ? await freePort() : undefined;
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : []),
      baseline ? 'tests/bench/bench-main.mjs' : 'dist/server/src/main.js',
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        // Production mode, as operators run it (graphql-js skips its development-only checks).
        NODE_ENV: 'production',
        SESSION_SECRET: 'bench-session-secret-0123456789-abcdefghij',
        SERVED_OVER_HTTPS: 'false',
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'm3u-bench-')),
        REGISTER_MAX_PER_IP_PER_HOUR: '1000',
        ...(baselinePort ? { BENCH_BASELINE_PORT: String(baselinePort) } : {}),
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    base,
    baselineBase: baselinePort ? `http://127.0.0.1:${baselinePort}` : undefined,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/** One GraphQL operation; its errors are thrown. */
export async function gql(base, query, variables, headers = {}) {
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query, variables }),
  });
  const body = await res.json();
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}
