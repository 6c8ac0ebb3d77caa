import os from 'node:os';
import { parseArgs } from 'node:util';
import { formatDisplayDate } from '../../common/dates';
import { macAddressSchema, registerDeviceSchema } from '../../common/validation';
import { DomainError } from './common/errors';
import { validate } from './common/validate';
import { loadConfig, type Config } from './config';
import { openDatabase } from './database';
import { storedAmount } from './payments/currency';
import { randomMacAddress } from './device/mac';
import { createLogger } from './logger';
import type { JobResult } from './maintenance/scheduled-jobs';
import type { Reconciled } from './payments/payment-reconciler';
import { createServices } from './services';

const USAGE = `Support tool for devices.

Usage:
  npm run device -- create [--mac <mac>] [--model <model>]   create a device (a random MAC if none is given)
  npm run device -- reset-key <mac>                          give a device a new random key, ending its sessions
  npm run device -- status <mac>                             show a device's status and dates
  npm run device -- payments <mac>                           a device's payments, each with its provider events
  npm run device -- events [--limit <n>]                     the latest provider deliveries, refused ones included
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
  npm run device -- jobs [--run <job>]                       the scheduled jobs (the prune) and their last runs;
                                                             --run runs one now

Each change by hand is kept with who made it (--by <name>, else the system user) and why (--note).

Uses the same configuration as the server (DATABASE_URL, or the embedded database in DATA_DIR).
The embedded database can be opened by one process at a time: stop the server first, or use DATABASE_URL.`;

const COMMANDS = ['create', 'reset-key', 'status', 'payments', 'events', 'refund', 'extend', 'reconcile', 'jobs'];

type Out = (line: string) => void;

function readArgs(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
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
      help: { type: 'boolean', short: 'h' },
    },
  });
}

/** Who runs the tool, for the support trail: --by, else the system user. */
function actorOf(by: string | undefined): string {
  if (by?.trim()) return by.trim();
  try {
    return os.userInfo().username || 'operator';
  } catch {
    return 'operator';
  }
}

