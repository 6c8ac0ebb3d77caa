import type { Pool } from 'pg';
import { QueryFailedError, type DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { openDatabase, type Database } from '../../server/src/db/database';
import { CallbackQueryClient } from '../../server/src/db/pg-client';
import { createTestDatabase } from '../support/database';

// The pool's client makes pg's promise form from its callback form (server/src/db/pg-client.ts): TypeORM's every
// statement goes through it, so it must answer exactly as pg does, on the embedded engine and on PostgreSQL.
describe('CallbackQueryClient', () => {
  let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Database;
  let dataSource: DataSource;
  let client: CallbackQueryClient;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    db = await openDatabase({ databaseUrl: testDb.url, poolSize: 2 });
    dataSource = db.dataSource;
    client = new CallbackQueryClient({ connectionString: (dataSource.options as { url: string }).url });
    await client.connect();
  });

  afterAll(async () => {
    await client.end();
    await db.close();
    await testDb.drop();
  });

  it("is the client of the data source's pool", async () => {
    const pool = (dataSource.driver as PostgresDriver).master as Pool;
    const connection = await pool.connect();
    try {
      expect(connection).toBeInstanceOf(CallbackQueryClient);
    } finally {
      connection.release();
    }
  });

  it('answers TypeORM with typed rows, and with rows and a count for a DELETE', async () => {
    await dataSource.query(`CREATE TABLE pg_client_rows (id int PRIMARY KEY, name text, at timestamptz)`);
    await dataSource.query(`INSERT INTO pg_client_rows VALUES (1, 'one', '2026-01-02T03:04:05Z'), (2, 'two', NULL)`);
    const rows = await dataSource.query(`SELECT * FROM pg_client_rows WHERE id >= $1 ORDER BY id`, [1]);
    expect(rows).toEqual([
      { id: 1, name: 'one', at: new Date('2026-01-02T03:04:05Z') },
      { id: 2, name: 'two', at: null },
    ]);
    expect(await dataSource.query(`DELETE FROM pg_client_rows WHERE id = $1 RETURNING id`, [2])).toEqual([
      [{ id: 2 }],
      1,
    ]);
  });

  it("rejects a failing statement with pg's error (code, message) and a stack that leads back to the caller", async () => {
    const failed = await dataSource.query(`SELECT * FROM no_such_table`).catch((err: unknown) => err);
    expect(failed).toBeInstanceOf(QueryFailedError);
    expect((failed as QueryFailedError & { driverError: { code: string } }).driverError.code).toBe('42P01');

    const direct = (await client.query('SELECT 1/0 AS n').catch((err: unknown) => err)) as Error & { code: string };
    expect(direct).toMatchObject({ code: '22012', message: 'division by zero' });
    expect(direct.stack).toContain('pg-client.test');
  });

  it('leaves a query config object as the caller gave it, and keeps the callback form working', async () => {
    const config = { text: 'SELECT $1::int + 1 AS n', values: [41] };
    expect((await client.query(config)).rows).toEqual([{ n: 42 }]);
    expect(config).toEqual({ text: 'SELECT $1::int + 1 AS n', values: [41] });

    const viaCallback = await new Promise((resolve, reject) =>
      client.query('SELECT $1::text AS word', ['hello'], (err, result) => (err ? reject(err) : resolve(result.rows))),
    );
    expect(viaCallback).toEqual([{ word: 'hello' }]);
  });

  it('throws at once for no query, and rejects queries on an ended connection', async () => {
    expect(() => client.query(undefined as unknown as string)).toThrow('Client was passed a null or undefined query');
    const ended = new CallbackQueryClient({ connectionString: (dataSource.options as { url: string }).url });
    await ended.connect();
    await ended.end();
    await expect(ended.query('SELECT 1')).rejects.toThrow(/not queryable|ended/i);
  });
});
