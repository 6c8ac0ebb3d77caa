import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A link request remembers the device whose TV token asked for it. That token proves the TV holds that MAC
 * address's record, which is what lets an owner approve a request from another MAC address as a Switch MAC onto
 * that TV (a request without a token proves nothing, so it can only sign in again the owner's own MAC).
 */
export class TvLinkRequester1764500000000 implements MigrationInterface {
  name = 'TvLinkRequester1764500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "tv_links" ADD "requester_device_id" uuid`);
    await q.query(
      `ALTER TABLE "tv_links" ADD CONSTRAINT "fk_tv_links_requester_device"
         FOREIGN KEY ("requester_device_id") REFERENCES "devices"("id") ON DELETE SET NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "tv_links" DROP CONSTRAINT "fk_tv_links_requester_device"`);
    await q.query(`ALTER TABLE "tv_links" DROP COLUMN "requester_device_id"`);
  }
}
