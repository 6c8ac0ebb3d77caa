import { readFileSync } from 'node:fs';
import { Client } from 'pg';
import { scratchDatabase } from './scratch-database';

/** The migrated template database on DATABASE_URL's server, made once per run (tests/support/jest-global.ts). */
export const TEMPLATE_DATABASE_ENV = 'TEST_TEMPLATE_DATABASE';
/** A migrated embedded data directory's tarball, made once per run (tests/support/jest-global.ts). */
export const EMBEDDED_TEMPLATE_ENV = 'TEST_EMBEDDED_TEMPLATE';

/**
 * With DATABASE_URL set, every test file gets a database of its own on that server (created here, dropped at
 * the end), so files can run in parallel without sharing a row. It is a copy of the run's migrated template
 * (`{ empty: true }`: an empty one, for a test of the migrations themselves). Without DATABASE_URL the embedded
 * engine is used (url undefined).
 */
export async function createTestDatabase(
  options: { empty?: boolean } = {},
): Promise<{ url: string | undefined; drop(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return { url: undefined, drop: async () => {} };
  return scratchDatabase(serverUrl, 'test', options.empty ? undefined : process.env[TEMPLATE_DATABASE_ENV]);
}

/** describe() for a suite that needs PostgreSQL: "…, on PostgreSQL", or skipped, saying why, without DATABASE_URL. */
export function describeOnPostgres(title: string, suite: () => void): void {
  if (process.env.DATABASE_URL) describe(`${title}, on PostgreSQL`, suite);
  else describe.skip(`${title} (SKIPPED: set DATABASE_URL to a PostgreSQL server)`, suite);
}

/**
 * A database of its own on DATABASE_URL's server, with a connection through which the test reads and changes the
 * data as an operator would while a built server runs on it. Only under describeOnPostgres.
 */
export async function operatedDatabase(
  options: { empty?: boolean } = {},
): Promise<{ url: string; operator: Client; drop(): Promise<void> }> {
  const database = await createTestDatabase(options);
  if (!database.url) throw new Error('operatedDatabase needs DATABASE_URL');
  const operator = new Client({ connectionString: database.url });
  await operator.connect();
  return {
    url: database.url,
    operator,
    async drop() {
      await operator.end();
      await database.drop();
    },
  };
}

let embeddedTemplate: Blob | undefined;
/** The run's migrated embedded database (a tarball), for servers on the in-memory engine; undefined without one. */
export function embeddedTemplateDump(): Blob | undefined {
  const file = process.env[EMBEDDED_TEMPLATE_ENV];
  if (!file || process.env.DATABASE_URL) return undefined;
  embeddedTemplate ??= new Blob([readFileSync(file)]);
  return embeddedTemplate;
}
