import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Refunds by amount, disputes and support's hand (issue "Money an operator can run"):
 * - `money_back`: each sum that went back for a payment (a refund, a reversal, a dispute lost), once per provider
 *   id, so partial refunds add up and a notice delivered twice counts once; a reversal undone (a dispute won) is
 *   marked, not deleted.
 * - `activations.refunded_minor`: what went back so far (Account Details: "Refunded 0.50 €"); the days come off
 *   only when it reaches what was paid. `activations.dispute`: open, won or lost, and since when.
 * - `support_actions`: what an operator did by hand (a licence extended, money back recorded), who and why.
 */
export class RefundsAndDisputes1765000000000 implements MigrationInterface {
  name = 'RefundsAndDisputes1765000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "activations" ADD "refunded_minor" integer NOT NULL DEFAULT 0`);
    await q.query(`ALTER TABLE "activations" ADD "dispute" varchar(10)`);
    await q.query(`ALTER TABLE "activations" ADD "disputed_at" timestamptz`);
    await q.query(
      `ALTER TABLE "activations" ADD CONSTRAINT "ck_activations_dispute"
         CHECK ("dispute" IS NULL OR "dispute" IN ('open', 'won', 'lost'))`,
    );
    // Money back recorded before this migration went back whole.
    await q.query(
      `UPDATE "activations" SET "refunded_minor" = "amount_minor" WHERE "status" IN ('refunded', 'reversed')`,
    );
    await q.query(`
      CREATE TABLE "money_back" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "payment_id" uuid NOT NULL,
        "activation_id" uuid NOT NULL,
        "provider" varchar(10) NOT NULL,
        "kind" varchar(10) NOT NULL,
        "reference" varchar(200) NOT NULL,
        "amount_minor" integer NOT NULL,
        "currency" char(3) NOT NULL,
        "undone_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "pk_money_back" PRIMARY KEY ("id"),
        CONSTRAINT "fk_money_back_payment" FOREIGN KEY ("payment_id") REFERENCES "payments" ("id") ON DELETE RESTRICT,
        CONSTRAINT "ck_money_back_kind" CHECK ("kind" IN ('refunded', 'reversed')),
        CONSTRAINT "ck_money_back_amount" CHECK ("amount_minor" > 0),
        -- A provider's refund, reversal or dispute counts once, however often it is notified.
        CONSTRAINT "uq_money_back_reference" UNIQUE ("provider", "reference")
      )`);
    await q.query(`CREATE INDEX "ix_money_back_payment" ON "money_back" ("payment_id")`);
    await q.query(`
      CREATE TABLE "support_actions" (
        "id" bigserial NOT NULL,
        "action" varchar(20) NOT NULL,
        "device_id" uuid,
        "activation_id" uuid,
        "actor" varchar(100) NOT NULL,
        "note" text NOT NULL,
        "detail" jsonb,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "pk_support_actions" PRIMARY KEY ("id")
      )`);
    await q.query(`CREATE INDEX "ix_support_actions_device" ON "support_actions" ("device_id", "created_at")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "support_actions"`);
    await q.query(`DROP TABLE "money_back"`);
    await q.query(`ALTER TABLE "activations" DROP CONSTRAINT "ck_activations_dispute"`);
    await q.query(`ALTER TABLE "activations" DROP COLUMN "disputed_at"`);
    await q.query(`ALTER TABLE "activations" DROP COLUMN "dispute"`);
    await q.query(`ALTER TABLE "activations" DROP COLUMN "refunded_minor"`);
  }
}
