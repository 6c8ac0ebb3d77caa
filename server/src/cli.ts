import os from 'node:os';
import { parseArgs } from 'node:util';
import { registerDeviceSchema } from '../../common/validation';
import { DomainError } from './common/errors';
import { validate } from './common/validate';
import { loadConfig, type Config } from './config';
import { openDatabase } from './database';
import type { DeviceEntity } from './device/device.entity';
import { randomMacAddress } from './device/mac';
import { createLogger } from './logger';
import type { JobResult, JobState } from './maintenance/scheduled-jobs';
import type { ActivationEntity } from './payments/activation.entity';
import { storedAmount } from './payments/currency';
import type { Reconciled } from './payments/payment-reconciler';
import type { AppliedAs, TrailEvent } from './payments/payment-trail';
import { createServices, type Services } from './services';

const USAGE = `Support tool for devices.

Usage:
  npm run device -- create [--mac <mac>] [--model <model>]   create a device (a random MAC if none is given)
  npm run device -- reset-key <mac> [--keep-tvs]             give a device a new random key: its portal sessions
                                                             end and its TVs are signed out (--keep-tvs: they stay)
  npm run device -- status <mac>                             a device's status, dates and MAC history (any MAC it
                                                             ever had finds it)
  npm run device -- payments <mac>                           a device's payments, each with its provider events
  npm run device -- events [--limit <n>]                     the latest provider deliveries (1 to 500, default 50),
                                                             refused ones included
  npm run device -- refund <reference> [--amount <sum>] [--reversed] [--note <text>]
                                                             money back no provider notifies (a Cowpay refund made
                                                             in its dashboard, a chargeback by e-mail): sums add up,
                                                             and once they reach what was paid the days the payment
                                                             gave come off the licence, once (no --amount: all that
                                                             is left of the payment)
  npm run device -- extend <mac> (--days <n> | --lifetime) --note <why>
                                                             give days (or a lifetime licence) by hand: a dispute
                                                             won, a goodwill gesture
  npm run device -- reconcile <reference>                   ask the payment's provider where it stands (a
                                                             callback that never came) and apply its answer
  npm run device -- reconcile --pending                     the same for every payment still pending
  npm run device -- jobs [--run <job>]                       the scheduled jobs (prune, reconcile, contact-forward):
                                                             last run, outcome, next run; --run runs one now

Each change by hand is kept with who made it (--by <name>, else the system user) and why (--note).
Dates are in UTC, as 2026-12-07 09:30:00 UTC.

Uses the same configuration as the server (DATABASE_URL, or the embedded database in DATA_DIR).
The embedded database can be opened by one process at a time: stop the server first, or use DATABASE_URL.`;

