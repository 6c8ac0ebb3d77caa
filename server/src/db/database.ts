import { setTimeout as sleep } from 'node:timers/promises';
import { Client, type Pool } from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { createDataSource, type Tables } from './data-source';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded';

export interface Database {
  dataSource: DataSource;
  /** 'postgres' for DATABASE_URL, 'embedded' for PGlite. */
  kind: 'postgres' | 'embedded';
  /**
   * Closes the pool (and stops the embedded engine). With `settleUntil` (a Date.now() value), it first waits
   * until then for the statements in flight to finish: closing under them would cut them off, and hand a
   * connection still busy with one to the next caller.
   */
  close(options?: { settleUntil?: number }): Promise<void>;
  /** The embedded engine's data directory as a tarball (see startEmbeddedPostgres); undefined on PostgreSQL. */
  dumpEmbedded?(): Promise<Blob>;
}

/**
 * Opens the database the configuration asks for and brings its schema up to date with `tables`' migrations
 * (server/src/database.ts's openDatabase gives this product's). `dataDir: undefined` with no URL gives a
 * throw-away in-memory embedded database (tests).
 */
export async function openDatabaseWith(
  tables: Tables,
  options: {
    databaseUrl?: string;
    dataDir?: string;
    poolSize: number;
    /** In-memory embedded engine only: a migrated data directory's tarball to start from (test suites). */
    embeddedTemplate?: Blob;
    /**
     * 'auto' (default): run the pending migrations. 'check': an operator migrates with `npm run migrate` as a
     * deploy step of its own, so a PostgreSQL database with migrations pending is refused (MigrationsPendingError)
     * rather than migrated by every starting instance; a fresh database and the embedded engine still migrate.
     */
    migrate?: 'auto' | 'check';
    /** Hears the name of each migration run. */
    onMigrated?: (names: string[]) => void;
  },
): Promise<Database> {
  let embedded: EmbeddedPostgres | undefined;
  let url = options.databaseUrl;
  let poolSize = options.poolSize;
  if (!url) {
    // One connection. The embedded engine runs one query at a time anyway, and its socket server queues the
    // extended protocol's messages (Parse, Bind, Execute, Sync) one by one across connections: two
    // connections' unnamed statements interleave and each runs the other's query. Measured: concurrent
    // requests read wrong rows with a pool of 4, never with 1.
    poolSize = 1;
    // Room for the support tool and a spare.
    embedded = await startEmbeddedPostgres({
      dataDir: options.dataDir,
      maxConnections: 4,
      loadDataDir: options.embeddedTemplate,
    });
    url = embedded.url;
  }
  const dataSource = createDataSource(url, poolSize, tables);
  try {
    await dataSource.initialize();
    if (options.migrate === 'check' && !embedded) await refusePending(dataSource);
    const ran = await runMigrations(dataSource, embedded ? undefined : url);
    options.onMigrated?.(ran);
  } catch (err) {
    if (dataSource.isInitialized) await dataSource.destroy();
    await embedded?.stop();
    throw err;
  }
  return {
    dataSource,
    kind: embedded ? 'embedded' : 'postgres',
    dumpEmbedded: embedded?.dump,
    async close({ settleUntil } = {}) {
      if (settleUntil) await settled((dataSource.driver as PostgresDriver).master as Pool, settleUntil);
      await dataSource.destroy();
      await embedded?.stop();
    },
  };
}

/**
 * Resolves once no connection is lent out and nobody waits for one, seen twice in a row a few milliseconds
 * apart (a request between two of its statements holds none for a moment), or at `until`.
 */
async function settled(pool: Pool, until: number): Promise<void> {
  for (let quiet = 0; quiet < 2 && Date.now() < until;) {
    quiet = pool.totalCount === pool.idleCount && pool.waitingCount === 0 ? quiet + 1 : 0;
    if (quiet < 2) await sleep(10);
  }
}

/** Any constant, the same in every instance: the advisory lock that lets one instance at a time migrate. */
const MIGRATION_LOCK_KEY = 1_763_700_000;
/** How often an instance waiting for another's migrations asks for the lock again. */
const MIGRATION_LOCK_POLL_MS = 200;

/**
 * Runs the pending migrations. On a PostgreSQL server several instances may start at once (two replicas behind
 * a load balancer, a rolling deploy): a session-level advisory lock, held on a connection of its own (a pool of
 * one could not lend another), makes them migrate one after the other; the later ones find nothing to do. The
 * lock goes with its connection if the process dies. The embedded engine has one process by construction.
 */
async function runMigrations(dataSource: DataSource, serverUrl: string | undefined): Promise<string[]> {
  const migrate = async () => (await dataSource.runMigrations({ transaction: 'each' })).map((ran) => ran.name);
  if (!serverUrl) return migrate();
  const lock = new Client({ connectionString: serverUrl, connectionTimeoutMillis: 5_000 });
  // A connection lost while waiting is reported by the query; without a listener it would end the process.
  lock.on('error', () => {});
  await lock.connect();
  try {
    // Polled, not waited for inside one statement: a waiting statement is an open transaction, which a migration
    // building an index CONCURRENTLY on the holder's side waits for in turn, and neither would ever finish.
    for (;;) {
      const { rows } = await lock.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
        MIGRATION_LOCK_KEY,
      ]);
      if (rows[0]?.locked) break;
      await sleep(MIGRATION_LOCK_POLL_MS);
    }
    return await migrate();
  } finally {
    await lock.end();
  }
}

/** Migrations are pending on a database that has some already: `npm run migrate` is the operator's step. */
export class MigrationsPendingError extends Error {
  constructor(readonly pending: string[]) {
    super(
      `The database needs ${pending.length} migration${pending.length === 1 ? '' : 's'} (${pending.join(', ')}): ` +
        'run `npm run migrate`, then start the server (MIGRATE_ON_START=false).',
    );
    this.name = 'MigrationsPendingError';
  }
}

async function refusePending(dataSource: DataSource): Promise<void> {
  const table = dataSource.options.migrationsTableName ?? 'migrations';
  const [{ present }] = (await dataSource.query(`SELECT to_regclass($1) IS NOT NULL AS present`, [table])) as [
    { present: boolean },
  ];
  // A fresh database has nothing to keep online: it is migrated at once.
  if (!present) return;
  const done = new Set(
    ((await dataSource.query(`SELECT name FROM "${table}"`)) as { name: string }[]).map((row) => row.name),
  );
  const pending = dataSource.migrations.map((migration) => migration.name ?? '').filter((name) => !done.has(name));
  if (pending.length) throw new MigrationsPendingError(pending);
}
