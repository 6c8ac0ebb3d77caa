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
  if (!url) {
    // Room for the pool plus a spare for the migration runner and tools.
    embedded = await startEmbeddedPostgres({ dataDir: options.dataDir, maxConnections: options.poolSize + 2 });
    url = embedded.url;
  }
  const dataSource = createDataSource(url, options.poolSize);
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
