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
});
