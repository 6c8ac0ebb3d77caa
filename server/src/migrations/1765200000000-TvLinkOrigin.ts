import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Where a link request came from (issue "TV tokens and link codes an owner can trust"): the network address the
 * TV asked from, shown to the owner beside the code so that a request from somewhere else stands out (RFC 8628
 * §5.4, remote phishing). Null for requests made before this migration.
 */
export class TvLinkOrigin1765200000000 implements MigrationInterface {
  name = 'TvLinkOrigin1765200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "tv_links" ADD "requested_from" varchar(45)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "tv_links" DROP COLUMN "requested_from"`);
  }
}
