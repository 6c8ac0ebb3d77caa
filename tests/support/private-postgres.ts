import { spawn, spawnSync } from 'node:child_process';
import { chownSync, closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './product';

/**
 * A PostgreSQL cluster of the test's own (initdb into a temporary directory, its own port, its socket in that
 * directory, listening on 127.0.0.1 only), which the test may stop, crash and restart. It never touches the
 * shared server on 5432. PostgreSQL refuses to run as root: as root, its programs run as the `postgres` user.
 */

/** The directory of initdb and pg_ctl: PG_BIN, else the newest /usr/lib/postgresql/<version>/bin, else PATH. */
export function postgresBinDir(): string | undefined {
  const candidates: string[] = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((v) => /^\d+$/.test(v))
      .sort((x, y) => Number(y) - Number(x));
    candidates.push(...versions.map((v) => path.join(debian, v, 'bin')));
  }
  candidates.push(...(process.env.PATH ?? '').split(path.delimiter));
  return candidates.find((dir) => dir && existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl')));
}

/** The user the PostgreSQL programs run as: ourselves, or `postgres` when we are root. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const res = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (res.status !== 0 || gid.status !== 0) return undefined;
  return { uid: Number(res.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** Why a private cluster cannot be made here, or undefined when it can. */
export function privatePostgresUnavailable(): string | undefined {
  if (process.platform === 'win32') return 'private PostgreSQL clusters are set up for Linux and macOS only';
  if (!postgresBinDir())
    return 'no PostgreSQL server programs (initdb, pg_ctl) found: install PostgreSQL or set PG_BIN';
  if (process.getuid?.() === 0 && !runAs())
    return 'running as root and there is no `postgres` user to run PostgreSQL as';
  return undefined;
}

export interface PrivatePostgres {
  url: string;
  port: number;
  /** pg_ctl start: waits until it accepts connections. */
  start(): Promise<void>;
  /** pg_ctl stop in the given mode (fast: disconnects everyone, rolls back open transactions, checkpoints). */
  stop(mode?: 'smart' | 'fast' | 'immediate'): Promise<void>;
  /** Stops it (immediate) and removes its files. */
  destroy(): Promise<void>;
  log(): string;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const reason = privatePostgresUnavailable();
  if (reason) throw new Error(`Cannot start a private PostgreSQL: ${reason}`);
  const bin = postgresBinDir()!;
  const user = runAs();
  const dir = mkdtempSync(path.join(tmpdir(), 'm3u-pg-'));
  if (user) chownSync(dir, user.uid, user.gid);
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'postgres.log');
  const outFile = path.join(dir, 'pg_ctl.out');
  const port = await freePort();

  /** Runs one of PostgreSQL's programs without blocking the event loop (the load goes on meanwhile). */
  const run = (program: string, args: string[]) =>
    new Promise<void>((resolve, reject) => {
      const out = openSync(outFile, 'a');
      const child = spawn(path.join(bin, program), args, {
        cwd: dir,
        env: { PATH: process.env.PATH ?? '', LC_ALL: 'C', TZ: 'UTC' },
        // The postmaster outlives pg_ctl and inherits its output: a file, never a pipe we would wait on.
        stdio: ['ignore', out, out],
        ...(user ?? {}),
      });
      child.once('error', (err) => {
        closeSync(out);
        reject(err);
      });
      child.once('exit', (code) => {
        closeSync(out);
        if (code === 0) resolve();
        else reject(new Error(`${program} ${args.join(' ')} failed (${code}):\n${readFileSync(outFile, 'utf8')}`));
      });
    });

  await run('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '-N']);
  const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`;
  const start = () => run('pg_ctl', ['-D', dataDir, '-l', logFile, '-w', '-t', '60', '-o', serverOptions, 'start']);
  const stop = (mode: 'smart' | 'fast' | 'immediate' = 'fast') =>
    run('pg_ctl', ['-D', dataDir, '-m', mode, '-w', '-t', '60', 'stop']);

  // Should the test process die first, the cluster must not outlive it.
  const onExit = () => {
    spawnSync(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', 'stop'], {
      stdio: 'ignore',
      ...(user ?? {}),
    });
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', onExit);

  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    async destroy() {
      process.off('exit', onExit);
      await stop('immediate').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
    log: () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : ''),
  };
}
