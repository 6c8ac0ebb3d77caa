import type { DataSource, EntityManager } from 'typeorm';

/**
 * Runs a statement with RETURNING and gives back its rows. TypeORM's plain query() answers UPDATE and DELETE
 * with a [rows, count] pair; the structured result is the same for every statement.
 */
export async function returningRows<T>(db: DataSource | EntityManager, sql: string, params: unknown[]): Promise<T[]> {
  const runner = 'createQueryRunner' in db ? db.createQueryRunner() : db.queryRunner;
  if (!runner) throw new Error('returningRows needs a DataSource or a transaction manager');
  try {
    const result = await runner.query(sql, params, true);
    return result.records as T[];
  } finally {
    if ('createQueryRunner' in db) await runner.release();
  }
}
