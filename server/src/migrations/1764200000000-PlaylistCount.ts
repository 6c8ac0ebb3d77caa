import type { MigrationInterface, QueryRunner } from 'typeorm';
import { BUMP_PLAYLISTS_VERSION } from './1763900000000-Playlists';

/**
 * Each device's number of playlists, kept on the device row by the playlists trigger (with the version), so
 * that adding a playlist within the device's limit is one statement: the row lock taken for the add re-reads
 * the count as it is once the lock is granted (PostgreSQL re-checks a locked row's condition against its
 * newest version), where a separate count(*) would need a transaction of its own.
 */
export class PlaylistCount1764200000000 implements MigrationInterface {
  name = 'PlaylistCount1764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "devices" ADD "playlist_count" integer NOT NULL DEFAULT 0`);
    await q.query(`
      CREATE OR REPLACE FUNCTION "bump_playlists_version"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND NEW."device_id" <> OLD."device_id") THEN
          UPDATE "devices" SET "playlists_version" = "playlists_version" + 1, "playlist_count" = "playlist_count" - 1
            WHERE "id" = OLD."device_id";
        ELSIF TG_OP = 'UPDATE' THEN
          UPDATE "devices" SET "playlists_version" = "playlists_version" + 1 WHERE "id" = OLD."device_id";
        END IF;
        IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."device_id" <> OLD."device_id") THEN
          UPDATE "devices" SET "playlists_version" = "playlists_version" + 1, "playlist_count" = "playlist_count" + 1
            WHERE "id" = NEW."device_id";
        END IF;
        RETURN NULL;
      END $$`);
    // Counted under a lock that holds other instances' adds and deletes off until this migration commits, with
    // the trigger above: no change falls between the count and the trigger taking over.
    await q.query(`LOCK TABLE "playlists" IN SHARE MODE`);
    await q.query(`
      UPDATE "devices" d SET "playlist_count" = c.n
        FROM (SELECT "device_id", count(*)::int AS n FROM "playlists" GROUP BY "device_id") c
        WHERE c."device_id" = d."id"`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE OR REPLACE FUNCTION "bump_playlists_version"() ${BUMP_PLAYLISTS_VERSION}`);
    await q.query(`ALTER TABLE "devices" DROP COLUMN "playlist_count"`);
  }
}
