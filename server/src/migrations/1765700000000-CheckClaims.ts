import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Claims on what a check may use only one at a time, across instances (issue 52): an owner's running check, and
 * an Xtream Codes line being sampled (one of its connections). A claim holds until it is released or expires,
 * so a crashed instance's claim lapses on its own; the prune deletes expired ones. Also drops the oversized
 * check results kept before results were bounded (check-result.ts RESULT_MAX_BYTES).
 */
export class CheckClaims1765700000000 implements MigrationInterface {
  name = 'CheckClaims1765700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "check_claims" (
        "key" varchar(100) NOT NULL,
        "holder" uuid NOT NULL,
        "expires_at" timestamptz NOT NULL,
        CONSTRAINT "pk_check_claims" PRIMARY KEY ("key")
      )`);
    await q.query(`CREATE INDEX "ix_check_claims_expires" ON "check_claims" ("expires_at")`);
    // Results kept before they were bounded (up to 90 MB for a hostile playlist) are dropped: every read that
    // shows them would load them. Their playlists show no last check until checked again. pg_column_size is the
    // stored (compressed) size, read without decompressing; a bounded result never comes near it.
    await q.query(`UPDATE "playlists" SET "last_check" = NULL WHERE pg_column_size("last_check") > 65536`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "check_claims"`);
  }
}