/** Runs one command; returns the process exit code. Exported for the tests. */
export async function runCli(argv: string[], out: Out, config: Config = loadConfig()): Promise<number> {
  let parsed: ReturnType<typeof readArgs>;
  try {
    parsed = readArgs(argv);
  } catch (err) {
    // An unknown option, or a value that looks like one (--days -3): said with the usage, nothing done.
    out(`${(err as Error).message}\n\n${USAGE}`);
    return 64;
  }
  const { positionals, values } = parsed;
  const [command, arg] = positionals;
  if (values.help || !command || !COMMANDS.includes(command)) {
    out(USAGE);
    return values.help ? 0 : 64;
  }
  const needsNoArg = ['create', 'events', 'jobs'].includes(command) || (command === 'reconcile' && values.pending);
  if (!arg && !needsNoArg) {
    const needs = command === 'refund' || command === 'reconcile' ? "a payment's reference" : 'a MAC address';
    out(`${command} needs ${needs}${command === 'reconcile' ? ' or --pending' : ''}.\n\n${USAGE}`);
    return 64;
  }

  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
  try {
    const { devices, ledger, reconciler, jobs } = createServices(db.dataSource, config, createLogger('silent'));
    const show = (device: Parameters<typeof devices.standing>[0]) => {
      const standing = devices.standing(device);
      out(`MAC address: ${device.macAddress}`);
      out(`Status:      ${standing.status.charAt(0) + standing.status.slice(1).toLowerCase()}`);
      out(`Created:     ${formatDisplayDate(device.createdAt)}`);
      out(`Expires:     ${standing.expireDate ? formatDisplayDate(standing.expireDate) : 'never (lifetime licence)'}`);
    };
    const deviceOfArg = async () => {
      const device = await devices.findByMac(validate(macAddressSchema, arg));
      if (!device) out(`No device is registered with the MAC address ${arg}.`);
      return device;
    };
    switch (command) {
      case 'create': {
        const input = validate(registerDeviceSchema, {
          macAddress: values.mac ?? randomMacAddress(),
          model: values.model,
        });
        const created = await devices.createDevice(input);
        show(created.device);
        out(`Device key:  ${created.deviceKey}`);
        out(`TV token:    ${created.deviceToken}`);
        return 0;
      }
      case 'reset-key': {
        const { device, deviceKey } = await devices.resetDeviceKey(arg as string);
        show(device);
        out(`New device key: ${deviceKey}`);
        return 0;
      }
      case 'jobs': {
        if (values.run) {
          const result = await jobs.runNow(values.run);
          out(`${values.run}: ${counts(result) || 'done'}`);
          return 0;
        }
        const states = await jobs.states();
        if (!states.length) out('No scheduled job has run yet.');
        for (const job of states) {
          const last = job.lastStartedAt ? job.lastStartedAt.toISOString() : 'never';
          const outcome = job.lastOk === null ? 'running or never finished' : job.lastOk ? 'ok' : 'FAILED';
          const result = counts(job.lastResult ?? {});
          out(`${job.name}  last ${last}  ${outcome}  runs ${job.runs}  failures ${job.failures}  ${result}`.trimEnd());
        }
        return 0;
      }
      case 'events': {
        const limit = Math.min(500, Math.max(1, Number(values.limit ?? 50) || 50));
        const events = (await db.dataSource.query(
          `SELECT e.created_at, e.provider, e.kind, e.outcome, e.event_id, a.mac_address
             FROM payment_events e LEFT JOIN activations a ON a.id = e.activation_id
            ORDER BY e.id DESC LIMIT $1`,
          [limit],
        )) as EventRow[];
        if (!events.length) out('No provider deliveries yet.');
        for (const e of events.reverse()) out(eventLine(e));
        return 0;
      }
      case 'refund': {
        const kind = values.reversed ? 'reversed' : 'refunded';
        const hand = { actor: actorOf(values.by), note: values.note ?? '' };
        const outcome = await ledger.recordMoneyBack(arg as string, kind, hand, values.amount ?? null);
        const said: Record<string, string> = {
          refunded: 'Refunded: the days this payment gave were taken off the licence.',
          reversed: 'Reversed: the days this payment gave were taken off the licence.',
          'partly-refunded': 'Recorded: part of the payment went back; the licence keeps its days.',
          'already-applied': 'Its money was already taken back: nothing changed.',
          ignored: 'That payment was never paid: nothing changed.',
        };
        out(said[outcome] ?? `Nothing changed (${outcome}).`);
        const [row] = (await db.dataSource.query(
          `SELECT device_id, amount_minor, refunded_minor, currency FROM activations WHERE id = $1`,
          [arg],
        )) as { device_id: string; amount_minor: number; refunded_minor: number; currency: string }[];
        if (row?.refunded_minor)
          out(
            `Returned so far: ${money(row.refunded_minor, row.currency)} of ${money(row.amount_minor, row.currency)}`,
          );
        const device = row ? await devices.findById(row.device_id) : null;
        if (device) show(device);
        return [kind, 'partly-refunded', 'already-applied'].includes(outcome) ? 0 : 1;
      }
      case 'extend': {
        const device = await deviceOfArg();
        if (!device) return 1;
        const days = values.days === undefined ? null : Number(values.days);
        if ((days === null) === !values.lifetime) {
          out(`extend needs either --days <n> or --lifetime.\n\n${USAGE}`);
          return 64;
        }
        const grant = values.lifetime ? ({ lifetime: true } as const) : { days: days as number };
        const licence = await ledger.extendByHand(device.id, grant, {
          actor: actorOf(values.by),
          note: values.note ?? '',
        });
        out(
          licence.lifetime
            ? 'Extended: the device now has a lifetime licence.'
            : `Extended by ${days} days: the licence now ends ${formatDisplayDate(licence.after as Date)}.`,
        );
        show((await devices.findById(device.id)) ?? device);
        return 0;
      }
      case 'reconcile': {
        const results = values.pending ? await reconciler.reconcilePending() : [await reconciler.reconcile(arg!)];
        if (!results.length) out('No payment is pending.');
        for (const r of results) out(reconciledLine(r));
        return results.some((r) => r.outcome === 'unanswered') ? 1 : 0;
      }
      case 'payments': {
        const device = await deviceOfArg();
        if (!device) return 1;
        show(device);
        const activations = (await db.dataSource.query(
          `SELECT id, method, status, amount_minor, currency, sandbox, created_at, paid_at, licence_expires_at,
                  provider_reference, failure_reason, refunded_minor, dispute
             FROM activations WHERE device_id = $1 ORDER BY created_at`,
          [device.id],
        )) as ActivationRow[];
        if (!activations.length) out('No payments yet.');
        for (const a of activations) {
          out('');
          out(
            `${a.created_at.toISOString()}  ${a.method}${a.sandbox ? ' (sandbox)' : ''}  ${money(a.amount_minor, a.currency)}  ${a.status}` +
              (a.refunded_minor ? `  returned ${money(a.refunded_minor, a.currency)}` : '') +
              (a.dispute ? `  dispute ${a.dispute}` : '') +
              (a.paid_at ? `  paid ${a.paid_at.toISOString()}` : '') +
              (a.licence_expires_at ? `  licence until ${formatDisplayDate(a.licence_expires_at)}` : ''),
          );
          out(`  reference ${a.id}, provider reference ${a.provider_reference ?? '-'}`);
          if (a.failure_reason) out(`  ${a.failure_reason}`);
          const events = (await db.dataSource.query(
            `SELECT created_at, provider, kind, outcome, event_id, NULL AS mac_address
               FROM payment_events WHERE activation_id = $1 ORDER BY id`,
            [a.id],
          )) as EventRow[];
          for (const e of events) out(`  ${eventLine(e)}`);
        }
        return 0;
      }
      default: {
        const device = await deviceOfArg();
        if (!device) return 1;
        show(device);
        return 0;
      }
    }
  } catch (err) {
    if (err instanceof DomainError) {
      out(err.message);
      return 1;
    }
    throw err;
  } finally {
    await db.close();
  }
}

