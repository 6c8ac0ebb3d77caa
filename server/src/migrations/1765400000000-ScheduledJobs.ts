import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Work that runs once per period across every instance (issue "Run it for a fleet of millions"): one row per
 * job. An instance runs a job only after claiming its row with a conditional UPDATE (the period has passed since
 * the last start), so of N instances ticking at once exactly one wins; the row keeps what the last run did, for
 * operators (`npm run device -- jobs`) and metrics.
 */
export class ScheduledJobs1765400000000 implements MigrationInterface {
  name = 'ScheduledJobs1765400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "scheduled_jobs" (
        "name" varchar(40) NOT NULL,
        "last_started_at" timestamptz,
        "last_finished_at" timestamptz,
        "last_ok" boolean,
        "last_result" jsonb,
        "runs" integer NOT NULL DEFAULT 0,
        "failures" integer NOT NULL DEFAULT 0,
        CONSTRAINT "pk_scheduled_jobs" PRIMARY KEY ("name")
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "scheduled_jobs"`);
  }
}
