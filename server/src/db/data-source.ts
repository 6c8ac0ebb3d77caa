import 'reflect-metadata';
import { DataSource, type DataSourceOptions } from 'typeorm';

/** The entities and migrations a data source knows: the registry is server/src/database.ts. */
export interface Tables {
  entities: NonNullable<DataSourceOptions['entities']>;
  migrations: NonNullable<DataSourceOptions['migrations']>;
}

export function createDataSource(url: string, poolSize: number, tables: Tables): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    entities: tables.entities,
    migrations: tables.migrations,
    migrationsRun: false,
    synchronize: false,
    // Both engines: gen_random_uuid() is built in since PostgreSQL 13; never try to install extensions.
    uuidExtension: 'pgcrypto',
    installExtensions: false,
    poolSize,
    extra: { connectionTimeoutMillis: 5_000, idleTimeoutMillis: 30_000 },
    logging: false,
  });
}
