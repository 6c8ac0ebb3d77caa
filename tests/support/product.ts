import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { jsonOf } from './http';

/**
 * The built server as production runs it (`node dist/server/src/main.js`), as a child process the fault tests
 * can signal, kill and restart. The build is brought up to date first, once, whichever test file asks.
 */

export const PROJECT_ROOT = path.resolve(__dirname, '../..');
export const FAULT_CAPTCHA = 'FAULT7';
const ENTRY = path.join(PROJECT_ROOT, 'dist', 'server', 'src', 'main.js');
/** The payment stand-ins' build (a workspace package the server loads when a method has no credentials). */
const SANDBOX_ENTRY = path.join(PROJECT_ROOT, 'sandbox', 'dist', 'index.js');
/** What `npm run build:server` runs, in order: the stand-ins' package, then the server. */
const BUILDS = ['sandbox/tsconfig.json', 'tsconfig.build.json'];

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(full));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
      newest = Math.max(newest, statSync(full).mtimeMs);
    }
  }
  return newest;
}

function buildIsStale(): boolean {
  if (!existsSync(ENTRY) || !existsSync(SANDBOX_ENTRY)) return true;
  const sources = Math.max(
    newestSource(path.join(PROJECT_ROOT, 'server', 'src')),
    newestSource(path.join(PROJECT_ROOT, 'common')),
    newestSource(path.join(PROJECT_ROOT, 'sandbox', 'src')),
    statSync(path.join(PROJECT_ROOT, 'tsconfig.json')).mtimeMs,
    ...BUILDS.map((config) => statSync(path.join(PROJECT_ROOT, config)).mtimeMs),
  );
  return Math.min(statSync(ENTRY).mtimeMs, statSync(SANDBOX_ENTRY).mtimeMs) < sources;
}

/** `npm run build:server` when dist/ is missing or older than the sources; test files take turns. */
export async function ensureServerBuilt(): Promise<void> {
  if (!buildIsStale()) return;
  const dist = path.join(PROJECT_ROOT, 'dist');
  mkdirSync(dist, { recursive: true });
  const release = await lockfile.lock(dist, {
    lockfilePath: path.join(dist, '.server-build.lock'),
    stale: 120_000,
    retries: { retries: 240, minTimeout: 250, maxTimeout: 500 },
  });
  try {
    if (!buildIsStale()) return;
    const tsc = require.resolve('typescript/bin/tsc');
    for (const config of BUILDS) {
      const res = spawnSync(process.execPath, [tsc, '-p', config], {
        cwd: PROJECT_ROOT,
        encoding: 'utf8',
        timeout: 120_000,
      });
      if (res.status !== 0) {
        throw new Error(`npm run build:server (tsc -p ${config}) failed (${res.status}):\n${res.stdout}${res.stderr}`);
      }
    }
  } finally {
    await release();
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** 'connected', or the error code of a TCP connection attempt to the port. */
export function connectOutcome(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'failed'));
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the process wrote (its JSON log lines). */
  output(): string;
  /** Settles when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  isRunning(): boolean;
  /** SIGTERM, then waits for the exit (SIGKILL after `ms`). */
  stop(ms?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILL: no handler runs, nothing is flushed or closed. */
  kill(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts `node dist/server/src/main.js` on a free port and waits until /readyz answers 200. Only the variables
 * given here reach it (plus PATH and HOME), and one given as undefined is left unset: DATABASE_URL unset means
 * the embedded engine in `dataDir`.
 */
export async function startBuiltServer(
  env: Record<string, string | undefined> = {},
  options: { dataDir?: string; readyWithinMs?: number } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'm3u-fault-'));
  let output = '';
  const child = spawn(process.execPath, [ENTRY], {
    cwd: PROJECT_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SESSION_SECRET: 'fault-tests-session-secret-0123456789abcdef',
      CAPTCHA_TEST_ANSWER: FAULT_CAPTCHA,
      REGISTER_MAX_PER_IP_PER_HOUR: '100000',
      // The check opens no channel of the tests' playlists unless a test asks for it: their channel addresses are
      // placeholders or public ones (tests/fixtures/README.md), never fetched. Stream tests set it (*streams*).
      PLAYLIST_CHECK_STREAM_SAMPLES: '0',
      // The test run's scrypt cost (tests/support/jest-env.cjs), so keys hashed by the tests verify here. Only
      // a test-mode server takes it; one in production mode hashes at production cost.
      ...((env.NODE_ENV ?? 'test') === 'test' ? { SCRYPT_TEST_COST: process.env.SCRYPT_TEST_COST } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + (options.readyWithinMs ?? 30_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`The server exited:\n${output}`);
    const ready = await fetch(`${url}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`The server was not ready in time:\n${output}`);
    }
    await sleep(50);
  }
  const isRunning = () => child.exitCode === null && child.signalCode === null;
  const cleanUp = () => {
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  return {
    url,
    port,
    child,
    output: () => output,
    exited,
    isRunning,
    async stop(ms = 15_000) {
      if (isRunning()) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), ms);
        await exited;
        clearTimeout(timer);
      }
      cleanUp();
      return exited;
    },
    async kill() {
      if (isRunning()) child.kill('SIGKILL');
      const result = await exited;
      cleanUp();
      return result;
    },
  };
}

/** A GraphQL call as a client makes it; `status` 0 when no answer came (refused, reset, timed out). */
export async function graphql(
  url: string,
  query: string,
  variables: Record<string, unknown> = {},
  headers: Record<string, string> = {},
  timeoutMs = 15_000,
): Promise<{ status: number; json: any; error?: string }> {
  try {
    const res = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query, variables }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    return { status: res.status, json: jsonOf(text) };
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause;
    return { status: 0, json: undefined, error: cause?.code ?? (err as Error).name };
  }
}

/** Registers a TV through the graph, as the app does on its first launch; returns its token. */
export async function registerTv(url: string, macAddress: string): Promise<{ deviceToken: string; deviceKey: string }> {
  const res = await graphql(
    url,
    'mutation($input: RegisterDeviceInput!) { registerDevice(input: $input) { deviceKey deviceToken } }',
    { input: { macAddress, model: 'Fault TV', appVersion: '1.0.0' } },
  );
  const registered = res.json?.data?.registerDevice;
  if (!registered) throw new Error(`registerDevice failed: ${res.status} ${JSON.stringify(res.json)}`);
  return registered;
}

/**
 * A registered TV's owner signed in to the portal (the test captcha answer), as the person does: the session
 * cookie to send. Playlist changes and payments need it; a TV's token is refused there.
 */
export async function signInOwner(url: string, macAddress: string, deviceKey: string): Promise<string> {
  const captcha = (await (await fetch(`${url}/frontend/captcha/generate`)).json()) as { token: string };
  const res = await fetch(`${url}/frontend/device/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      mac_address: macAddress,
      device_key: deviceKey,
      captcha: FAULT_CAPTCHA,
      token: captcha.token,
    }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** A MAC address of the locally administered range, unique within a run (a random prefix, then a counter). */
const macPrefix = [0x02, ...Array.from({ length: 3 }, () => Math.floor(Math.random() * 256))];
let macCounter = 0;
export function uniqueMac(): string {
  macCounter += 1;
  return [...macPrefix, (macCounter >> 8) & 0xff, macCounter & 0xff]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join(':');
}
