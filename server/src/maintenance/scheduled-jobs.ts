import type { DataSource } from 'typeorm';
import { DomainError } from '../common/errors';
import { returningRows } from '../db/query';
import type { Logger } from '../logger';
import type { Metrics } from '../metrics/metrics';

/** What a job reports of one run (counts, for the job's row, the log and metrics). */
export type JobResult = Record<string, number>;

interface Job {
  name: string;
  periodMs: number;
  run: () => Promise<JobResult>;
}

/** One job's row of `scheduled_jobs`, as the support tool shows it. */
export interface JobState {
  name: string;
  lastStartedAt: Date | null;
  lastFinishedAt: Date | null;
  lastOk: boolean | null;
  lastResult: JobResult | null;
  runs: number;
  failures: number;
}

/**
 * Work that runs once per period across every instance (pruning, and whatever else must not run twice). Each
 * instance ticks; a job runs only on the instance whose conditional UPDATE of the job's row wins (the row is
 * claimed when its period has passed since the last start), so N instances ticking at once run it once. A run
 * that dies half-way is run again a period later. The row keeps the last run's outcome, for the support tool.
 */
export class ScheduledJobs {
  private readonly jobs: Job[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    private readonly dataSource: DataSource,
    private readonly logger: Logger,
    private readonly metrics: Metrics,
  ) {}

  /** Adds a job; a period of 0 or less leaves it out of the schedule (it can still be run by hand). */
  register(name: string, periodMs: number, run: () => Promise<JobResult>): void {
    this.jobs.push({ name, periodMs, run });
    this.metrics.jobRegistered(name);
  }

  /** Ticks every `tickMs` (each tick runs the jobs this instance claims). */
  start(tickMs = 60_000): void {
    if (this.timer || !this.jobs.some((job) => job.periodMs > 0)) return;
    const tick = () => {
      if (this.running) return;
      this.running = this.runDue()
        .catch((err: unknown) => this.logger.warn({ err }, 'scheduled jobs: a tick failed'))
        .finally(() => {
          this.running = undefined;
        });
    };
    this.timer = setInterval(tick, tickMs);
    this.timer.unref();
    setImmediate(tick);
  }

  /** Stops ticking and waits for a run under way. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Runs each scheduled job whose period has passed and that this instance claims; the names of those run. */
  async runDue(): Promise<string[]> {
    const ran: string[] = [];
    for (const job of this.jobs) {
      if (job.periodMs <= 0 || !(await this.claim(job))) continue;
      await this.execute(job);
      ran.push(job.name);
    }
    return ran;
  }

  /** Runs one job now, whatever its period (the support tool); its row records it like a scheduled run. */
  async runNow(name: string): Promise<JobResult> {
    const job = this.jobs.find((candidate) => candidate.name === name);
    if (!job) throw new DomainError('NOT_FOUND', `No scheduled job is named ${name.slice(0, 40)}.`);
    await this.dataSource.query(
      `INSERT INTO scheduled_jobs (name, last_started_at, runs) VALUES ($1, now(), 1)
       ON CONFLICT (name) DO UPDATE SET last_started_at = now(), runs = scheduled_jobs.runs + 1`,
      [name],
    );
    const result = await this.execute(job);
    if (!result) throw new Error(`The job ${name} failed: see the log.`);
    return result;
  }

  async states(): Promise<JobState[]> {
    return (await this.dataSource.query(
      `SELECT name, last_started_at AS "lastStartedAt", last_finished_at AS "lastFinishedAt", last_ok AS "lastOk",
              last_result AS "lastResult", runs, failures
         FROM scheduled_jobs ORDER BY name`,
    )) as JobState[];
  }

  /** Whether this instance won the job's period: one atomic UPDATE, re-checked under the row lock. */
  private async claim(job: Job): Promise<boolean> {
    await this.dataSource.query(`INSERT INTO scheduled_jobs (name) VALUES ($1) ON CONFLICT (name) DO NOTHING`, [
      job.name,
    ]);
    const claimed = await returningRows(
      this.dataSource,
      `UPDATE scheduled_jobs SET last_started_at = now(), runs = runs + 1
        WHERE name = $1
          AND (last_started_at IS NULL OR last_started_at <= now() - make_interval(secs => $2::double precision))
        RETURNING name`,
      [job.name, job.periodMs / 1000],
    );
    return claimed.length === 1;
  }

  private async execute(job: Job): Promise<JobResult | null> {
    const started = Date.now();
    try {
      const result = await job.run();
      await this.dataSource.query(
        `UPDATE scheduled_jobs SET last_finished_at = now(), last_ok = true, last_result = $2 WHERE name = $1`,
        [job.name, JSON.stringify(result)],
      );
      this.logger.info({ job: job.name, ...result, ms: Date.now() - started }, 'scheduled job done');
      this.metrics.jobRan(job.name, true, (Date.now() - started) / 1000);
      return result;
    } catch (err) {
      this.logger.error({ err, job: job.name }, 'scheduled job failed');
      await this.dataSource
        .query(
          `UPDATE scheduled_jobs SET last_finished_at = now(), last_ok = false, failures = failures + 1,
                  last_result = NULL WHERE name = $1`,
          [job.name],
        )
        .catch((recordErr: unknown) => this.logger.warn({ err: recordErr }, 'scheduled job: outcome not recorded'));
      this.metrics.jobRan(job.name, false, (Date.now() - started) / 1000);
      return null;
    }
  }
}
