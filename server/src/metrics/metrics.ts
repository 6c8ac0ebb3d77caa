import type { Pool } from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DataSource, EntityManager, QueryRunner } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';

/** Seconds: an answer from a cached read (a few ms) to a playlist check through the graph (up to minutes). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120];
/** Seconds: a playlist check fetches a playlist and its guide, each up to PLAYLIST_CHECK_TIMEOUT_SECONDS. */
const CHECK_BUCKETS = [0.25, 0.5, 1, 2, 5, 10, 20, 30, 60, 120, 240];

/**
 * The process's metrics (docs/operations.md, "Metrics"), in a registry of its own: two servers in one process (the
 * tests) never share a counter, and nothing lands in prom-client's global registry. Built once in services.ts and
 * handed to the services that report; every label value comes from a fixed set (route patterns, provider names,
 * outcomes, job names), never from what a caller sent. Gauges of state elsewhere (the pool, the oldest pending
 * checkout) are read when Prometheus scrapes.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly httpRequests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status class.',
    labelNames: ['method', 'route', 'status_class'],
    registers: [this.registry],
  });
  private readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request to the end of its answer, by method, route pattern and status class.',
    labelNames: ['method', 'route', 'status_class'],
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  private readonly graphOperations = new Counter({
    name: 'graphql_operations_total',
    help: "GraphQL operations run, by name (a safelisted or the portal's own operation, else 'other') and type.",
    labelNames: ['operation', 'type'],
    registers: [this.registry],
  });
  private readonly graphDuration = new Histogram({
    name: 'graphql_operation_duration_seconds',
    help: 'Time from a GraphQL request to its answer, by operation name and type.',
    labelNames: ['operation', 'type'],
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  private readonly graphErrors = new Counter({
    name: 'graphql_errors_total',
    help: 'Errors in GraphQL answers, by extensions.code as the client received it.',
    labelNames: ['code'],
    registers: [this.registry],
  });
  private readonly paymentEvents = new Counter({
    name: 'payment_events_total',
    help: "The payment audit trail's lines as committed, by provider, kind (webhook, capture, reconcile…) and outcome.",
    labelNames: ['provider', 'kind', 'outcome'],
    registers: [this.registry],
  });
  private readonly moneyBackAbove = new Counter({
    name: 'payment_money_back_above_paid_total',
    help: 'Notices of money back above what was left of the payment (counted only up to it), by provider: look.',
    labelNames: ['provider'],
    registers: [this.registry],
  });
  private readonly webhookRefusals = new Counter({
    name: 'payment_webhook_refusals_total',
    help: "Providers' webhook deliveries refused (forged, unreadable, not matching a checkout), by provider and outcome.",
    labelNames: ['provider', 'outcome'],
    registers: [this.registry],
  });
  private readonly reconciliations = new Counter({
    name: 'payment_reconciliations_total',
    help: "Checkouts asked about at their provider's status API, by provider and what it came to.",
    labelNames: ['provider', 'outcome'],
    registers: [this.registry],
  });
  private readonly playlistChecks = new Counter({
    name: 'playlist_checks_total',
    help: 'Playlist checks run (not answered from the recent results), by verdict.',
    labelNames: ['verdict'],
    registers: [this.registry],
  });
  private readonly playlistCheckDuration = new Histogram({
    name: 'playlist_check_duration_seconds',
    help: 'Time a playlist check took (the playlist and its guide), by verdict.',
    labelNames: ['verdict'],
    buckets: CHECK_BUCKETS,
    registers: [this.registry],
  });
  private readonly jobRuns = new Counter({
    name: 'scheduled_job_runs_total',
    help: 'Runs of a scheduled job on this instance, by job and outcome (ok, failed).',
    labelNames: ['job', 'outcome'],
    registers: [this.registry],
  });
  private readonly jobDuration = new Histogram({
    name: 'scheduled_job_duration_seconds',
    help: 'Time a scheduled job took on this instance, by job.',
    labelNames: ['job'],
    buckets: [0.1, 0.5, 1, 5, 10, 30, 60, 300, 900],
    registers: [this.registry],
  });
  /** Payment events written in a transaction not yet committed: counted when it commits, forgotten if it does not. */
  private readonly uncommitted = new WeakMap<QueryRunner, (() => void)[]>();

  constructor(
    dataSource: DataSource,
    options: {
      /** The process's own metrics (CPU, memory, event-loop lag, GC): only when something can read them. */
      processMetrics: boolean;
    },
  ) {
    const registers = [this.registry];
    if (options.processMetrics) collectDefaultMetrics({ register: this.registry });

    const pool = () => (dataSource.driver as PostgresDriver).master as Pool | undefined;
    const poolGauge = (name: string, help: string, read: (pool: Pool) => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          const current = pool();
          this.set(current ? read(current) : 0);
        },
      });
    poolGauge(
      'db_pool_max_connections',
      'Connections the database pool may open (DB_POOL_SIZE).',
      (p) => p.options.max,
    );
    poolGauge('db_pool_connections', 'Connections the database pool holds open.', (p) => p.totalCount);
    poolGauge('db_pool_idle_connections', 'Open connections no request is using.', (p) => p.idleCount);
    poolGauge(
      'db_pool_waiting_requests',
      'Queries waiting for a connection (every connection busy): above 0, the pool is exhausted.',
      (p) => p.waitingCount,
    );
    new Gauge({
      name: 'payment_oldest_pending_checkout_age_seconds',
      help:
        'Age of the oldest checkout that reached its provider and is still pending (0: none), from the database: ' +
        'the same on every instance. NaN when the database could not be asked.',
      registers,
      async collect() {
        this.set(await oldestPendingCheckoutSeconds(dataSource));
      },
    });

    // Lines of the audit trail written in a transaction count once it commits (a webhook whose transaction fails
    // is answered 503 and delivered again: counting it before would count it twice).
    dataSource.subscribers.push({
      afterTransactionCommit: ({ queryRunner }) => {
        if (queryRunner.isTransactionActive) return; // a savepoint released: the transaction goes on
        for (const count of this.uncommitted.get(queryRunner) ?? []) count();
        this.uncommitted.delete(queryRunner);
      },
      afterTransactionRollback: ({ queryRunner }) => {
        if (!queryRunner.isTransactionActive) this.uncommitted.delete(queryRunner);
      },
    });
  }

  async exposition(): Promise<{ contentType: string; text: string }> {
    return { contentType: this.registry.contentType, text: await this.registry.metrics() };
  }

  /** One answer; its route is a pattern, a mount, 'pages' or 'unmatched', never the raw path (metrics.http.ts). */
  httpRequest(labels: Record<'method' | 'route' | 'status_class', string>, seconds: number): void {
    this.httpRequests.inc(labels);
    this.httpDuration.observe(labels, seconds);
  }

  graphOperation(operation: string, type: string, seconds: number): void {
    this.graphOperations.inc({ operation, type });
    this.graphDuration.observe({ operation, type }, seconds);
  }

  graphError(code: string): void {
    this.graphErrors.inc({ code });
  }

  /**
   * One line of the payment audit trail, written with `m` (the ledger's record()): counted now, or, inside a
   * transaction, when it commits. A refused webhook delivery counts as a refusal too.
   */
  paymentRecorded(m: EntityManager, provider: string, kind: string, outcome: string): void {
    const count = () => {
      this.paymentEvents.inc({ provider, kind, outcome });
      if (kind === 'webhook' && outcome.startsWith('refused-')) this.webhookRefusals.inc({ provider, outcome });
    };
    const runner = m.queryRunner;
    if (!runner?.isTransactionActive) return count();
    const pending = this.uncommitted.get(runner);
    if (pending) pending.push(count);
    else this.uncommitted.set(runner, [count]);
  }

  /** A provider told of more money back than was left of a payment: only what was left was counted. */
  moneyBackAbovePaid(provider: string): void {
    this.moneyBackAbove.inc({ provider });
  }

  reconciled(provider: string, outcome: string): void {
    this.reconciliations.inc({ provider, outcome });
  }

  playlistChecked(verdict: string, seconds: number): void {
    this.playlistChecks.inc({ verdict });
    this.playlistCheckDuration.observe({ verdict }, seconds);
  }

  /** A job exists: its series start at 0, so that its first failure is an increase an alert sees. */
  jobRegistered(job: string): void {
    this.jobRuns.inc({ job, outcome: 'ok' }, 0);
    this.jobRuns.inc({ job, outcome: 'failed' }, 0);
  }

  jobRan(job: string, ok: boolean, seconds: number): void {
    this.jobRuns.inc({ job, outcome: ok ? 'ok' : 'failed' });
    this.jobDuration.observe({ job }, seconds);
  }
}

/**
 * The oldest checkout still pending that reached its provider: the first entry of the partial index on open checkouts
 * (ix_activations_reconcile, in created_at order) that is pending.
 * A checkout cut off before its provider answered stays pending without a provider reference until the prune: it
 * took no money, and counting it would hold this gauge up for a year.
 */
async function oldestPendingCheckoutSeconds(dataSource: DataSource): Promise<number> {
  try {
    const [row] = (await dataSource.query(
      `SELECT COALESCE(EXTRACT(EPOCH FROM now() - min(created_at)), 0)::float8 AS seconds FROM activations
        WHERE status = 'pending' AND provider_reference IS NOT NULL`,
    )) as { seconds: number }[];
    return Math.max(0, Number(row?.seconds ?? 0));
  } catch {
    // The database away: the scrape still answers (the pool's own gauges say why).
    return Number.NaN;
  }
}