interface ActivationRow {
  id: string;
  method: string;
  status: string;
  amount_minor: number;
  currency: string;
  sandbox: boolean;
  created_at: Date;
  paid_at: Date | null;
  licence_expires_at: Date | null;
  provider_reference: string | null;
  failure_reason: string | null;
  refunded_minor: number;
  dispute: string | null;
}

/** A job's result as the operator reads it: 'sessions 3, captchas 0'. */
function counts(result: JobResult): string {
  return Object.entries(result)
    .map(([kind, n]) => `${kind} ${n}`)
    .join(', ');
}

/** An amount in minor units, as the operator reads it: '0.50 EUR'. */
function money(minor: number, currency: string): string {
  return `${storedAmount(minor, currency)} ${currency}`;
}

interface EventRow {
  created_at: Date;
  provider: string;
  kind: string;
  outcome: string;
  event_id: string | null;
  mac_address: string | null;
}

/** What asking a provider about one payment came to, on one line. */
function reconciledLine(r: Reconciled): string {
  const word = r.providerStatus.slice(0, 120);
  let said: string;
  if (r.outcome === 'activated') {
    said = `paid: the device is activated${r.licenceExpiresAt ? ` until ${formatDisplayDate(r.licenceExpiresAt)}` : ''}`;
  } else if (r.outcome === 'expired') said = `expired: cancelled, nothing was paid in time (${word})`;
  else if (r.outcome === 'unanswered') said = `not answered, still ${r.status}: ${word}`;
  else if (r.outcome === 'not-asked') said = `not asked, still ${r.status}: ${word}`;
  else if (r.status === 'paid') said = `paid already: nothing changed (${word})`;
  else if (r.status === 'pending') said = `still pending at the provider (${word})`;
  else if (r.status === 'partial') said = `partially paid (${word})`;
  else said = `${r.status} (${word})`;
  return `${r.reference}  ${r.provider.padEnd(6)}  ${r.macAddress}  ${said}`;
}

/** One delivery of the audit trail, on one line; never its payload (payer details stay in the database). */
function eventLine(e: EventRow): string {
  return [
    e.created_at.toISOString(),
    e.provider.padEnd(6),
    e.kind.padEnd(8),
    e.outcome.padEnd(17),
    e.event_id ?? '-',
    e.mac_address ?? '',
  ]
    .join('  ')
    .trimEnd();
}

if (require.main === module) {
  runCli(process.argv.slice(2), (line) => process.stdout.write(`${line}\n`))
    .then((code) => process.exit(code))
    .catch((err: unknown) => {
      process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(1);
    });
}
