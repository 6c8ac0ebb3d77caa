import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../server/src/database';
import { EMBEDDED_TEMPLATE_ENV, TEMPLATE_DATABASE_ENV } from './database';
import { dropDatabase, scratchDatabase } from './scratch-database';

/**
 * Jest's globalSetup: migrates one database for the whole run, before any test file starts.
 * - On PostgreSQL (DATABASE_URL): a template database; each file's database is a copy of it
 *   (`CREATE DATABASE … TEMPLATE …`, tens of milliseconds), so no file runs the migrations again.
 * - On the embedded engine: a migrated in-memory database dumped to a tarball; each in-memory server starts from
 *   it instead of creating a cluster (PGlite's initdb, about 5 s here).
 * What it made is named in environment variables, which the workers (started after it) inherit.
 */
export default async function globalSetup(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const template = await scratchDatabase(serverUrl, 'test_template');
    const db = await openDatabase({ databaseUrl: template.url, poolSize: 1 });
    await db.close();
    process.env[TEMPLATE_DATABASE_ENV] = template.name;
  } else {
    const db = await openDatabase({ poolSize: 1 });
    try {
      const dump = await db.dumpEmbedded!();
      const dir = mkdtempSync(path.join(tmpdir(), 'm3u-template-'));
      const file = path.join(dir, 'migrated.tar');
      writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
      process.env[EMBEDDED_TEMPLATE_ENV] = file;
    } finally {
      await db.close();
    }
  }
}

/** Jest's globalTeardown: drops what globalSetup made. */
export async function globalTeardown(): Promise<void> {
  const template = process.env[TEMPLATE_DATABASE_ENV];
  if (template && process.env.DATABASE_URL) await dropDatabase(process.env.DATABASE_URL, template);
  const dump = process.env[EMBEDDED_TEMPLATE_ENV];
  if (dump) rmSync(path.dirname(dump), { recursive: true, force: true });
}
