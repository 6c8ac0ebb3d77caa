import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import lockfile from 'proper-lockfile';

export interface EmbeddedPostgres {
  /** A postgres:// URL for the `pg` driver, on a loopback port only this machine can reach. */
  url: string;
  /** The whole data directory as a tarball, for `loadDataDir` (serve no connection meanwhile). */
  dump(): Promise<Blob>;
  stop(): Promise<void>;
}

export class DataDirLockedError extends Error {}

/**
 * Starts PGlite (PostgreSQL compiled to WebAssembly) inside this process and serves it over the PostgreSQL
 * wire protocol on 127.0.0.1, so the same `pg` driver, TypeORM driver, migrations and session store work as
 * against a real server. With a data directory, data survive restarts and a lock file keeps a second process
 * from opening the same files (PGlite would corrupt them); without one the database lives in memory.
 */
export async function startEmbeddedPostgres(options: {
  dataDir?: string;
  maxConnections: number;
  /**
   * In memory only: start from this dump of a data directory (`dumpDataDir()`'s tarball) instead of an empty
   * cluster. The test suites migrate one database once and start every in-memory server from it, skipping the
   * cluster's creation (initdb, about 5 s here).
   */
  loadDataDir?: Blob;
}): Promise<EmbeddedPostgres> {
  let releaseLock: (() => Promise<void>) | undefined;
  let pgDir: string | undefined;
  if (options.dataDir) {
    const dir = path.resolve(options.dataDir);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    try {
      // The lock is refreshed every few seconds; a lock left by a killed process goes stale and is taken over.
      releaseLock = await lockfile.lock(dir, { lockfilePath: path.join(dir, 'db.lock'), stale: 15_000, update: 5_000 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ELOCKED') {
        throw new DataDirLockedError(
          `The data directory ${dir} is in use by another running server. Stop that process, or set DATA_DIR to another directory.`,
        );
      }
      throw err;
    }
    pgDir = path.join(dir, 'pg');
  }

  try {
    if (pgDir && !existsSync(path.join(pgDir, 'PG_VERSION'))) {
      // Creating the cluster (initdb) grows the WebAssembly heap by several hundred MB, and a heap never
      // shrinks: create it, close it, and serve from a fresh instance (about 470 MB less RSS, measured).
      await (await PGlite.create(pgDir)).close();
    }
    const db = await PGlite.create(pgDir, options.loadDataDir && !pgDir ? { loadDataDir: options.loadDataDir } : {});
    const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: options.maxConnections });
    await server.start();
    // getServerConn() answers "host:port" for a TCP listener.
    const port = Number(server.getServerConn().split(':').pop());
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      dump: () => db.dumpDataDir('none'),
      async stop() {
        await server.stop();
        await db.close();
        await releaseLock?.();
      },
    };
  } catch (err) {
    await releaseLock?.();
    throw err;
  }
}
