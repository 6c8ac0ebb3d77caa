import type { DataSource } from 'typeorm';
import { createDataSource } from './data-source';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded';

export interface Database {
  dataSource: DataSource;
  /** 'postgres' for DATABASE_URL, 'embedded' for PGlite. */
  kind: 'postgres' | 'embedded';
  close(): Promise<void>;
}

/**
 * Opens the database the configuration asks for and brings its schema up to date.
 * `dataDir: undefined` with no URL gives a throw-away in-memory embedded database (tests).
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir?: string;
  poolSize: number;
}): Promise<Database> {
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
    embedded = await startEmbeddedPostgres({ dataDir: options.dataDir, maxConnections: 4 });
    url = embedded.url;
  }
  const dataSource = createDataSource(url, poolSize);
  try {
    await dataSource.initialize();
    await dataSource.runMigrations({ transaction: 'each' });
  } catch (err) {
    if (dataSource.isInitialized) await dataSource.destroy();
    await embedded?.stop();
    throw err;
  }
  return {
    dataSource,
    kind: embedded ? 'embedded' : 'postgres',
    async close() {
      await dataSource.destroy();
      await embedded?.stop();
    },
  };
}
