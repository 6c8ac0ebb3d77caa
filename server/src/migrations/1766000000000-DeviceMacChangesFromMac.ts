import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Support finds a TV by the MAC address it had before a Switch MAC (DeviceService.findByAnyMac, the CLI's
 * `device <mac>` and `payments <mac>`): `device_mac_changes` by `from_mac`, the latest first. Without an index that
 * lookup read the whole table, which grows by a row with every switch and is never pruned.
 *
 * Online-safe (docs/operations.md, "Migrations"): built CONCURRENTLY, outside a transaction, so switches go on while
 * it builds; IF NOT EXISTS lets a build interrupted half-way be run again.
 */
export class DeviceMacChangesFromMac1766000000000 implements MigrationInterface {
  name = 'DeviceMacChangesFromMac1766000000000';
  // CREATE INDEX CONCURRENTLY cannot run inside a transaction.
  transaction = false as const;

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX CONCURRENTLY IF NOT EXISTS "ix_device_mac_changes_from_mac"
         ON "device_mac_changes" ("from_mac", "created_at")`,
    );
  }

  // Undone only by hand or in tests, possibly inside a transaction (TypeORM's undo ignores `transaction`).
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS "ix_device_mac_changes_from_mac"`);
  }
}
