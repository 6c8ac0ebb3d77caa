import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each dispute on its own (issue "Money and state without a seam"):
 * - `payment_disputes`: one row per dispute a provider opened about a payment, keyed by the provider's dispute id,
 *   with where it stands (open, won, lost). The activation keeps the latest one's state (`activations.dispute`).
 * - `money_back.dispute_id`: the dispute a sum went back for (a dispute lost, or a chargeback taken while it was
 *   open), so that a dispute decided for us undoes only its own money, never another dispute's.
 * - Checkouts given up on by reconciliation stay askable for their provider's payment window; ones their provider
 *   ended are marked never to be asked again by the schedule.
 * Disputes recorded before this migration are rebuilt from the audit trail: each PayPal dispute event's id and the
 * outcome it came to, the latest per dispute.
 */
export class DisputesEach1765500000000 implements MigrationInterface {
  name = 'DisputesEach1765500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "payment_disputes" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "provider" varchar(10) NOT NULL,
        "dispute_id" varchar(200) NOT NULL,
        "payment_id" uuid NOT NULL,
        "activation_id" uuid NOT NULL,
        "state" varchar(10) NOT NULL,
        "opened_at" timestamptz NOT NULL DEFAULT now(),
        "decided_at" timestamptz,
        CONSTRAINT "pk_payment_disputes" PRIMARY KEY ("id"),
        CONSTRAINT "fk_payment_disputes_payment" FOREIGN KEY ("payment_id") REFERENCES "payments" ("id")
          ON DELETE RESTRICT,
        CONSTRAINT "ck_payment_disputes_state" CHECK ("state" IN ('open', 'won', 'lost')),
        CONSTRAINT "uq_payment_disputes_dispute" UNIQUE ("provider", "dispute_id")
      )`);
    await q.query(`CREATE INDEX "ix_payment_disputes_payment" ON "payment_disputes" ("payment_id", "opened_at")`);
    await q.query(`ALTER TABLE "money_back" ADD "dispute_id" varchar(200)`);
    await q.query(`
      INSERT INTO "payment_disputes" ("provider", "dispute_id", "payment_id", "activation_id", "state", "opened_at")
      SELECT DISTINCT ON (e.provider, e.payload->>'transactionId')
             e.provider, e.payload->>'transactionId', p.id, e.activation_id,
             CASE e.outcome WHEN 'reinstated' THEN 'won' WHEN 'reversed' THEN 'lost' ELSE 'open' END, e.created_at
        FROM "payment_events" e
        JOIN "payments" p ON p.activation_id = e.activation_id AND p.provider = e.provider
       WHERE e.payload->>'providerStatus' LIKE 'CUSTOMER.DISPUTE.%'
         AND e.outcome IN ('disputed', 'reinstated', 'reversed')
         AND e.payload->>'transactionId' IS NOT NULL
       ORDER BY e.provider, e.payload->>'transactionId', e.id DESC
      ON CONFLICT DO NOTHING`);
    await q.query(`
      UPDATE "money_back" m SET "dispute_id" = m."reference"
        FROM "payment_disputes" d WHERE d."provider" = m."provider" AND d."dispute_id" = m."reference"`);
    // Checkouts their provider ended are asked about no more by the schedule (ones it gave up on itself are, while
    // the provider's window lasts: payment-reconciler.ts); before, neither was.
    await q.query(
      `UPDATE "activations" SET "reconcile_next_at" = '9999-12-31T00:00:00Z'
        WHERE "status" IN ('failed', 'cancelled') AND "reconcile_next_at" IS DISTINCT FROM '9999-12-31T00:00:00Z'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "money_back" DROP COLUMN "dispute_id"`);
    await q.query(`DROP TABLE "payment_disputes"`);
  }
}
