import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** Runs `sql` on the server of `serverUrl` through its own short-lived connection. */
async function onServer(serverUrl: string, sql: string): Promise<void> {
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/**
 * A database of its own on the server of `serverUrl`, named `<prefix>_<time>_<random>` (a copy of `template` when
 * given), and how to drop it. Test files run side by side (jest's workers, the browser files) and never share a
 * row. Used by jest's files and global set-up and by the browser tests' products; free of any test runner.
 */
export async function scratchDatabase(
  serverUrl: string,
  prefix: string,
  template?: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, `CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => dropDatabase(serverUrl, name),
  };
}

/** DROP DATABASE `name` on the server of `serverUrl`, whoever is still connected to it. */
export function dropDatabase(serverUrl: string, name: string): Promise<void> {
  return onServer(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}
