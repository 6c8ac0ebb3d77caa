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
import { createServices } from './services';

const USAGE = `Support tool for devices.

Usage:
  npm run device -- create [--mac <mac>] [--model <model>]   create a device (a random MAC if none is given)
  npm run device -- reset-key <mac>                          give a device a new random key, ending its sessions
  npm run device -- status <mac>                             show a device's status and dates
  npm run device -- payments <mac>                           a device's payments, each with its provider events
  npm run device -- events [--limit <n>]                     the latest provider deliveries, refused ones included
  npm run device -- refund <reference> [--reversed] [--note <text>]
                                                             money back no provider notifies (a Cowpay refund made
                                                             in its dashboard, a chargeback by e-mail): the days the
                                                             payment gave come off the licence, once

Uses the same configuration as the server (DATABASE_URL, or the embedded database in DATA_DIR).
The embedded database can be opened by one process at a time: stop the server first, or use DATABASE_URL.`;

type Out = (line: string) => void;

/** Runs one command; returns the process exit code. Exported for the tests. */
export async function runCli(argv: string[], out: Out, config: Config = loadConfig()): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      mac: { type: 'string' },
      model: { type: 'string' },
      limit: { type: 'string' },
      reversed: { type: 'boolean' },
      note: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, arg] = positionals;
  if (values.help || !command || !['create', 'reset-key', 'status', 'payments', 'events', 'refund'].includes(command)) {
    out(USAGE);
    return values.help ? 0 : 64;
  }
  if (command !== 'create' && command !== 'events' && !arg) {
    out(`${command} needs ${command === 'refund' ? "a payment's reference" : 'a MAC address'}.\n\n${USAGE}`);
    return 64;
  }

  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
  try {
    const { devices, ledger } = createServices(db.dataSource, config, createLogger('silent'));
    const show = (device: Parameters<typeof devices.standing>[0]) => {
      const standing = devices.standing(device);
      out(`MAC address: ${device.macAddress}`);
      out(`Status:      ${standing.status.charAt(0) + standing.status.slice(1).toLowerCase()}`);
      out(`Created:     ${formatDisplayDate(device.createdAt)}`);
      out(`Expires:     ${standing.expireDate ? formatDisplayDate(standing.expireDate) : 'never (lifetime licence)'}`);
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
        const outcome = await ledger.recordMoneyBack(arg as string, kind, values.note ?? '');
        const said: Record<string, string> = {
          refunded: 'Refunded: the days this payment gave were taken off the licence.',
          reversed: 'Reversed: the days this payment gave were taken off the licence.',
          'already-applied': 'Its money was already taken back: nothing changed.',
          ignored: 'That payment was never paid: nothing changed.',
        };
        out(said[outcome] ?? `Nothing changed (${outcome}).`);
        const [row] = (await db.dataSource.query(`SELECT device_id FROM activations WHERE id = $1`, [arg])) as {
          device_id: string;
        }[];
        const device = row ? await devices.findById(row.device_id) : null;
        if (device) show(device);
        return outcome === kind || outcome === 'already-applied' ? 0 : 1;
      }
      case 'payments': {
        const device = await devices.findByMac(validate(macAddressSchema, arg));
        if (!device) {
          out(`No device is registered with the MAC address ${arg}.`);
          return 1;
        }
        show(device);
        const activations = (await db.dataSource.query(
          `SELECT id, method, status, amount_minor, currency, sandbox, created_at, paid_at, licence_expires_at,
                  provider_reference, failure_reason
             FROM activations WHERE device_id = $1 ORDER BY created_at`,
          [device.id],
        )) as ActivationRow[];
        if (!activations.length) out('No payments yet.');
        for (const a of activations) {
          out('');
          out(
            `${a.created_at.toISOString()}  ${a.method}${a.sandbox ? ' (sandbox)' : ''}  ${storedAmount(a.amount_minor, a.currency)} ${a.currency}  ${a.status}` +
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
        const device = await devices.findByMac(validate(macAddressSchema, arg));
        if (!device) {
          out(`No device is registered with the MAC address ${arg}.`);
          return 1;
        }
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
}

interface EventRow {
  created_at: Date;
  provider: string;
  kind: string;
  outcome: string;
  event_id: string | null;
  mac_address: string | null;
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
