import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The last check an owner ran in the add or edit form (issue 54, part 4), so that the playlist saved with the
 * same source takes it as its last check. One row per device (a new form check replaces it), keyed by a hash of
 * the exact source checked; gone with the device, taken once, and pruned after a day.
 */
export class FormChecks1765900000000 implements MigrationInterface {
  name = 'FormChecks1765900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "form_checks" (
        "device_id" uuid NOT NULL,
        "source_key" varchar(64) NOT NULL,
        "result" jsonb NOT NULL,
        "checked_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "pk_form_checks" PRIMARY KEY ("device_id"),
        CONSTRAINT "fk_form_checks_device" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE CASCADE
      )`);
    await q.query(`CREATE INDEX "ix_form_checks_checked_at" ON "form_checks" ("checked_at")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "form_checks"`);
  }
}
