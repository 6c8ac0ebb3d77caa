/**
 * `npm run tv -- <command>`: plays a TV from the terminal against a running server, with scripts/tv/tv-client.ts.
 * The TV's token and last ETag are kept in a state file (--state, default .tv-state.json), as an app keeps them.
 *
 *   register --mac a1:b2:c3:d4:e5:f6 [--model "Living room"]   first launch: shows the device key
 *   link --mac a1:b2:c3:d4:e5:f6 [--model …]                   shows the link code and its QR (sent with the kept
 *                                                               token, if any: a switch), waits for the approval
 *   start                                                       the start-up read, revalidated with the kept ETag
 *   unlock <playlist id> <pin>                                  a protected playlist's details
 *   renew                                                       a new token for the kept one
 *
 * Options: --url (default http://localhost:3000), --state, --help. An unknown option or command prints the usage and
 * exits 64 (EX_USAGE); --help prints it and exits 0.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import QRCode from 'qrcode';
import { TvApiError, TvClient, TvServerUnreachableError, type TvStartData } from './tv-client';

const USAGE = `npm run tv -- <command> [--url http://localhost:3000] [--state .tv-state.json] [--help]
  register --mac a1:b2:c3:d4:e5:f6 [--model "Living room"]   first launch: shows the device key
  link --mac a1:b2:c3:d4:e5:f6 [--model …]                   no token: shows a link code and its QR, waits for approval
  start                                                       the start-up read, revalidated with the kept ETag
  unlock <playlist id> <pin>                                  a protected playlist's details
  renew                                                       a new token for the kept one`;

interface State {
  token?: string;
  etag?: string;
  last?: TvStartData;
}

const COMMANDS = ['register', 'link', 'start', 'unlock', 'renew'];
const DEFAULT_URL = 'http://localhost:3000';
/** sysexits.h EX_USAGE: the command line was wrong. */
const EX_USAGE = 64;

/** The command line, or the usage and an exit: 0 when asked for (--help), 64 when it was wrong. */
function commandLine() {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        url: { type: 'string', default: DEFAULT_URL },
        state: { type: 'string', default: '.tv-state.json' },
        mac: { type: 'string' },
        model: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    // An unknown option (--server), or one without its value (--url): said in a line, then how to call it.
    // (Node's message goes on about positionals starting with '-': its first sentence is the point.)
    const problem = (err instanceof Error ? err.message : String(err)).split(/(?<=\.) /)[0];
    console.error(`${problem}\n\n${USAGE}`);
    process.exit(EX_USAGE);
  }
  if (parsed.values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const [command] = parsed.positionals;
  if (!command || !COMMANDS.includes(command)) {
    console.error(`${command ? `Unknown command '${command}'.` : 'No command given.'}\n\n${USAGE}`);
    process.exit(EX_USAGE);
  }
  return parsed;
}

const { values, positionals } = commandLine();
const [command, ...args] = positionals;
const stateFile = values.state as string;

function readState(): State {
  try {
    return JSON.parse(readFileSync(stateFile, 'utf8')) as State;
  } catch {
    return {};
  }
}

