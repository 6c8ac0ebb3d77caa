import type { DataSource } from 'typeorm';
import type { Config } from './config';
import type { Logger } from './logger';
import type { GraphServices } from './graphql/context';
import { RateLimits } from './auth/rate-limits';
import { CaptchaService } from './captcha/captcha.service';
import { ContactForwarder } from './contact/contact-forwarder';
import { ContactService } from './contact/contact.service';
import { DeviceTokenService } from './device/device-token.service';
import { DeviceService } from './device/device.service';
import { TvLinkService } from './device/tv-link.service';
import { PlaylistService } from './playlist/playlist.service';
import { pricingFrom } from './pricing/pricing.service';
import { PaymentLedger } from './payments/payment-ledger';
import { PaymentService } from './payments/payment.service';
import { PaymentReconciler } from './payments/payment-reconciler';
import { PaymentTrail } from './payments/payment-trail';
import { PlaylistCheckService } from './playlist-check/playlist-check.service';
import { PaymentProviders, newSandboxKeys } from './payments/providers';
import { prune } from './maintenance/pruning';
import { ScheduledJobs, type JobResult } from './maintenance/scheduled-jobs';
import { Metrics } from './metrics/metrics';

/** How often stored contact messages not yet forwarded (a failed send, a stopped instance) are tried again. */
const CONTACT_FORWARD_INTERVAL_MS = 60_000;

/**
 * The domain services, built once per process and shared by every transport: what the graph's resolvers use
 * (graphql/context.ts GraphServices), and what only the process itself does.
 */
export interface Services extends GraphServices {
  rateLimits: RateLimits;
  /** What providers confirm, applied once each, and the audit trail (the webhooks' service). */
  ledger: PaymentLedger;
  /** Asks the providers about checkouts whose callback never came, on a schedule and on demand. */
  reconciler: PaymentReconciler;
  /** What support reads of payments and their audit trail (the support tool). */
  trail: PaymentTrail;
  /** The payment providers' adapters (whether a method runs on its local stand-in, for the support tool). */
  providers: PaymentProviders;
  /** This server's own address, known once it listens (the sandbox stand-ins are called there). */
  setServerUrl(url: string): void;
  /** Present when SMTP is configured. */
  contactForwarder: ContactForwarder | undefined;
  /**
   * The one scheduler: every periodic job (the prune of every growing table, reconciliation, contact forwarding)
   * runs through it, once per period across every instance.
   */
  jobs: ScheduledJobs;
  /** This process's metrics (/metrics), which the services below report to. */
  metrics: Metrics;
}

export function createServices(dataSource: DataSource, config: Config, logger: Logger): Services {
  const metrics = new Metrics(dataSource, { processMetrics: config.metrics.served });
  const rateLimits = new RateLimits(dataSource, {
    ...config.loginLimits,
    registerPerIpPerHour: config.registerMaxPerIpPerHour,
    contactPerIpPerHour: config.contact.maxPerIpPerHour,
    playlistChecksPerDevicePerHour: config.playlistCheck.perDevicePerHour,
    webhookRefusalsPerIpPerHour: config.pricing.webhookRefusalsPerIpPerHour,
  });
  const captcha = new CaptchaService(dataSource, rateLimits, {
    ttlMs: config.captchaTtlMs,
    testAnswer: config.captchaTestAnswer,
  });
  const tokens = new DeviceTokenService(dataSource, { idleDays: config.deviceTokenIdleDays });
  const devices = new DeviceService(dataSource, captcha, rateLimits, { trialDays: config.trialDays }, tokens);
  const tvLinks = new TvLinkService(dataSource, rateLimits, tokens, devices, {
    publicUrl: config.publicUrl,
    ...config.tvLink,
  });
  const playlists = new PlaylistService(dataSource, rateLimits, { maxPerDevice: config.playlistMaxPerDevice });
  const contactForwarder = config.contact.smtpUrl
    ? new ContactForwarder(
        dataSource,
        config.contact.smtpUrl,
        { from: config.contact.from, to: config.contact.to, productName: config.site.productName },
        logger,
      )
    : undefined;
  const contact = new ContactService(dataSource, rateLimits, contactForwarder);
  const pricing = pricingFrom(config);
  let serverUrl = config.publicUrl;
  const selfUrl = () => serverUrl;
  const providers = new PaymentProviders(config, newSandboxKeys(), selfUrl);
  const ledger = new PaymentLedger(dataSource, providers, { trialDays: config.trialDays }, logger, metrics, rateLimits);
  const payments = new PaymentService(
    dataSource,
    devices,
    pricing,
    providers,
    ledger,
    { publicUrl: config.publicUrl, selfUrl, maxPendingPerHour: config.pricing.maxPendingPerHour },
    logger,
  );
  const reconciler = new PaymentReconciler(
    dataSource,
    providers,
    ledger,
    payments,
    config.reconciliation,
    logger,
    metrics,
  );
  const playlistChecks = new PlaylistCheckService(
    dataSource,
    playlists,
    rateLimits,
    config.playlistCheck,
    logger,
    metrics,
  );
  const jobs = new ScheduledJobs(dataSource, logger, metrics);
  jobs.register('prune', config.maintenance.pruneIntervalMs, () =>
    prune(dataSource, config.maintenance.retention, { tokenIdleDays: config.deviceTokenIdleDays }),
  );
  jobs.register('reconcile', config.reconciliation.intervalMs, async () => {
    const done = await reconciler.runDue();
    const result: JobResult = { asked: done.length };
    for (const { outcome } of done) result[outcome] = (result[outcome] ?? 0) + 1;
    return result;
  });
  if (contactForwarder) {
    jobs.register('contact-forward', CONTACT_FORWARD_INTERVAL_MS, async () => ({
      forwarded: await contactForwarder.run(),
    }));
  }
  return {
    jobs,
    metrics,
    rateLimits,
    captcha,
    devices,
    tokens,
    tvLinks,
    playlists,
    pricing,
    payments,
    ledger,
    reconciler,
    trail: new PaymentTrail(dataSource),
    providers,
    playlistChecks,
    setServerUrl: (url) => {
      serverUrl = url;
    },
    contact,
    contactForwarder,
  };
}
