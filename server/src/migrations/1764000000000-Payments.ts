import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Payments: checkouts (activations), confirmed payments (one row per provider transaction, the exactly-once
 * guard), processed provider event ids (deduplication), and the audit trail of every delivery.
 */
export class Payments1764000000000 implements MigrationInterface {
  name = 'Payments1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "activations" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "device_id" uuid NOT NULL,
        "mac_address" varchar(17) NOT NULL,
        "method" varchar(10) NOT NULL,
        "status" varchar(10) NOT NULL DEFAULT 'pending',
        "amount_minor" integer NOT NULL,
        "currency" char(3) NOT NULL,
        "licence_days" integer,
        "provider_reference" varchar(200),
        "checkout_url" text,
        "sandbox" boolean NOT NULL DEFAULT false,
        "first_name" varchar(17),
        "last_name" varchar(17),
        "email" varchar(254),
        "phone_number" varchar(20),
        "coin_type" varchar(15),
        "failure_reason" text,
        "paid_at" timestamptz,
        "licence_expires_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "pk_activations" PRIMARY KEY ("id"),
        -- Payment history is never lost: a device with payments cannot be deleted (switch MAC moves them).
        CONSTRAINT "fk_activations_device" FOREIGN KEY ("device_id") REFERENCES "devices" ("id") ON DELETE RESTRICT,
        CONSTRAINT "ck_activations_method" CHECK ("method" IN ('opay', 'opay1', 'cowpay', 'crypto', 'paypal')),
        CONSTRAINT "ck_activations_status" CHECK ("status" IN ('pending', 'paid', 'failed', 'cancelled')),
        CONSTRAINT "ck_activations_amount" CHECK ("amount_minor" > 0)
      )`);
    await q.query(`CREATE INDEX "ix_activations_device_created" ON "activations" ("device_id", "created_at")`);
    await q.query(
      `CREATE UNIQUE INDEX "uq_activations_provider_reference" ON "activations" ("method", "provider_reference")`,
    );

    await q.query(`
      CREATE TABLE "payments" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "activation_id" uuid NOT NULL,
        "device_id" uuid NOT NULL,
        "provider" varchar(10) NOT NULL,
        "provider_reference" varchar(200) NOT NULL,
        "amount_minor" integer NOT NULL,
        "currency" char(3) NOT NULL,
        "licence_before" timestamptz,
        "licence_after" timestamptz,
        "lifetime" boolean NOT NULL DEFAULT false,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "pk_payments" PRIMARY KEY ("id"),
        CONSTRAINT "fk_payments_activation" FOREIGN KEY ("activation_id") REFERENCES "activations" ("id") ON DELETE RESTRICT,
        CONSTRAINT "fk_payments_device" FOREIGN KEY ("device_id") REFERENCES "devices" ("id") ON DELETE RESTRICT,
        -- The exactly-once guard: a provider's transaction extends a licence at most once.
        CONSTRAINT "uq_payments_provider_reference" UNIQUE ("provider", "provider_reference")
      )`);

    await q.query(`
      CREATE TABLE "processed_payment_events" (
        "provider" varchar(10) NOT NULL,
        "event_id" varchar(200) NOT NULL,
        "activation_id" uuid,
        "processed_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "pk_processed_payment_events" PRIMARY KEY ("provider", "event_id")
      )`);

    await q.query(`
      CREATE TABLE "payment_events" (
        "id" bigserial NOT NULL,
        "provider" varchar(10) NOT NULL,
        "kind" varchar(10) NOT NULL,
        "event_id" varchar(200),
        "activation_id" uuid,
        "device_id" uuid,
        "outcome" varchar(30) NOT NULL,
        "detail" text,
        "payload" jsonb,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "pk_payment_events" PRIMARY KEY ("id")
      )`);
    await q.query(`CREATE INDEX "ix_payment_events_activation" ON "payment_events" ("activation_id", "created_at")`);
    await q.query(`CREATE INDEX "ix_payment_events_created" ON "payment_events" ("created_at")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "payment_events"`);
    await q.query(`DROP TABLE "processed_payment_events"`);
    await q.query(`DROP TABLE "payments"`);
    await q.query(`DROP TABLE "activations"`);
  }
}