const OPTIONS = {
  mac: { type: 'string' },
  model: { type: 'string' },
  limit: { type: 'string' },
  reversed: { type: 'boolean' },
  note: { type: 'string' },
  amount: { type: 'string' },
  days: { type: 'string' },
  lifetime: { type: 'boolean' },
  by: { type: 'string' },
  pending: { type: 'boolean' },
  run: { type: 'string' },
  'keep-tvs': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Values = ReturnType<typeof readArgs>['values'];
type Out = (line: string) => void;

/** What a command works with: the services, its argument and options, and where it writes. */
interface Run {
  services: Services;
  arg: string | undefined;
  values: Values;
  out: Out;
}

interface Command {
  /** What its one argument is, when it takes one (said when it is missing). */
  takes?: string;
  /** Its options (besides --help). */
  options: (keyof typeof OPTIONS)[];
  run(run: Run): Promise<number>;
}

/** Exit codes: 0 done, 1 refused or not found (said why), 64 a command line the tool cannot read (EX_USAGE). */
const USAGE_ERROR = 64;

/** A command line that cannot be read: said, with the usage, before anything is opened. */
class UsageError extends Error {}

const COMMANDS: Record<string, Command> = {
  create: { options: ['mac', 'model'], run: create },
  'reset-key': { takes: 'a MAC address', options: ['keep-tvs'], run: resetKey },
  status: { takes: 'a MAC address', options: [], run: status },
  payments: { takes: 'a MAC address', options: [], run: payments },
  events: { options: ['limit'], run: events },
  refund: { takes: "a payment's reference", options: ['amount', 'reversed', 'note', 'by'], run: refund },
  extend: { takes: 'a MAC address', options: ['days', 'lifetime', 'note', 'by'], run: extend },
  reconcile: { takes: "a payment's reference or --pending", options: ['pending'], run: reconcile },
  jobs: { options: ['run'], run: jobs },
};

function readArgs(argv: string[]) {
  return parseArgs({ args: argv, allowPositionals: true, options: OPTIONS });
}

/** The command and its argument, or a UsageError naming what is wrong (the command, an option, an argument). */
function commandOf(argv: string[]): { name: string; command: Command; arg: string | undefined; values: Values } {
  let parsed: ReturnType<typeof readArgs>;
  try {
    parsed = readArgs(argv);
  } catch (err) {
    // An unknown option, or a value that looks like one (--days -3).
    throw new UsageError((err as Error).message);
  }
  const { positionals, values } = parsed;
  const [name, arg, ...extra] = positionals;
  if (!name) throw new UsageError('Name a command.');
  const command = COMMANDS[name];
  if (!command) throw new UsageError(`Unknown command "${name.slice(0, 40)}".`);
  const given = (Object.keys(values) as (keyof typeof OPTIONS)[]).filter((option) => option !== 'help');
  const foreign = given.find((option) => !command.options.includes(option));
  if (foreign) throw new UsageError(`--${foreign} is not an option of ${name}.`);
  if (extra.length || (arg !== undefined && !command.takes)) {
    throw new UsageError(
      `${name} takes ${command.takes ?? 'no argument'}: "${[arg, ...extra].join(' ').slice(0, 60)}" is too much.`,
    );
  }
  const optional = name === 'reconcile' && values.pending;
  if (name === 'reconcile' && values.pending && arg)
    throw new UsageError('reconcile takes a reference or --pending, not both.');
  if (command.takes && !arg && !optional) throw new UsageError(`${name} needs ${command.takes}.`);
  return { name, command, arg, values };
}

/** Runs one command; returns the process exit code. Exported for the tests. */
export async function runCli(argv: string[], out: Out, config: Config = loadConfig()): Promise<number> {
  let parsed: ReturnType<typeof commandOf>;
  try {
    if (argv.includes('--help') || argv.includes('-h')) {
      out(USAGE);
      return 0;
    }
    parsed = commandOf(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    out(`${err.message}\n\n${USAGE}`);
    return USAGE_ERROR;
  }
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
  const services = createServices(db.dataSource, config, createLogger('silent'));
  try {
    return await parsed.command.run({ services, arg: parsed.arg, values: parsed.values, out });
  } catch (err) {
    if (err instanceof UsageError) {
      out(`${err.message}\n\n${USAGE}`);
      return USAGE_ERROR;
    }
    if (err instanceof DomainError) {
      out(err.message);
      return 1;
    }
    throw err;
  } finally {
    services.contactForwarder?.stop();
    await db.close();
  }
}

// --- The commands: each reads its input, calls the services, and says what happened.

async function create({ services, values, out }: Run): Promise<number> {
  const input = validate(registerDeviceSchema, { macAddress: values.mac ?? randomMacAddress(), model: values.model });
  const created = await services.devices.createDevice(input);
  showDevice(services, created.device, out);
  out(`Device key:  ${created.deviceKey}`);
  out(`TV token:    ${created.deviceToken}`);
  return 0;
}

async function resetKey({ services, arg, values, out }: Run): Promise<number> {
  const found = await deviceOf(services, arg as string, out);
  if (!found) return 1;
  const keep = values['keep-tvs'] === true;
  const { device, deviceKey, tvsSignedOut } = await services.devices.resetDeviceKey(found.id, {
    keepTvsSignedIn: keep,
  });
  showDevice(services, device, out);
  out(`New device key: ${deviceKey}`);
  out('Portal sessions ended: the owner signs in again with the new key.');
  out(
    keep
      ? 'TVs kept signed in (--keep-tvs).'
      : `TVs signed out: ${tvsSignedOut} (each signs in again with the new key).`,
  );
  return 0;
}

async function status({ services, arg, out }: Run): Promise<number> {
  const device = await deviceOf(services, arg as string, out);
  if (!device) return 1;
  showDevice(services, device, out);
  const changes = await services.devices.macHistory(device.id);
  if (changes.length) {
    out('MAC history:');
    for (const change of changes) out(`  ${when(change.createdAt)}  ${change.fromMac} -> ${change.toMac} (Switch MAC)`);
  }
  return 0;
}

async function payments({ services, arg, out }: Run): Promise<number> {
  const device = await deviceOf(services, arg as string, out);
  if (!device) return 1;
  showDevice(services, device, out);
  const made = await services.trail.paymentsOf(device.id);
  if (!made.length) out('No payments yet.');
  for (const payment of made) {
    out('');
    out(paymentLine(payment));
    out(`  reference ${payment.id}, provider reference ${payment.providerReference ?? '-'}`);
    const applied = await services.trail.appliedAs(payment.id);
    if (applied) out(`  ${appliedLine(applied)}`);
    if (payment.failureReason) out(`  ${payment.failureReason}`);
    // Each dispute on its own line: the row above shows only the latest one's state.
    for (const d of await services.trail.disputesOf(payment.id)) {
      out(
        `  dispute ${d.disputeId}: ${d.state}, opened ${when(d.openedAt)}${d.decidedAt ? `, decided ${when(d.decidedAt)}` : ''}`,
      );
    }
    for (const event of await services.trail.eventsOf(payment.id)) out(`  ${eventLine(event, false)}`);
  }
  return 0;
}

async function events({ services, values, out }: Run): Promise<number> {
  const limit = values.limit === undefined ? 50 : Number(values.limit);
  if (!/^\d+$/.test(values.limit ?? '50') || limit < 1 || limit > 500) {
    throw new UsageError(`--limit must be a whole number from 1 to 500 (got "${String(values.limit).slice(0, 20)}").`);
  }
  const latest = await services.trail.latestEvents(limit);
  if (!latest.length) {
    out('No provider deliveries yet.');
    return 0;
  }
  out(EVENT_HEADER);
  for (const event of latest) out(eventLine(event, true));
  return 0;
}

async function refund({ services, arg, values, out }: Run): Promise<number> {
  const reference = arg as string;
  const kind = values.reversed ? 'reversed' : 'refunded';
  const outcome = await services.ledger.recordMoneyBack(reference, kind, actionBy(values), values.amount ?? null);
  const said: Record<string, string> = {
    refunded: 'Refunded: the days this payment gave were taken off the licence.',
    reversed: 'Reversed: the days this payment gave were taken off the licence.',
    'partly-refunded': 'Recorded: part of the payment went back; the licence keeps its days.',
    'already-applied': 'Its money was already taken back: nothing changed.',
    ignored: 'That payment was never paid: nothing changed.',
  };
  out(said[outcome] ?? `Nothing changed (${outcome}).`);
  const payment = await services.trail.payment(reference);
  if (payment?.refundedMinor) {
    out(
      `Returned so far: ${money(payment.refundedMinor, payment.currency)} of ${money(payment.amountMinor, payment.currency)}`,
    );
  }
  const device = payment ? await services.devices.findById(payment.deviceId) : null;
  if (device) showDevice(services, device, out);
  return [kind, 'partly-refunded', 'already-applied'].includes(outcome) ? 0 : 1;
}

async function extend({ services, arg, values, out }: Run): Promise<number> {
  const device = await deviceOf(services, arg as string, out);
  if (!device) return 1;
  const days = values.days === undefined ? null : Number(values.days);
  if ((days === null) === !values.lifetime) throw new UsageError('extend needs either --days <n> or --lifetime.');
  const grant = values.lifetime ? ({ lifetime: true } as const) : { days: days as number };
  const licence = await services.ledger.extendByHand(device.id, grant, actionBy(values));
  out(
    licence.lifetime
      ? 'Extended: the device now has a lifetime licence.'
      : `Extended by ${days} days: the licence now ends ${when(licence.after as Date)}.`,
  );
  showDevice(services, (await services.devices.findById(device.id)) ?? device, out);
  return 0;
}

async function reconcile({ services, arg, values, out }: Run): Promise<number> {
  const { reconciler } = services;
  const results = values.pending ? await reconciler.reconcilePending() : [await reconciler.reconcile(arg as string)];
  if (!results.length) out('No payment is pending.');
  for (const result of results) out(reconciledLine(services, result));
  return results.some((result) => result.outcome === 'unanswered') ? 1 : 0;
}

async function jobs({ services, values, out }: Run): Promise<number> {
  if (values.run) {
    const result = await services.jobs.runNow(values.run);
    out(`${values.run}: ${counts(result) || 'done'}`);
    return 0;
  }
  const states = await services.jobs.states();
  const rows = states.map((job) => [
    job.name,
    job.lastStartedAt ? when(job.lastStartedAt) : 'never',
    outcomeOf(job),
    job.nextRunAt ? when(job.nextRunAt) : 'not scheduled',
    String(job.runs),
    String(job.failures),
    counts(job.lastResult ?? {}),
  ]);
  for (const line of table(['Job', 'Last run', 'Outcome', 'Next run', 'Runs', 'Failures', 'Last result'], rows)) {
    out(line);
  }
  return 0;
}

// --- How things are said.

/** Every date and time the tool prints, in one format: '2026-12-07 09:30:00 UTC'. */
function when(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** An amount in minor units, as the operator reads it: '0.50 EUR'. */
function money(minor: number, currency: string): string {
  return `${storedAmount(minor, currency.trim())} ${currency.trim()}`;
}

/** Who runs the tool and why, for the support trail: --by, else the system user; --note. */
function actionBy(values: Values): { actor: string; note: string } {
  let actor = values.by?.trim();
  if (!actor) {
    try {
      actor = os.userInfo().username || 'operator';
    } catch {
      actor = 'operator';
    }
  }
  return { actor, note: values.note ?? '' };
}

/** The device a command names by MAC: the one holding it, or the one that held it before a Switch MAC. */
async function deviceOf(services: Services, mac: string, out: Out): Promise<DeviceEntity | null> {
  const found = await services.devices.findByAnyMac(mac);
  if (!found) {
    out(`No device is registered with the MAC address ${mac.slice(0, 40)}.`);
    return null;
  }
  if (found.formerMac) out(`${mac} is a former MAC address of this device (see its MAC history).`);
  return found.device;
}

function showDevice(services: Services, device: DeviceEntity, out: Out): void {
  const standing = services.devices.standing(device);
  out(`MAC address: ${device.macAddress}`);
  out(`Status:      ${standing.status.charAt(0) + standing.status.slice(1).toLowerCase()}`);
  out(`Created:     ${when(device.createdAt)}`);
  out(`Expires:     ${standing.expireDate ? when(standing.expireDate) : 'never (lifetime licence)'}`);
}

/** One payment on one line: when, how, how much, where it stands (a licence date only while it is paid). */
function paymentLine(p: ActivationEntity): string {
  return [
    when(p.createdAt),
    `${p.method}${p.sandbox ? ' (sandbox)' : ''}`,
    money(p.amountMinor, p.currency),
    p.status,
    p.refundedMinor ? `returned ${money(p.refundedMinor, p.currency)}` : '',
    p.dispute ? `dispute ${p.dispute}` : '',
    p.paidAt ? `paid ${when(p.paidAt)}` : '',
    p.status === 'paid' && p.licenceExpiresAt ? `licence until ${when(p.licenceExpiresAt)}` : '',
    p.takenBackAt ? `taken back ${when(p.takenBackAt)}` : '',
  ]
    .filter(Boolean)
    .join('  ');
}

/**
 * What a payment did to the licence when it was applied, as the audit copy (payments.licence_before/after) keeps
 * it: never moved afterwards, so it can differ from the row's 'licence until' once an earlier payment's days came
 * off (docs/payments.md, "The dates agree").
 */
function appliedLine(a: AppliedAs): string {
  const before = a.licenceBefore ? `licence ended ${when(a.licenceBefore)}` : 'no licence before';
  const after = a.lifetime ? 'made it lifetime' : `took it to ${a.licenceAfter ? when(a.licenceAfter) : '-'}`;
  return `when applied: ${before}, this payment ${after} (as recorded then)`;
}

const EVENT_COLUMNS = [23, 8, 9, 17, 24];
const EVENT_HEADER = row(['Time', 'Provider', 'Kind', 'Outcome', 'Event id', 'MAC address'], EVENT_COLUMNS);

/** One delivery of the audit trail, on one line; never its payload (payer details stay in the database). */
function eventLine(e: TrailEvent, withMac: boolean): string {
  const cells = [when(e.createdAt), e.provider, e.kind, e.outcome, e.eventId ?? '-'];
  return row(withMac ? [...cells, e.macAddress ?? ''] : cells, EVENT_COLUMNS);
}

/** Cells padded to their columns' widths (a longer cell keeps two spaces after it). */
function row(cells: string[], widths: number[]): string {
  return cells
    .map((cell, i) => (i < cells.length - 1 ? cell.padEnd(widths[i] ?? 0) : cell))
    .join('  ')
    .trimEnd();
}

/** A header and rows, each column as wide as its widest cell. */
function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((cells) => (cells[i] ?? '').length)));
  return [header, ...rows].map((cells) => row(cells, widths));
}

