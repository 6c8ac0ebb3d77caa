import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * TV tokens get a lifecycle: each one remembers the TV that holds it (model, app version) and since when that TV
 * has been signed in (kept across renewals), and its last use is always known, so a token unused for too long
 * expires (DEVICE_TOKEN_IDLE_DAYS). Until now nothing wrote `last_used_at`: every token still in use gets a fresh
 * start from this migration, or the whole fleet would be signed out at once.
 */
export class TokenLifecycle1764300000000 implements MigrationInterface {
  name = 'TokenLifecycle1764300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "device_tokens" ADD "model" varchar(100)`);
    await q.query(`ALTER TABLE "device_tokens" ADD "app_version" varchar(40)`);
    await q.query(`ALTER TABLE "device_tokens" ADD "signed_in_at" timestamptz NOT NULL DEFAULT now()`);
    // What the device reported at registration is the best guess for the TV holding each of its tokens.
    await q.query(`
      UPDATE "device_tokens" t SET "model" = d."model", "app_version" = d."app_version", "signed_in_at" = t."created_at"
        FROM "devices" d WHERE d."id" = t."device_id"`);
    await q.query(`
      UPDATE "device_tokens" SET "last_used_at" = CASE WHEN "revoked_at" IS NULL THEN now() ELSE "revoked_at" END
        WHERE "last_used_at" IS NULL`);
    await q.query(`ALTER TABLE "device_tokens" ALTER COLUMN "last_used_at" SET DEFAULT now()`);
    await q.query(`ALTER TABLE "device_tokens" ALTER COLUMN "last_used_at" SET NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "device_tokens" ALTER COLUMN "last_used_at" DROP NOT NULL`);
    await q.query(`ALTER TABLE "device_tokens" ALTER COLUMN "last_used_at" DROP DEFAULT`);
    await q.query(`ALTER TABLE "device_tokens" DROP COLUMN "signed_in_at"`);
    await q.query(`ALTER TABLE "device_tokens" DROP COLUMN "app_version"`);
    await q.query(`ALTER TABLE "device_tokens" DROP COLUMN "model"`);
  }
}
