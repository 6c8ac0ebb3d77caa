import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Link codes (issue "Device identity you can trust", part 3): a TV without a token asks for a code, the owner
 * approves it on the portal, and the TV collects a new token with its poll handle (stored as SHA-256 only).
 */
export class TvLinks1764400000000 implements MigrationInterface {
  name = 'TvLinks1764400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "tv_links" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "code" char(8) NOT NULL,
        "poll_handle_hash" char(64) NOT NULL,
        "mac_address" varchar(17) NOT NULL,
        "model" varchar(100),
        "app_version" varchar(40),
        "state" varchar(10) NOT NULL DEFAULT 'PENDING',
        "device_id" uuid,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "expires_at" timestamptz NOT NULL,
        "interval_seconds" integer NOT NULL,
        "last_polled_at" timestamptz,
        CONSTRAINT "pk_tv_links" PRIMARY KEY ("id"),
        CONSTRAINT "fk_tv_links_device" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE CASCADE
      )`);
    await q.query(`CREATE UNIQUE INDEX "uq_tv_links_code" ON "tv_links" ("code")`);
    await q.query(`CREATE UNIQUE INDEX "uq_tv_links_poll_handle_hash" ON "tv_links" ("poll_handle_hash")`);
    // Expired links are deleted a day later by new requests.
    await q.query(`CREATE INDEX "ix_tv_links_expires_at" ON "tv_links" ("expires_at")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "tv_links"`);
  }
}
