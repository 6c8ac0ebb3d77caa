import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Parental control by category (issue 53, part 7): a playlist's locked groups, which a TV keeps behind the parent
 * PIN.
 *
 * Online-safe (docs/operations.md, "Migrations"): a constant default adds the column without rewriting the table;
 * the bound is added NOT VALID (no scan under the table lock) and validated in a transaction of its own, which
 * scans without blocking writes. Each statement can be run again, so a migration stopped half-way is finished by
 * the next run.
 */
export class PlaylistLockedGroups1765800000000 implements MigrationInterface {
  name = 'PlaylistLockedGroups1765800000000';
  // VALIDATE CONSTRAINT only leaves writes alone outside the transaction that added it.
  transaction = false as const;

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "playlists" ADD COLUMN IF NOT EXISTS "locked_groups" text[] NOT NULL DEFAULT '{}'`);
    await q.query(`
      DO $$ BEGIN
        ALTER TABLE "playlists" ADD CONSTRAINT "ck_playlists_locked_groups"
          CHECK (cardinality("locked_groups") <= 500) NOT VALID;
      EXCEPTION WHEN duplicate_object THEN NULL;
      END $$`);
    await q.query(`ALTER TABLE "playlists" VALIDATE CONSTRAINT "ck_playlists_locked_groups"`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "playlists" DROP CONSTRAINT IF EXISTS "ck_playlists_locked_groups"`);
    await q.query(`ALTER TABLE "playlists" DROP COLUMN IF EXISTS "locked_groups"`);
  }
}