function outcomeOf(job: JobState): string {
  if (!job.lastStartedAt) return '-';
  if (job.lastOk === null || (job.lastFinishedAt && job.lastFinishedAt < job.lastStartedAt)) return 'running';
  return job.lastOk ? 'ok' : 'FAILED';
}

/** A job's result as the operator reads it: 'sessions 3, captchas 0'. */
function counts(result: JobResult): string {
  return Object.entries(result)
    .map(([kind, n]) => `${kind} ${n}`)
    .join(', ');
}

/** What asking a provider about one payment came to, on one line, in the provider's words. */
function reconciledLine(services: Services, r: Reconciled): string {
  const word = r.providerStatus.slice(0, 120);
  const asked = money(r.asked.amountMinor, r.asked.currency);
  const paid = r.paid ? money(r.paid.amountMinor, r.paid.currency) : 'another amount';
  let said: string;
  if (r.outcome === 'unanswered' && services.providers.isSandbox(r.provider)) {
    said =
      `not asked: ${r.provider} runs on this site's sandbox stand-in (no credentials configured), which only ` +
      `the running server can ask (its reconcile job does), still ${r.status}`;
  } else if (r.outcome === 'activated') {
    said = `paid: the device is activated${r.licenceExpiresAt ? ` until ${when(r.licenceExpiresAt)}` : ''}`;
  } else if (r.outcome === 'refused-amount') {
    said = `the provider says ${word} for ${paid}, not the ${asked} asked: not applied, still ${r.status} (see payments ${r.macAddress})`;
  } else if (r.outcome === 'refused-currency') {
    said = `the provider says ${word} in ${r.paid?.currency ?? 'another currency'}, not ${r.asked.currency}: not applied, still ${r.status}`;
  } else if (r.outcome === 'refused-mismatch') {
    said = `the provider's answer is about another checkout (${word}): not applied, still ${r.status}`;
  } else if (r.outcome === 'expired') said = `expired: cancelled, nothing was paid in time (${word})`;
  else if (r.outcome === 'unanswered') said = `not answered, still ${r.status}: ${word}`;
  else if (r.outcome === 'not-asked') said = `not asked, still ${r.status}: ${word}`;
  else if (r.status === 'paid' && ['already-applied', 'duplicate'].includes(r.outcome))
    said = `paid already: nothing changed (${word})`;
  else if (r.outcome === 'pending') said = `still pending at the provider (${word})`;
  else if (r.outcome === 'partial') said = `partially paid: ${paid} of ${asked} (${word})`;
  else if (r.outcome === 'failed') said = `failed at the provider (${word})`;
  else if (r.outcome === 'cancelled') said = `cancelled at the provider (${word})`;
  else said = `${r.outcome}, now ${r.status} (${word})`;
  return `${r.reference}  ${r.provider.padEnd(6)}  ${r.macAddress}  ${said}`;
}

if (require.main === module) {
  runCli(process.argv.slice(2), (line) => process.stdout.write(`${line}\n`))
    .then((code) => process.exit(code))
    .catch((err: unknown) => {
      process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(1);
    });
}
