import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A card checkout found by its link (`cardCheckout` in the graph, asked by the /cowpay/checkout page with no
 * sign-in): an index on the link's path within the checkout URL kept for each card checkout, so that lookup is
 * one index probe, not a scan of every card checkout ever started, whoever sends it and however often.
 */
export class CardCheckoutLink1764700000000 implements MigrationInterface {
  name = 'CardCheckoutLink1764700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX "ix_activations_card_checkout_link" ON "activations"
         (substring("checkout_url" from '/cowpay/checkout/.*$')) WHERE "method" = 'cowpay'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "ix_activations_card_checkout_link"`);
  }
}
