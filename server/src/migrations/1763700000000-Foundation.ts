import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Devices, their TV tokens, captcha challenges, portal sessions and sign-in attempt counters. */
export class Foundation1763700000000 implements MigrationInterface {
  name = 'Foundation1763700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "devices" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "mac_address" varchar(17) NOT NULL,
        "device_key_hash" text NOT NULL,
        "parent_pin_hash" text,
        "model" varchar(100),
        "app_version" varchar(40),
        "licence_expires_at" timestamptz,
        "licence_lifetime" boolean NOT NULL DEFAULT false,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "pk_devices" PRIMARY KEY ("id"),
        CONSTRAINT "ck_devices_mac_address" CHECK ("mac_address" ~ '^[0-9a-f]{2}(:[0-9a-f]{2}){5}$')
      )`);
    await q.query(`CREATE UNIQUE INDEX "uq_devices_mac_address" ON "devices" ("mac_address")`);

    await q.query(`
      CREATE TABLE "device_tokens" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "device_id" uuid NOT NULL,
        "token_hash" char(64) NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "revoked_at" timestamptz,
        "last_used_at" timestamptz,
        CONSTRAINT "pk_device_tokens" PRIMARY KEY ("id"),
        CONSTRAINT "fk_device_tokens_device" FOREIGN KEY ("device_id") REFERENCES "devices" ("id") ON DELETE CASCADE
      )`);
    await q.query(`CREATE UNIQUE INDEX "uq_device_tokens_token_hash" ON "device_tokens" ("token_hash")`);
    await q.query(`CREATE INDEX "ix_device_tokens_device_id" ON "device_tokens" ("device_id")`);

    await q.query(`
      CREATE TABLE "captcha_challenges" (
        "id" uuid NOT NULL,
        "answer_hash" char(64) NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "expires_at" timestamptz NOT NULL,
        CONSTRAINT "pk_captcha_challenges" PRIMARY KEY ("id")
      )`);
    await q.query(`CREATE INDEX "ix_captcha_challenges_expires_at" ON "captcha_challenges" ("expires_at")`);

    await q.query(`
      CREATE TABLE "sessions" (
        "sid" varchar(255) NOT NULL,
        "sess" json NOT NULL,
        "expire" timestamptz NOT NULL,
        CONSTRAINT "pk_sessions" PRIMARY KEY ("sid")
      )`);
    await q.query(`CREATE INDEX "ix_sessions_expire" ON "sessions" ("expire")`);
    await q.query(`CREATE INDEX "ix_sessions_device_id" ON "sessions" (("sess" ->> 'deviceId'))`);

    // Layout required by rate-limiter-flexible's PostgreSQL store (it is told the table exists).
    await q.query(`
      CREATE TABLE "rate_limits" (
        "key" varchar(255) NOT NULL,
        "points" integer NOT NULL DEFAULT 0,
        "expire" bigint,
        CONSTRAINT "pk_rate_limits" PRIMARY KEY ("key")
      )`);
    await q.query(`CREATE INDEX "ix_rate_limits_expire" ON "rate_limits" ("expire")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "rate_limits"`);
    await q.query(`DROP TABLE "sessions"`);
    await q.query(`DROP TABLE "captcha_challenges"`);
    await q.query(`DROP TABLE "device_tokens"`);
    await q.query(`DROP TABLE "devices"`);
  }
}
