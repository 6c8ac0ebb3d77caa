import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An index for every foreign key the code looks up by, and for what pruning scans (issue "Run it for a fleet of
 * millions"): at 300k payments a refund's `FOR UPDATE` lookup by activation took 29.6 ms, Switch MAC moved payments
 * with a sequential scan, and deleting a device scanned tv_links for its foreign keys.
 *
 * Online-safe (docs/operations.md, "Migrations"): each index is built CONCURRENTLY, outside a transaction, so
 * writes go on while it builds; IF NOT EXISTS lets a build interrupted half-way be run again.
 */
export class ForeignKeyIndexes1765300000000 implements MigrationInterface {
  name = 'ForeignKeyIndexes1765300000000';
  // CREATE INDEX CONCURRENTLY cannot run inside a transaction.
  transaction = false as const;

  async up(q: QueryRunner): Promise<void> {
    for (const statement of INDEXES) await q.query(statement);
  }

  // Undone only by hand or in tests, possibly inside a transaction (TypeORM's undo ignores `transaction`): plain
  // DROP INDEX, which works in both.
  async down(q: QueryRunner): Promise<void> {
    for (const name of [
      'ix_activations_created_at',
      'ix_contact_messages_created_at',
      'ix_processed_payment_events_processed_at',
      'ix_devices_updated_at',
      'ix_device_tokens_revoked',
      'ix_device_tokens_last_used',
      'ix_tv_links_requester_device_id',
      'ix_tv_links_device_id',
      'ix_payments_device_id',
      'ix_payments_activation_id',
    ]) {
      await q.query(`DROP INDEX IF EXISTS "${name}"`);
    }
  }
}

const INDEXES = [
  `CREATE INDEX CONCURRENTLY IF NOT EXISTS "ix_payments_activation_id" ON "payments" ("activation_id")`,
  `CREATE INDEX CONCURRENTLY IF NOT EXISTS "ix_payments_device_id" ON "payments" ("device_id")`,
  `CREATE INDEX CONCURRENTLY IF NOT EXISTS "ix_tv_links_device_id" ON "tv_links" ("device_id")`,
  `CREATE INDEX CONCURRENTLY IF NOT EXISTS "ix_tv_links_requester_device_id" ON "tv_links" ("requester_device_id")`,
  // Pruning finds tokens unused for longer than the idle time, and revoked ones.
  `CREATE INDEX CONCURRENTLY IF NOT EXISTS "ix_device_tokens_last_used" ON "device_tokens" ("last_used_at")`,
  `CREATE INDEX CONCURRENTLY IF NOT EXISTS "ix_device_tokens_revoked" ON "device_tokens" ("revoked_at")
     WHERE "revoked_at" IS NOT NULL`,
  // Pruning finds trial devices nobody has used for a long time, and old rows of the tables below.
  `CREATE INDEX CONCURRENTLY IF NOT EXISTS "ix_devices_updated_at" ON "devices" ("updated_at")`,
  `CREATE INDEX CONCURRENTLY IF NOT EXISTS "ix_processed_payment_events_processed_at"
     ON "processed_payment_events" ("processed_at")`,
  `CREATE INDEX CONCURRENTLY IF NOT EXISTS "ix_contact_messages_created_at" ON "contact_messages" ("created_at")`,
  `CREATE INDEX CONCURRENTLY IF NOT EXISTS "ix_activations_created_at" ON "activations" ("created_at")`,
];
