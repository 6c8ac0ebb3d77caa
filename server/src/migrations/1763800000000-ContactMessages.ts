import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Contact messages, stored first and forwarded by e-mail from this table (an outbox). */
export class ContactMessages1763800000000 implements MigrationInterface {
  name = 'ContactMessages1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "contact_messages" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "name" text NOT NULL,
        "email" text NOT NULL,
        "subject" text NOT NULL,
        "message" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "forwarded_at" timestamptz,
        "forward_attempts" integer NOT NULL DEFAULT 0,
        "next_attempt_at" timestamptz NOT NULL DEFAULT now(),
        "last_error" text,
        CONSTRAINT "pk_contact_messages" PRIMARY KEY ("id")
      )`);
    await q.query(
      `CREATE INDEX "ix_contact_messages_pending" ON "contact_messages" ("next_attempt_at") WHERE forwarded_at IS NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "contact_messages"`);
  }
}
