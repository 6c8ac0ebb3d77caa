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

/** One job as the support tool shows it: its row of `scheduled_jobs`, and when it is due next. */
export interface JobState {
  name: string;
  /** How often it runs; 0: not on the schedule (run by hand only). */
  periodMs: number;
  /** When the next tick may claim it: a period after the last start; null when off the schedule. */
  nextRunAt: Date | null;
  lastStartedAt: Date | null;
  lastFinishedAt: Date | null;
  lastOk: boolean | null;
  lastResult: JobResult | null;
  runs: number;
  failures: number;
}

/** The longest and shortest pause between two ticks. */
const MAX_TICK_MS = 60_000;
const MIN_TICK_MS = 250;

/**
 * The one scheduler: every periodic job (the prune, reconciliation, contact forwarding) runs through it, once per
 * period across every instance. Each instance ticks; a job runs only on the instance whose conditional UPDATE of
 * the job's row wins (the row is claimed when its period has passed since the last start), so N instances ticking
 * at once run it once. A run that dies half-way is run again a period later. The row keeps the last run's outcome,
 * for the support tool (`npm run device -- jobs`) and metrics. A claim is one statement, so it works alike on
 * PostgreSQL and on the embedded engine.
 */
export class ScheduledJobs {
  private readonly jobs: Job[] = [];
  private timer: NodeJS.Timeout | undefined;
  /** The runs under way in this process, by job: a slow job never holds another back, nor starts twice here. */
  private readonly inFlight = new Map<string, Promise<unknown>>();

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

  /**
   * Ticks at half the shortest period (at most a minute), so a job runs between one period and one and a half
   * after its last start; the first tick is at once.
   */
  start(): void {
    const periods = this.jobs.map((job) => job.periodMs).filter((ms) => ms > 0);
    if (this.timer || !periods.length) return;
    const tickMs = Math.min(MAX_TICK_MS, Math.max(MIN_TICK_MS, Math.min(...periods) / 2));
    const tick = () => {
      this.runDue().catch((err: unknown) => this.logger.warn({ err }, 'scheduled jobs: a tick failed'));
    };
    this.timer = setInterval(tick, tickMs);
    this.timer.unref();
    setImmediate(tick);
  }

  /** Stops ticking and waits for the runs under way. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await Promise.allSettled([...this.inFlight.values()]);
  }

  /**
   * Runs each scheduled job whose period has passed and that this instance claims (side by side, none already
   * running here); the names of those run.
   */
  async runDue(): Promise<string[]> {
    const ran = await Promise.all(
      this.jobs.map(async (job) => {
        if (job.periodMs <= 0 || this.inFlight.has(job.name)) return null;
        const run = this.claim(job).then(async (claimed) => claimed && (await this.execute(job), true));
        this.inFlight.set(job.name, run);
        try {
          return (await run) ? job.name : null;
        } finally {
          this.inFlight.delete(job.name);
        }
      }),
    );
    return ran.filter((name): name is string => name !== null);
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

  /** Every job this process knows (and any other the table holds), with its last run and its next. */
  async states(): Promise<JobState[]> {
    const rows = (await this.dataSource.query(
      `SELECT name, last_started_at AS "lastStartedAt", last_finished_at AS "lastFinishedAt", last_ok AS "lastOk",
              last_result AS "lastResult", runs, failures
         FROM scheduled_jobs ORDER BY name`,
    )) as Omit<JobState, 'periodMs' | 'nextRunAt'>[];
    const names = [...new Set([...this.jobs.map((job) => job.name), ...rows.map((row) => row.name)])].sort();
    return names.map((name) => {
      const row = rows.find((candidate) => candidate.name === name);
      const periodMs = this.jobs.find((job) => job.name === name)?.periodMs ?? 0;
      const last = row?.lastStartedAt ?? null;
      return {
        name,
        periodMs,
        lastStartedAt: last,
        lastFinishedAt: row?.lastFinishedAt ?? null,
        lastOk: row?.lastOk ?? null,
        lastResult: row?.lastResult ?? null,
        runs: row?.runs ?? 0,
        failures: row?.failures ?? 0,
        // Never run: the first tick claims it.
        nextRunAt: periodMs > 0 ? new Date((last?.getTime() ?? Date.now()) + (last ? periodMs : 0)) : null,
      };
    });
  }

  /** The names of the jobs this process runs. */
  names(): string[] {
    return this.jobs.map((job) => job.name);
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
