import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The playlists trigger's function as this migration creates it (PlaylistCount1764200000000 extends it, and
 * puts this one back when undone).
 */
export const BUMP_PLAYLISTS_VERSION = `RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') THEN
          UPDATE "devices" SET "playlists_version" = "playlists_version" + 1 WHERE "id" = OLD."device_id";
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') AND (TG_OP = 'INSERT' OR NEW."device_id" <> OLD."device_id") THEN
          UPDATE "devices" SET "playlists_version" = "playlists_version" + 1 WHERE "id" = NEW."device_id";
        END IF;
        RETURN NULL;
      END $$`;

/** Device playlists, and the audit trail of MAC switches. */
export class Playlists1763900000000 implements MigrationInterface {
  name = 'Playlists1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "playlists" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "device_id" uuid NOT NULL,
        "name" varchar(100) NOT NULL,
        "type" varchar(10) NOT NULL,
        "url" text,
        "epg_url" text,
        "username" varchar(255),
        "password" varchar(255),
        "playlist_code" varchar(6),
        "is_protected" boolean NOT NULL DEFAULT false,
        "pin_hash" text,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "pk_playlists" PRIMARY KEY ("id"),
        CONSTRAINT "fk_playlists_device" FOREIGN KEY ("device_id") REFERENCES "devices" ("id") ON DELETE CASCADE,
        CONSTRAINT "ck_playlists_type" CHECK ("type" IN ('general', 'xc', 'code')),
        CONSTRAINT "ck_playlists_url_length" CHECK (char_length("url") <= 8192 AND char_length("epg_url") <= 8192),
        CONSTRAINT "ck_playlists_protection" CHECK ("is_protected" = ("pin_hash" IS NOT NULL))
      )`);
    await q.query(`CREATE INDEX "ix_playlists_device_created" ON "playlists" ("device_id", "created_at")`);
    await q.query(`CREATE UNIQUE INDEX "uq_playlists_device_name" ON "playlists" ("device_id", lower("name"))`);

    // Every change to a device's playlists bumps its version, whichever code path made it: lists are cached by
    // (device, version), so a cached list can never outlive a change, on any instance.
    await q.query(`ALTER TABLE "devices" ADD "playlists_version" integer NOT NULL DEFAULT 0`);
    await q.query(`CREATE FUNCTION "bump_playlists_version"() ${BUMP_PLAYLISTS_VERSION}`);
    await q.query(`
      CREATE TRIGGER "tr_playlists_version" AFTER INSERT OR UPDATE OR DELETE ON "playlists"
      FOR EACH ROW EXECUTE FUNCTION "bump_playlists_version"()`);

    await q.query(`
      CREATE TABLE "device_mac_changes" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "device_id" uuid NOT NULL,
        "from_mac" varchar(17) NOT NULL,
        "to_mac" varchar(17) NOT NULL,
        "replaced_device_id" uuid,
        "moved_playlists" integer NOT NULL DEFAULT 0,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "pk_device_mac_changes" PRIMARY KEY ("id"),
        CONSTRAINT "fk_device_mac_changes_device" FOREIGN KEY ("device_id") REFERENCES "devices" ("id") ON DELETE CASCADE
      )`);
    await q.query(`CREATE INDEX "ix_device_mac_changes_device" ON "device_mac_changes" ("device_id", "created_at")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "device_mac_changes"`);
    await q.query(`DROP TABLE "playlists"`);
    await q.query(`DROP FUNCTION "bump_playlists_version"()`);
    await q.query(`ALTER TABLE "devices" DROP COLUMN "playlists_version"`);
  }
}
