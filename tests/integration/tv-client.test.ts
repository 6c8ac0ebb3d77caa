import { execFile, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TvApiError, TvClient } from '../../scripts/tv/tv-client';
import { randomMacAddress } from '../../server/src/device/mac';
import { signedInDevice, startTestServer, type TestServer } from '../support/server';

/** The reference TV client (scripts/tv), used as the TV: what an app developer's code would do. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const CREATE = 'mutation($i: PlaylistInput!) { createPlaylist(input: $i) { playlist { id } } }';

describe('the reference TV client', () => {
  it('starts, revalidates, sees the owner’s changes, unlocks, and renews its token', async () => {
    const owner = await signedInDevice(server);
    const tv = new TvClient(server.url, owner.deviceToken);

    const first = await tv.start();
    if (!first.changed) throw new Error('the first start must be a full answer');
    expect(first.data.currentDevice?.macAddress).toBe(owner.device.macAddress);
    expect(first.data.playlists).toEqual([]);
    expect(await tv.start(first.etag ?? undefined)).toEqual({ changed: false });

    await owner.client.gql(CREATE, {
      i: { name: 'Kids', type: 'GENERAL', url: 'http://lists.example.com/kids.m3u', isProtected: true, pin: '2468' },
    });
    const second = await tv.start(first.etag ?? undefined);
    if (!second.changed) throw new Error('a new playlist must change the answer');
    const [kids] = second.data.playlists;
    expect(kids).toMatchObject({ name: 'Kids', locked: true, url: null });

    await expect(tv.unlock(kids?.id ?? '', '0000')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await tv.unlock(kids?.id ?? '', '2468')).url).toBe('http://lists.example.com/kids.m3u');

    const old = tv.token;
    await tv.renew();
    expect(tv.token).not.toBe(old);
    const stale = new TvClient(server.url, old);
    const refused = await stale.start().catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(TvApiError);
    expect(refused).toMatchObject({ code: 'UNAUTHENTICATED', status: 401 });
    expect((await tv.start()).changed).toBe(true);
  });

  it('asks for a link without a token that no longer works, as a reinstalled app would', async () => {
    const owner = await signedInDevice(server);
    const tv = new TvClient(server.url, owner.deviceToken);
    await tv.renew();
    const revoked = new TvClient(server.url, owner.deviceToken);
    const link = await revoked.requestLink({ macAddress: owner.device.macAddress });
    expect(revoked.token).toBeUndefined();
    const [row] = await server.db.dataSource.query(`SELECT requester_device_id FROM tv_links WHERE code = $1`, [
      link.code.replace('-', ''),
    ]);
    expect(row).toEqual({ requester_device_id: null });
    // With a working token the request names the TV's own device.
    const proven = await tv.requestLink({ macAddress: owner.device.macAddress });
    const [named] = await server.db.dataSource.query(`SELECT requester_device_id FROM tv_links WHERE code = $1`, [
      proven.code.replace('-', ''),
    ]);
    expect(named).toEqual({ requester_device_id: owner.device.id });
  });

  it('npm run tv registers a TV, shows its key, and starts with the kept token', async () => {
    const state = path.join(mkdtempSync(path.join(tmpdir(), 'm3u-tv-')), 'state.json');
    const mac = randomMacAddress();
    // Asynchronously: the server under test runs in this process.
    const run = (...args: string[]) =>
      new Promise<{ status: number | null; stdout: string }>((resolve) => {
        execFile(
          process.execPath,
          ['--import', 'tsx', 'scripts/tv/cli.ts', ...args, '--url', server.url, '--state', state],
          { cwd: path.resolve(__dirname, '../..'), encoding: 'utf8', timeout: 60_000 },
          (err, stdout) => resolve({ status: err ? ((err as { code?: number }).code ?? 1) : 0, stdout }),
        );
      });
    const registered = await run('register', '--mac', mac, '--model', 'Terminal TV');
    expect(registered.status).toBe(0);
    expect(registered.stdout).toMatch(/Device key {3}\d{6}/);
    const started = await run('start');
    expect(started.status).toBe(0);
    expect(started.stdout).toContain(`${mac}  TRIAL`);
    const again = await run('start');
    expect(again.stdout).toContain('Unchanged since the last start (304)');
  });

  it('npm run tv says how to call it: --help exits 0, an unknown option or command 64, never a stack trace', async () => {
    const run = (...args: string[]) =>
      new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
        execFile(
          process.execPath,
          ['--import', 'tsx', 'scripts/tv/cli.ts', ...args],
          { cwd: path.resolve(__dirname, '../..'), encoding: 'utf8', timeout: 60_000 },
          (err, stdout, stderr) =>
            resolve({ status: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
        );
      });
    const help = await run('--help');
    expect(help).toMatchObject({ status: 0, stderr: '' });
    expect(help.stdout).toMatch(/^npm run tv -- <command>/);
    for (const args of [['--server', server.url], ['start', '--url'], ['bogus'], []]) {
      const wrong = await run(...args);
      expect({ args, status: wrong.status, stdout: wrong.stdout }).toEqual({ args, status: 64, stdout: '' });
      expect(wrong.stderr).toContain('npm run tv -- <command>');
      expect(wrong.stderr).not.toMatch(/\n\s+at /);
    }
    expect((await run('--server', server.url)).stderr).toMatch(/^Unknown option '--server'\.\n/);
  });

  it('npm run tv says what to do next: link a known MAC, register an unknown one, start the server', async () => {
    const state = path.join(mkdtempSync(path.join(tmpdir(), 'm3u-tv-')), 'state.json');
    const run = (url: string, ...args: string[]) =>
      new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
        execFile(
          process.execPath,
          ['--import', 'tsx', 'scripts/tv/cli.ts', ...args, '--url', url, '--state', state],
          { cwd: path.resolve(__dirname, '../..'), encoding: 'utf8', timeout: 60_000 },
          (err, stdout, stderr) =>
            resolve({ status: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
        );
      });
    const owner = await signedInDevice(server);
    const known = await run(server.url, 'register', '--mac', owner.device.macAddress);
    expect(known.status).toBe(1);
    expect(known.stderr).toMatch(/^CONFLICT: This MAC address is already registered\./);
    expect(known.stderr).toContain(`npm run tv -- link --mac ${owner.device.macAddress} --url ${server.url}`);

    // Refused at once, not a code nobody can approve and 15 minutes of waiting.
    const unknownMac = randomMacAddress();
    const unknown = await run(server.url, 'link', '--mac', unknownMac);
    expect(unknown.status).toBe(1);
    expect(unknown.stdout).not.toContain('Code ');
    expect(unknown.stderr).toMatch(/^NOT_FOUND: No device is registered with this MAC address/);
    expect(unknown.stderr).toContain(`npm run tv -- register --mac ${unknownMac} --url ${server.url}`);

    // No token kept yet: TvStart answers 401, and the client says how to get one.
    const fresh = await run(server.url, 'start');
    expect(fresh.status).toBe(1);
    expect(fresh.stderr).toContain(`npm run tv -- register --mac <its MAC> --url ${server.url}`);
    expect(fresh.stderr).toContain(`npm run tv -- link --mac <its MAC> --url ${server.url}`);

    // Nothing listens there: a port just freed.
    const idle = http.createServer();
    await new Promise<void>((resolve) => idle.listen(0, '127.0.0.1', resolve));
    const down = `http://127.0.0.1:${(idle.address() as AddressInfo).port}`;
    await new Promise((resolve) => idle.close(resolve));
    const unreachable = await run(down, 'start');
    expect(unreachable.status).toBe(1);
    expect(unreachable.stderr).toContain(`The server at ${down} did not answer (ECONNREFUSED).`);
    expect(unreachable.stderr).toContain('npm start');
    expect(unreachable.stderr).not.toContain('fetch failed');
  });

  it('npm run tv -- link shows a code and its QR, then signs the TV in once the owner approves', async () => {
    const owner = await signedInDevice(server);
    const state = path.join(mkdtempSync(path.join(tmpdir(), 'm3u-tv-')), 'state.json');
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/tv/cli.ts',
        'link',
        '--mac',
        owner.device.macAddress,
        '--url',
        server.url,
        '--state',
        state,
      ],
      { cwd: path.resolve(__dirname, '../..') },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    let code: string | undefined;
    for (let i = 0; i < 200 && !code; i += 1) {
      code = /Code ([A-Z]{4}-[A-Z]{4})/.exec(output)?.[1];
      if (!code) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // The QR code is drawn with block characters above the code.
    expect(output).toMatch(/[▀▄█]/);
    const approved = await owner.client.gql('mutation($i: TvLinkCodeInput!) { approveTvLink(input: $i) { message } }', {
      i: { code },
    });
    expect(approved.json.errors).toBeUndefined();
    expect(await exited).toBe(0);
    expect(output).toContain('Approved: this TV is signed in.');
    const { token } = JSON.parse(readFileSync(state, 'utf8')) as { token: string };
    const started = await new TvClient(server.url, token).start();
    expect(started.changed && started.data.currentDevice?.macAddress).toBe(owner.device.macAddress);
  });
});
