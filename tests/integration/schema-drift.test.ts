import { openDatabase, type Database } from '../../server/src/database';
import { createTestDatabase } from '../support/database';

/**
 * The entities and the migrations describe the same schema: TypeORM, asked what it would change to make the
 * migrated database match the entities, finds nothing. An entity changed without a migration (or a migration
 * without its entity) fails here instead of on a production database.
 */
describe('entities and migrations', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = await openDatabase({ databaseUrl: database.url, poolSize: 2 });
  });

  afterAll(async () => {
    await db?.close();
    await database?.drop();
  });

  it('agree: the migrated database needs no change to match the entities', async () => {
    const pending = await db.dataSource.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });

  it('would notice an entity column the migrations never made', async () => {
    await db.dataSource.query('ALTER TABLE contact_messages DROP COLUMN email');
    try {
      const pending = await db.dataSource.driver.createSchemaBuilder().log();
      expect(pending.upQueries.map((q) => q.query).join('\n')).toMatch(/contact_messages.*email/);
    } finally {
      await db.dataSource.query(`ALTER TABLE contact_messages ADD COLUMN email varchar(254)`);
    }
  });

  it('declare every index of an entity table, and the migrations make every index an entity declares', async () => {
    // TypeORM does not see expression indexes (ix_sessions_device_id): a migration generated from entities that
    // forgot one would drop it. So each entity table's indexes, by name, are compared both ways.
    const declared = new Map<string, Set<string>>();
    for (const entity of db.dataSource.entityMetadatas) {
      const names = new Set(entity.indices.map((index) => index.name));
      for (const unique of entity.uniques) names.add(unique.name);
      declared.set(entity.tableName, names);
    }
    const rows: { table: string; index: string }[] = await db.dataSource.query(
      `SELECT i.tablename AS table, i.indexname AS index FROM pg_indexes i
        WHERE i.schemaname = 'public'
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname AND c.contype IN ('p', 'u'))`,
    );
    const inDatabase = new Map<string, Set<string>>();
    for (const { table, index } of rows) {
      if (!declared.has(table)) continue;
      if (!inDatabase.has(table)) inDatabase.set(table, new Set());
      inDatabase.get(table)!.add(index);
    }
    for (const [table, names] of declared) {
      expect({ table, indexes: [...(inDatabase.get(table) ?? [])].sort() }).toEqual({
        table,
        indexes: [...names].sort(),
      });
    }
  });

  it('find a device by a former MAC (findByAnyMac: support’s `device <mac>`) through an index, latest first', async () => {
    const rows: { indexdef: string }[] = await db.dataSource.query(
      `SELECT indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename = 'device_mac_changes'`,
    );
    expect(rows.map((row) => row.indexdef)).toContainEqual(
      expect.stringMatching(/^CREATE INDEX ix_device_mac_changes_from_mac ON .*USING btree \(from_mac, created_at\)$/),
    );
    // The lookup as TypeORM sends it can take the index (the table is empty here: sequential scans are put aside).
    const plan = await db.dataSource.transaction(async (manager) => {
      await manager.query('SET LOCAL enable_seqscan = off');
      const lines: Record<string, string>[] = await manager.query(
        `EXPLAIN SELECT * FROM device_mac_changes WHERE from_mac = $1 ORDER BY created_at DESC LIMIT 1`,
        ['02:00:00:00:00:01'],
      );
      return lines.map((line) => Object.values(line)[0]).join('\n');
    });
    expect(plan).toMatch(/Index Scan Backward using ix_device_mac_changes_from_mac/);
  });

  it('index every foreign key by its leading columns (a lookup or a cascade never scans a table)', async () => {
    const unindexed = await db.dataSource.query(
      `SELECT c.conrelid::regclass::text AS table, c.conname AS key FROM pg_constraint c
        WHERE c.contype = 'f' AND NOT EXISTS (
          SELECT 1 FROM pg_index i WHERE i.indrelid = c.conrelid
             AND (i.indkey::int2[])[0:array_length(c.conkey, 1) - 1] = c.conkey)`,
    );
    expect(unindexed).toEqual([]);
  });
});
