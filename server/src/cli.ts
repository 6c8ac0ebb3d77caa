import { parseArgs } from 'node:util';
import { formatDisplayDate } from '../../common/dates';
import { macAddressSchema, registerDeviceSchema } from '../../common/validation';
import { DomainError } from './common/errors';
import { validate } from './common/validate';
import { loadConfig, type Config } from './config';
import { openDatabase } from './db/database';
import { randomMacAddress } from './device/mac';
import { createLogger } from './logger';
import { createServices } from './services';

const USAGE = `Support tool for devices.

Usage:
  npm run device -- create [--mac <mac>] [--model <model>]   create a device (a random MAC if none is given)
  npm run device -- reset-key <mac>                          give a device a new random key, ending its sessions
  npm run device -- status <mac>                             show a device's status and dates

Uses the same configuration as the server (DATABASE_URL, or the embedded database in DATA_DIR).
The embedded database can be opened by one process at a time: stop the server first, or use DATABASE_URL.`;

type Out = (line: string) => void;

/** Runs one command; returns the process exit code. Exported for the tests. */
export async function runCli(argv: string[], out: Out, config: Config = loadConfig()): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { mac: { type: 'string' }, model: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const [command, arg] = positionals;
  if (values.help || !command || !['create', 'reset-key', 'status'].includes(command)) {
    out(USAGE);
    return values.help ? 0 : 64;
  }
  if (command !== 'create' && !arg) {
    out(`${command} needs a MAC address.\n\n${USAGE}`);
    return 64;
  }

  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
  try {
    const { devices } = createServices(db.dataSource, config, createLogger('silent'));
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

if (require.main === module) {
  runCli(process.argv.slice(2), (line) => process.stdout.write(`${line}\n`))
    .then((code) => process.exit(code))
    .catch((err: unknown) => {
      process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(1);
    });
}