function saveState(state: State): void {
  writeFileSync(stateFile, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
}

function printPlaylists(data: TvStartData): void {
  const device = data.currentDevice;
  if (device) console.log(`${device.macAddress}  ${device.status}  until ${device.expireDate ?? 'lifetime'}`);
  for (const p of data.playlists) {
    const where = p.locked ? '(protected)' : (p.url ?? p.playlistCode ?? '');
    console.log(`  ${p.id}  ${p.name}  ${p.type}  ${where}`);
  }
  if (!data.playlists.length) console.log('  no playlists yet: the owner adds them in the portal');
}

/** The --url option as given, to repeat in a suggested command (nothing when it is the default). */
function urlOption(): string {
  return values.url === DEFAULT_URL ? '' : ` --url ${String(values.url)}`;
}

async function main(): Promise<void> {
  const state = readState();
  const tv = new TvClient(values.url as string, state.token);
  switch (command) {
    case 'register': {
      if (!values.mac) throw new Error('register needs --mac');
      let deviceKey: string;
      try {
        ({ deviceKey } = await tv.register({ macAddress: values.mac, model: values.model ?? 'npm run tv' }));
      } catch (err) {
        if (!(err instanceof TvApiError && err.code === 'CONFLICT')) throw err;
        // Registered before (the app reinstalled, its token lost): the owner links this TV back with a code.
        console.error(
          `CONFLICT: ${err.message}\n` +
            `This MAC address already has a device. To sign this TV in to it, ask for a link code and approve it ` +
            `on the portal:\n  npm run tv -- link --mac ${values.mac}${urlOption()}`,
        );
        process.exitCode = 1;
        return;
      }
      saveState({ token: tv.token });
      console.log(`MAC address  ${values.mac}\nDevice key   ${deviceKey}\nSign in at   ${values.url}/device/login`);
      return;
    }
    case 'link': {
      if (!values.mac) throw new Error('link needs --mac');
      let link: Awaited<ReturnType<TvClient['requestLink']>>;
      try {
        link = await tv.requestLink({ macAddress: values.mac, model: values.model ?? 'npm run tv' });
      } catch (err) {
        if (!(err instanceof TvApiError && err.code === 'NOT_FOUND')) throw err;
        // A MAC no device has: nothing to link; the TV registers instead (a trial starts).
        console.error(
          `NOT_FOUND: ${err.message}\n` +
            `To register this TV:\n  npm run tv -- register --mac ${values.mac}${urlOption()}`,
        );
        process.exitCode = 1;
        return;
      }
      console.log(await QRCode.toString(link.verificationUrl, { type: 'terminal', small: true }));
      console.log(`Code ${link.code}: approve it at ${link.verificationUrl} (expires in ${link.expiresIn} s)`);
      const outcome = await tv.waitForLink(link);
      if (outcome !== 'APPROVED') throw new Error(`The link was ${outcome.toLowerCase()}.`);
      saveState({ token: tv.token });
      console.log('Approved: this TV is signed in.');
      return;
    }
    case 'start': {
      let answer: Awaited<ReturnType<TvClient['start']>>;
      try {
        answer = await tv.start(state.etag);
      } catch (err) {
        // Signed out: the owner changed the device key, or signed this TV out in Account Details. Drop the token
        // and link again with a code the owner approves.
        if (!(err instanceof TvApiError && err.status === 401)) throw err;
        if (!state.token) {
          console.error(
            `This TV is not signed in yet. On its first launch it registers:\n  npm run tv -- register --mac <its MAC>${urlOption()}\n` +
              `or, registered before, it asks for a link code:\n  npm run tv -- link --mac <its MAC>${urlOption()}`,
          );
          process.exitCode = 1;
          return;
        }
        saveState({});
        console.log('This TV was signed out. Sign it in again with a code: npm run tv -- link --mac <its MAC>');
        process.exitCode = 2;
        return;
      }
      if (!answer.changed && state.last) {
        console.log('Unchanged since the last start (304): showing the kept copy.');
        printPlaylists(state.last);
        return;
      }
      if (answer.changed) {
        saveState({ ...state, etag: answer.etag ?? undefined, last: answer.data });
        printPlaylists(answer.data);
      }
      return;
    }
    case 'unlock': {
      const [id, pin] = args;
      if (!id || !pin) throw new Error('unlock needs a playlist id and its PIN');
      const playlist = await tv.unlock(id, pin);
      console.log(JSON.stringify(playlist, null, 2));
      return;
    }
    case 'renew': {
      await tv.renew();
      saveState({ ...state, token: tv.token });
      console.log('Renewed: the new token is kept, the old one no longer works.');
      return;
    }
    default:
      console.log(USAGE);
  }
}

main().catch((err: unknown) => {
  if (err instanceof TvServerUnreachableError) {
    console.error(
      `${err.message}\nIs it running? Start it with \`npm start\` (it listens on ${DEFAULT_URL} by default), ` +
        'or give its address with --url.',
    );
  } else if (err instanceof TvApiError) console.error(`${err.code ?? 'ERROR'} (${err.status}): ${err.message}`);
  else console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
