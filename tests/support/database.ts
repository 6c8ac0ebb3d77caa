import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/**
 * With DATABASE_URL set, every test file gets a database of its own on that server (created here, dropped at
 * the end), so files can run in parallel and start from nothing. Without it the embedded engine is used.
 */
export async function createTestDatabase(): Promise<{ url: string | undefined; drop(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return { url: undefined, drop: async () => {} };
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
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
export async function operatedDatabase(): Promise<{ url: string; operator: Client; drop(): Promise<void> }> {
  const database = await createTestDatabase();
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
