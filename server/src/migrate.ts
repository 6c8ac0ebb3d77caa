import { ConfigError, loadConfig } from './config';
import { openDatabase } from './database';

/**
 * `npm run migrate`: brings the database's schema up to date and exits, for operators who migrate as a deploy
 * step of its own (then start the servers with MIGRATE_ON_START=false). Migrations follow the rule in
 * docs/operations.md ("Migrations"): online-safe, so instances of the previous release keep serving meanwhile.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const started = Date.now();
  let ran: string[] = [];
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: 1,
    onMigrated: (names) => {
      ran = names;
    },
  });
  await db.close();
  const took = `${((Date.now() - started) / 1000).toFixed(1)} s`;
  process.stdout.write(
    ran.length
      ? `Migrated (${took}):\n${ran.map((name) => `  ${name}`).join('\n')}\n`
      : `The database is up to date (${took}).\n`,
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(err instanceof ConfigError ? 78 : 1);
});
