import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Money back and part payments (issue "Payments that work with the real providers"): an activation can end
 * refunded or reversed (the days it added taken back) or partially paid (what arrived kept for support); a payment
 * row says when and by which provider event its money went back, so a second notice of it changes nothing.
 */
export class MoneyBack1764600000000 implements MigrationInterface {
  name = 'MoneyBack1764600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "activations" DROP CONSTRAINT "ck_activations_status"`);
    await q.query(
      `ALTER TABLE "activations" ADD CONSTRAINT "ck_activations_status"
         CHECK ("status" IN ('pending', 'paid', 'failed', 'cancelled', 'partial', 'refunded', 'reversed'))`,
    );
    await q.query(`ALTER TABLE "activations" ADD "partial_payment" jsonb`);
    await q.query(`ALTER TABLE "activations" ADD "taken_back_at" timestamptz`);
    await q.query(`ALTER TABLE "payments" ADD "taken_back_at" timestamptz`);
    await q.query(`ALTER TABLE "payments" ADD "taken_back_kind" varchar(10)`);
    await q.query(`ALTER TABLE "payments" ADD "taken_back_reference" varchar(200)`);
    await q.query(
      `ALTER TABLE "payments" ADD CONSTRAINT "ck_payments_taken_back_kind"
         CHECK ("taken_back_kind" IS NULL OR "taken_back_kind" IN ('refunded', 'reversed'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "payments" DROP CONSTRAINT "ck_payments_taken_back_kind"`);
    await q.query(`ALTER TABLE "payments" DROP COLUMN "taken_back_reference"`);
    await q.query(`ALTER TABLE "payments" DROP COLUMN "taken_back_kind"`);
    await q.query(`ALTER TABLE "payments" DROP COLUMN "taken_back_at"`);
    await q.query(`ALTER TABLE "activations" DROP COLUMN "taken_back_at"`);
    await q.query(`ALTER TABLE "activations" DROP COLUMN "partial_payment"`);
    await q.query(`ALTER TABLE "activations" DROP CONSTRAINT "ck_activations_status"`);
    await q.query(
      `ALTER TABLE "activations" ADD CONSTRAINT "ck_activations_status"
         CHECK ("status" IN ('pending', 'paid', 'failed', 'cancelled'))`,
    );
  }
}
