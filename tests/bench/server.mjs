// The built server as the benchmarks run it: production mode, a fresh embedded data directory (or the
// DATABASE_URL given in env), waiting until /readyz answers. BENCH_PROFILE_DIR writes a CPU profile of it.
// With `baseline`, the load benchmark's yardstick runs in the same process on a port of its own (bench-main.mjs).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
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

/** The fixed captcha answer of a seeding server (see startSeeder). */
export const SEED_CAPTCHA = 'BENCH';

/**
 * A test-mode server on the data of `env` (give it the DATA_DIR or DATABASE_URL the measured server will use):
 * the one mode with a fixed captcha answer, so owners can sign in while the data is seeded (playlist changes and
 * checks are the owner's; a TV's token may only read). Stop it before the production-mode server starts on the
 * same data: the sessions it made hold there too (same database, same session secret).
 */
export function startSeeder(env) {
  return startServer({ ...env, NODE_ENV: 'test', CAPTCHA_TEST_ANSWER: SEED_CAPTCHA });
}

/** Signs a registered device's owner in to the portal of a seeding server; the session cookie to send. */
export async function signInOwner(base, macAddress, deviceKey, headers = {}) {
  const captcha = await fetch(`${base}/frontend/captcha/generate`, { headers }).then((res) => res.json());
  const res = await fetch(`${base}/frontend/device/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({
      mac_address: macAddress,
      device_key: deviceKey,
      captcha: SEED_CAPTCHA,
      token: captcha.token,
    }),
  });
  if (!res.ok) throw new Error(`sign-in: ${res.status} ${(await res.text()).slice(0, 300)}`);
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** The CPU time in a `/proc/<pid>/stat` line, in µs (Linux: utime + stime in clock ticks of 10 ms). */
export function statCpuMicros(stat) {
  const fields = stat.split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/** CPU time a process has used so far, in µs. */
export function cpuMicros(pid) {
  try {
    return statCpuMicros(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return NaN;
  }
}
