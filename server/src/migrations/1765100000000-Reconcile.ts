import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reconciliation (issue "Money an operator can run"): a checkout still pending some minutes after it started is
 * asked about at its provider, again and again with growing pauses, until it is paid, failed or given up on. Each
 * activation keeps how often it was asked and when it is next due; an index on the open checkouts makes finding the
 * due ones one probe. `payment_events.kind` (varchar(10), no CHECK) takes 'reconcile' as it is.
 */
export class Reconcile1765100000000 implements MigrationInterface {
  name = 'Reconcile1765100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "activations" ADD "reconcile_attempts" integer NOT NULL DEFAULT 0`);
    await q.query(`ALTER TABLE "activations" ADD "reconcile_next_at" timestamptz`);
    await q.query(
      `CREATE INDEX "ix_activations_reconcile" ON "activations" ("created_at")
         WHERE "status" IN ('pending', 'partial')`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "ix_activations_reconcile"`);
    await q.query(`ALTER TABLE "activations" DROP COLUMN "reconcile_next_at"`);
    await q.query(`ALTER TABLE "activations" DROP COLUMN "reconcile_attempts"`);
  }
}
