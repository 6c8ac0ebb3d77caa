import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The last check of each playlist, shown in the list. Writing it is an UPDATE of the playlist, so the
 * playlists-version trigger bumps the device's version and cached lists show the new result at once.
 */
export class PlaylistChecks1764100000000 implements MigrationInterface {
  name = 'PlaylistChecks1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "playlists" ADD "last_check" jsonb`);
    await q.query(`ALTER TABLE "playlists" ADD "last_checked_at" timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "playlists" DROP COLUMN "last_checked_at"`);
    await q.query(`ALTER TABLE "playlists" DROP COLUMN "last_check"`);
  }
}
