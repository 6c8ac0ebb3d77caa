import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import zlib from 'node:zlib';
import {
  FetchError,
  displayUrl,
  isPublicAddress,
  safeFetch,
  type FetchFailure,
  type SafeFetchOptions,
  type SafeResponse,
} from './safe-fetch';

// A throwaway self-signed certificate for "tv.example" (test fixture only; never trusted anywhere).
const TEST_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgq4urMr2w5XvlayCV
BDphD//i9wyUKknTmdmSGmcsn32hRANCAARVusfVgWofk3fR9x7B2camKdXd795+
h0mnUfEZq4Lo0SL3YA5IFg4MguR98betTWv/qB+zbal033afKfW2daf7
-----END PRIVATE KEY-----`;
const TEST_CERT = `-----BEGIN CERTIFICATE-----
MIIBmDCCAT6gAwIBAgIUMGw++sEh6X3SVWB8VEdQjBrVVgMwCgYIKoZIzj0EAwIw
FTETMBEGA1UEAwwKdHYuZXhhbXBsZTAgFw0yNjExMjIwMTU0NTJaGA8yMTI2MTAy
OTAxNTQ1MlowFTETMBEGA1UEAwwKdHYuZXhhbXBsZTBZMBMGByqGSM49AgEGCCqG
SM49AwEHA0IABFW6x9WBah+Td9H3HsHZxqYp1d3v3n6HSadR8RmrgujRIvdgDkgW
DgyC5H3xt61Na/+oH7NtqXTfdp8p9bZ1p/ujajBoMB0GA1UdDgQWBBQECrd7qqrZ
u93azwG9J4v7xmhhMzAfBgNVHSMEGDAWgBQECrd7qqrZu93azwG9J4v7xmhhMzAP
BgNVHRMBAf8EBTADAQH/MBUGA1UdEQQOMAyCCnR2LmV4YW1wbGUwCgYIKoZIzj0E
AwIDSAAwRQIgBIc6bG1WFKFg+XIKeJzjUpCE6+CmQAYLVqZBitZBePsCIQDtwtYd
lrZb2EFV3NEPX+LbRvwv0x3ziyhO3j2hawNWuw==
-----END CERTIFICATE-----`;

interface TestServer {
  port: number;
  origin: string;
  /** Request paths seen, in order. */
  requests: string[];
  /** TCP connections accepted so far. */
  connections: number;
  /** Connections still open. */
  open: Set<net.Socket>;
  server: net.Server;
}

async function listen(server: net.Server, host: string): Promise<TestServer> {
  const state: TestServer = { port: 0, origin: '', requests: [], connections: 0, open: new Set(), server };
  server.on('connection', (socket: net.Socket) => {
    state.connections++;
    state.open.add(socket);
    socket.on('close', () => state.open.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  state.port = (server.address() as net.AddressInfo).port;
  state.origin = `http://${host}:${state.port}`;
  return state;
}

async function startHttp(handler: (req: http.IncomingMessage, res: http.ServerResponse) => void, host = '127.0.0.1') {
  const server = http.createServer();
  const state = await listen(server, host);
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    state.requests.push(req.url ?? '');
    handler(req, res);
  });
  return state;
}

const BOMB = zlib.gzipSync(Buffer.alloc(20 * 1024 * 1024));

function routes(req: http.IncomingMessage, res: http.ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://x');
  const path = url.pathname;
  const redirect = (status: number, location: string) => {
    res.writeHead(status, { location });
    res.end();
  };
  if (path === '/ok') {
    res.end('hello');
  } else if (path === '/echo') {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ method: req.method, headers: req.headers }));
  } else if (path.startsWith('/r/')) {
    const n = Number(path.slice(3));
    if (n > 0) redirect([301, 302, 303, 307, 308][n % 5]!, `/r/${n - 1}`);
    else res.end('done');
  } else if (path === '/loop') {
    redirect(302, '/loop');
  } else if (path === '/to') {
    redirect(Number(url.searchParams.get('status') ?? 302), url.searchParams.get('url') ?? '/');
  } else if (path === '/endless') {
    res.writeHead(200, { 'content-type': 'audio/x-mpegurl' });
    const chunk = Buffer.alloc(64 * 1024, 0x41);
    let closed = false;
    res.on('close', () => (closed = true));
    const pump = () => {
      while (!closed && res.write(chunk));
      if (!closed) res.once('drain', pump);
    };
    pump();
  } else if (path === '/drip') {
    res.writeHead(200, { 'content-type': 'text/plain' });
    const interval = setInterval(() => res.write('x'), 200);
    res.on('close', () => clearInterval(interval));
  } else if (path === '/hang') {
    // Never answers.
  } else if (path === '/gzip') {
    res.writeHead(200, { 'content-encoding': 'gzip' });
    res.end(zlib.gzipSync('#EXTM3U\n#EXTINF:-1,One\nhttp://a/1\n'));
  } else if (path === '/deflate') {
    res.writeHead(200, { 'content-encoding': 'deflate' });
    res.end(zlib.deflateSync('deflated body'));
  } else if (path === '/br') {
    res.writeHead(200, { 'content-encoding': 'br' });
    res.end(zlib.brotliCompressSync('brotli body'));
  } else if (path === '/corrupt-gzip') {
    res.writeHead(200, { 'content-encoding': 'gzip' });
    res.end(Buffer.from('this is not gzip at all'));
  } else if (path === '/bomb') {
    res.writeHead(200, { 'content-encoding': 'gzip', 'content-length': BOMB.length });
    res.end(BOMB);
  } else if (path === '/declared') {
    res.writeHead(200, { 'content-length': 10 * 1024 * 1024 });
    res.write('x');
  } else if (path === '/exact') {
    res.end(Buffer.alloc(1000, 0x42));
  } else if (path === '/reset') {
    res.writeHead(200, { 'content-length': 1000 });
    res.write('partial', () => setTimeout(() => res.socket?.destroy(), 50));
  } else if (path === '/status') {
    res.statusCode = Number(url.searchParams.get('code'));
    res.end();
  } else {
    res.statusCode = 404;
    res.end('not found');
  }
}

let main: TestServer; // the server the tests talk to (127.0.0.1, allowed in most tests)
let other: TestServer; // another origin (other port) for cross-origin redirects
let victim: TestServer; // an internal service on 127.0.0.2 that must never be reached
let garbage: TestServer; // speaks something that is not HTTP
let tlsServer: TestServer; // https with a self-signed certificate for tv.example
const sniSeen: string[] = [];
const servers: TestServer[] = [];

const base: SafeFetchOptions = {
  timeoutMs: 5000,
  maxBytes: 1024 * 1024,
  userAgent: 'PlaylistCheck/1.0 (test)',
  allow: ['127.0.0.1'],
};

async function readAll(res: SafeResponse): Promise<Buffer> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of res.body) chunks.push(chunk);
  } finally {
    res.close();
  }
  return Buffer.concat(chunks);
}

async function failureOf(promise: Promise<unknown>): Promise<FetchError> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(FetchError);
    return err as FetchError;
  }
  throw new Error('expected a FetchError, but the fetch succeeded');
}

async function expectFailure(promise: Promise<unknown>, failure: FetchFailure): Promise<FetchError> {
  const err = await failureOf(promise);
  expect({ failure: err.failure, message: err.message }).toEqual({ failure, message: expect.any(String) });
  expect(err.message).not.toMatch(/\n\s+at /); // no stack in the message
  return err;
}

async function waitFor(condition: () => boolean, ms = 3000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void;

/**
 * Answers chosen names from a table (as DNS would), everything else from the real resolver. A name whose answer
 * is an empty list does not exist (the resolver's ENOTFOUND, as for a name no zone has).
 */
function stubDns(table: Record<string, string[]>): jest.SpyInstance {
  const real = dns.lookup.bind(dns) as (...args: unknown[]) => void;
  const calls = jest.spyOn(dns, 'lookup') as unknown as jest.SpyInstance;
  calls.mockImplementation(((hostname: string, options: unknown, callback: LookupCallback) => {
    const answer = table[hostname];
    if (!answer) return real(hostname, options, callback);
    if (answer.length === 0) {
      const err: NodeJS.ErrnoException = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {
        code: 'ENOTFOUND',
        syscall: 'getaddrinfo',
      });
      return void process.nextTick(() => callback(err, []));
    }
    process.nextTick(() =>
      callback(
        null,
        answer.map((address) => ({ address, family: net.isIP(address) })),
      ),
    );
  }) as never);
  return calls;
}

beforeAll(async () => {
  main = await startHttp(routes);
  other = await startHttp(routes);
  victim = await startHttp((_req, res) => res.end('internal secrets'), '127.0.0.2');
  garbage = await listen(
    net.createServer((socket) => socket.end('SSH-2.0-OpenSSH_9.6\r\nthis is not http\r\n\r\n').resume()),
    '127.0.0.1',
  );
  const secure = https.createServer({
    key: TEST_KEY,
    cert: TEST_CERT,
    SNICallback: (servername, callback) => {
      sniSeen.push(servername);
      callback(null, undefined);
    },
  });
  secure.on('request', (_req: http.IncomingMessage, res: http.ServerResponse) => res.end('secure'));
  secure.on('tlsClientError', () => {});
  tlsServer = await listen(secure, '127.0.0.1');
  servers.push(main, other, victim, garbage, tlsServer);
});

afterEach(() => {
  jest.restoreAllMocks();
});

afterAll(async () => {
  // Every connection the fetcher opened has been closed by the fetcher itself (the servers never close first).
  await waitFor(() => servers.every((s) => s.open.size === 0));
  await Promise.all(servers.map((s) => new Promise((resolve) => s.server.close(resolve))));
  // ...and no socket is left open in this process (what jest --detectOpenHandles would report; handles close
  // asynchronously, so give them a moment).
  const sockets = () => process.getActiveResourcesInfo().filter((r) => /TCP|TLS/i.test(r));
  await waitFor(() => sockets().length === 0, 1000).catch(() => {});
  expect(sockets()).toEqual([]);
});

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.0.0.5',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '0.1.2.3',
    '255.255.255.255',
    '224.0.0.1',
    '192.0.2.1',
    '198.18.0.1',
    '::1',
    '::',
    '[::1]',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:7f00:1',
    '::127.0.0.1',
    '64:ff9b::a00:1',
    '2002:7f00:1::',
    '2001:db8::1',
    // Not strictly written addresses are not addresses at all (WHATWG URL normalises hosts before this).
    '2130706433',
    '0x7f.1',
    '127.1',
    'localhost',
    '',
    'garbage',
  ])('%s is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '8.8.8.8',
    '93.184.216.34',
    '1.1.1.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001:82a::200e',
    '::ffff:8.8.8.8',
  ])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('honours IPs and CIDRs of the allow-list, matching IPv4-mapped addresses as IPv4', () => {
    expect(isPublicAddress('127.0.0.1', ['127.0.0.1'])).toBe(true);
    expect(isPublicAddress('127.0.0.2', ['127.0.0.1'])).toBe(false);
    expect(isPublicAddress('127.0.0.2', ['127.0.0.0/8'])).toBe(true);
    expect(isPublicAddress('::ffff:127.0.0.1', ['127.0.0.0/8'])).toBe(true);
    expect(isPublicAddress('::1', ['::1/128'])).toBe(true);
    expect(isPublicAddress('::1', ['127.0.0.0/8'])).toBe(false);
    expect(isPublicAddress('10.1.2.3', ['10.0.0.0/16'])).toBe(false);
    expect(isPublicAddress('10.0.2.3', ['10.0.0.0/16', 'localhost'])).toBe(true);
    // A hostname entry allows that name, never an address.
    expect(isPublicAddress('127.0.0.1', ['localhost'])).toBe(false);
    expect(() => isPublicAddress('1.2.3.4', ['10.0.0.0/99'])).toThrow(TypeError);
  });
});

describe('URL validation', () => {
  it.each(['not a url', 'http://', 'http://exa mple.com/', '', '//example.com/x', 'http://[::1/'])(
    '%j is an invalid URL',
    async (url) => {
      await expectFailure(safeFetch(url, base), 'invalid-url');
    },
  );

  it.each([
    'ftp://example.com/list.m3u',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'data:text/plain,hi',
    'gopher://x/',
  ])('%s is an unsupported protocol', async (url) => {
    const err = await expectFailure(safeFetch(url, base), 'unsupported-protocol');
    expect(err.message).toMatch(/http/);
  });

  it('checks that WHATWG URL normalises numeric IPv4 forms, so they are checked as addresses', () => {
    expect(new URL('http://2130706433/').hostname).toBe('127.0.0.1');
    expect(new URL('http://0x7f.1/').hostname).toBe('127.0.0.1');
    expect(new URL('http://0177.0.0.1/').hostname).toBe('127.0.0.1');
    expect(new URL('http://127.1/').hostname).toBe('127.0.0.1');
    expect(new URL('http://0/').hostname).toBe('0.0.0.0');
    expect(new URL('http://[::ffff:127.0.0.1]/').hostname).toBe('[::ffff:7f00:1]');
  });
});

describe('blocked addresses', () => {
  const noAllow: SafeFetchOptions = { ...base, allow: undefined };

  it.each([
    ['127.0.0.1', (p: number) => `http://127.0.0.1:${p}/ok`],
    ['[::1]', (p: number) => `http://[::1]:${p}/ok`],
    ['decimal', (p: number) => `http://2130706433:${p}/ok`],
    ['hex', (p: number) => `http://0x7f.1:${p}/ok`],
    ['octal', (p: number) => `http://0177.0.0.1:${p}/ok`],
    ['short', (p: number) => `http://127.1:${p}/ok`],
    ['IPv4-mapped', (p: number) => `http://[::ffff:127.0.0.1]:${p}/ok`],
    ['IPv4-compatible', (p: number) => `http://[::127.0.0.1]:${p}/ok`],
    ['0.0.0.0', (p: number) => `http://0.0.0.0:${p}/ok`],
    ['0', (p: number) => `http://0:${p}/ok`],
    ['[::]', (p: number) => `http://[::]:${p}/ok`],
    ['https', (p: number) => `https://127.0.0.1:${p}/ok`],
    ['10.x', () => 'http://10.0.0.5/get.php'],
    ['172.16.x', () => 'http://172.16.0.1/'],
    ['192.168.x', () => 'http://192.168.1.1/'],
    ['metadata', () => 'http://169.254.169.254/latest/meta-data/'],
    ['CGNAT', () => 'http://100.64.0.1/'],
    ['unique local', () => 'http://[fd00::1]/'],
    ['link-local v6', () => 'http://[fe80::1]/'],
    ['multicast', () => 'http://224.0.0.1/'],
    ['broadcast', () => 'http://255.255.255.255/'],
    ['NAT64 of 10.0.0.1', () => 'http://[64:ff9b::a00:1]/'],
  ])('%s is refused without any connection', async (_name, url) => {
    const before = main.connections;
    const err = await expectFailure(safeFetch(url(main.port), noAllow), 'blocked-address');
    expect(err.message).toMatch(/which this service does not fetch\.$/);
    expect(main.connections).toBe(before);
    expect(main.requests).not.toContain('/ok');
  });

  it.each(['localhost', 'LOCALHOST'])(
    'the name %s is refused without any connection, as a name not found',
    async (host) => {
      const before = main.connections;
      const err = await expectFailure(safeFetch(`http://${host}:${main.port}/ok`, noAllow), 'dns');
      expect(err.message).toBe(`The address ${host.toLowerCase()} could not be found on the public internet.`);
      expect(main.connections).toBe(before);
    },
  );

  it('explains which kind of address it is', async () => {
    const err = await failureOf(safeFetch('http://10.0.0.5/get.php?username=u&password=p', noAllow));
    expect(err.message).toBe('The address 10.0.0.5 is a private network address, which this service does not fetch.');
    const metadata = await failureOf(safeFetch('http://169.254.169.254/', noAllow));
    expect(metadata.message).toContain('link-local');
  });

  it('refuses a public-looking name that resolves to a loopback address, without connecting', async () => {
    stubDns({ 'playlist.example.com': ['127.0.0.1'] });
    const before = main.connections;
    const err = await expectFailure(safeFetch(`http://playlist.example.com:${main.port}/ok`, noAllow), 'dns');
    expect(err.message).toBe('The address playlist.example.com could not be found on the public internet.');
    expect(main.connections).toBe(before);
  });

  it('refuses a name if ANY of its addresses is internal (even when others are public)', async () => {
    stubDns({ 'mixed.example.com': ['93.184.216.34', '10.0.0.5'] });
    const err = await expectFailure(safeFetch('http://mixed.example.com/list.m3u', noAllow), 'dns');
    expect(err.message).not.toContain('10.0.0.5');
  });

  it('refuses a name resolving to an IPv4-mapped internal address', async () => {
    stubDns({ 'mapped.example.com': ['::ffff:10.0.0.5'] });
    const err = await expectFailure(safeFetch('http://mapped.example.com/', noAllow), 'dns');
    expect(err.message).toBe('The address mapped.example.com could not be found on the public internet.');
  });

  // The attack: an owner (a trial is enough) types the server's internal names as playlist addresses and reads
  // what the check says of each, to map the network the server sits in. What it says must not depend on it.
  it('tells a prober nothing of the server’s own network: an internal name reads as a name that does not exist', async () => {
    stubDns({
      'db.corp.example': ['10.20.30.40'],
      'metadata.corp.example': ['169.254.169.254'],
      'self.corp.example': ['127.0.0.1', '::1'],
      'missing.corp.example': [],
    });
    const said = async (host: string) => {
      const err = await failureOf(safeFetch(`http://${host}/get.php?username=u&password=p`, noAllow));
      return { failure: err.failure, message: err.message.replaceAll(host, '{host}'), raw: err.message };
    };
    const missing = await said('missing.corp.example');
    expect(missing.failure).toBe('dns');
    for (const host of ['db.corp.example', 'metadata.corp.example', 'self.corp.example']) {
      const internal = await said(host);
      expect({ failure: internal.failure, message: internal.message }).toEqual({
        failure: missing.failure,
        message: missing.message,
      });
      expect(internal.raw).not.toMatch(/10\.20\.30\.40|169\.254|127\.0\.0\.1|::1|private|loopback|link-local/);
    }
    // The same after a redirect from a public server: the hop's words do not tell either.
    const viaRedirect = async (host: string) =>
      (
        await failureOf(safeFetch(`${main.origin}/to?url=${encodeURIComponent(`http://${host}/x`)}`, base))
      ).message.replaceAll(host, '{host}');
    expect(await viaRedirect('db.corp.example')).toBe(await viaRedirect('missing.corp.example'));
  });

  it('connects to exactly the address that was checked (the name is resolved once, by the checking lookup)', async () => {
    const lookups = stubDns({ 'tv.example': ['127.0.0.1'] });
    const res = await safeFetch(`http://tv.example:${main.port}/echo`, base);
    const body = JSON.parse((await readAll(res)).toString()) as { headers: Record<string, string> };
    expect(res.status).toBe(200);
    expect(body.headers.host).toBe(`tv.example:${main.port}`);
    expect(lookups.mock.calls.filter(([name]) => name === 'tv.example')).toHaveLength(1);
  });

  it('lets an allowed hostname through whatever it resolves to', async () => {
    const res = await safeFetch(`http://localhost:${main.port}/ok`, { ...base, allow: ['localhost'] });
    expect((await readAll(res)).toString()).toBe('hello');
  });

  it('refuses an internal address that is not in the allow-list even when another one is', async () => {
    const before = victim.connections;
    await expectFailure(safeFetch(`${victim.origin}/`, base), 'blocked-address');
    expect(victim.connections).toBe(before);
  });
});

describe('fetching', () => {
  it('fetches with the User-Agent, Accept-Encoding and extra headers, not letting the caller override Host', async () => {
    const res = await safeFetch(`${main.origin}/echo`, {
      ...base,
      headers: { 'X-Test': 'yes', Host: 'evil.example' },
    });
    const body = JSON.parse((await readAll(res)).toString()) as { headers: Record<string, string> };
    expect(body.headers['user-agent']).toBe('PlaylistCheck/1.0 (test)');
    expect(body.headers['accept-encoding']).toBe('gzip, deflate, br');
    expect(body.headers['x-test']).toBe('yes');
    expect(body.headers.host).toBe(`127.0.0.1:${main.port}`);
    expect(res.url).toBe(`${main.origin}/echo`);
    expect(res.redirects).toEqual([`${main.origin}/echo`]);
    expect(res.headers['content-type']).toBe('application/json');
  });

  it('returns error statuses as responses', async () => {
    const res = await safeFetch(`${main.origin}/status?code=403`, base);
    expect(res.status).toBe(403);
    res.close();
  });

  it('sends userinfo as basic auth but never shows it in redirects', async () => {
    const res = await safeFetch(`http://user:secret@127.0.0.1:${main.port}/echo?password=secret`, base);
    const body = JSON.parse((await readAll(res)).toString()) as { headers: Record<string, string> };
    expect(body.headers.authorization).toBe(`Basic ${Buffer.from('user:secret').toString('base64')}`);
    expect(res.redirects.join(' ')).not.toContain('secret');
  });

  it('supports HEAD, with an empty body', async () => {
    const res = await safeFetch(`${main.origin}/echo`, { ...base, method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(await readAll(res)).toHaveLength(0);
  });

  it('decompresses gzip, deflate and br', async () => {
    expect((await readAll(await safeFetch(`${main.origin}/gzip`, base))).toString()).toBe(
      '#EXTM3U\n#EXTINF:-1,One\nhttp://a/1\n',
    );
    expect((await readAll(await safeFetch(`${main.origin}/deflate`, base))).toString()).toBe('deflated body');
    expect((await readAll(await safeFetch(`${main.origin}/br`, base))).toString()).toBe('brotli body');
  });

  it('reports a corrupt compressed body as a connection problem', async () => {
    const res = await safeFetch(`${main.origin}/corrupt-gzip`, base);
    const err = await expectFailure(readAll(res), 'connection');
    expect(err.message).toContain('corrupt');
  });

  it('can be closed before the body is read, and then reads nothing', async () => {
    const res = await safeFetch(`${main.origin}/endless`, base);
    res.close();
    expect(await readAll(res)).toHaveLength(0);
  });

  it('can stop reading part way (break) and frees the connection', async () => {
    const res = await safeFetch(`${main.origin}/endless`, base);
    let read = 0;
    for await (const chunk of res.body) {
      read += chunk.length;
      if (read > 100_000) break;
    }
    await waitFor(() => main.open.size === 0);
  });

  it('clears its timers in every path', async () => {
    const created: unknown[] = [];
    const cleared = new Set<unknown>();
    const realSetTimeout = global.setTimeout;
    const realClearTimeout = global.clearTimeout;
    jest.spyOn(global, 'setTimeout').mockImplementation(((...args: Parameters<typeof setTimeout>) => {
      const timer = realSetTimeout(...args);
      created.push(timer);
      return timer;
    }) as typeof setTimeout);
    jest.spyOn(global, 'clearTimeout').mockImplementation((timer) => {
      cleared.add(timer);
      realClearTimeout(timer);
    });
    await readAll(await safeFetch(`${main.origin}/ok`, base));
    (await safeFetch(`${main.origin}/endless`, base)).close();
    await failureOf(safeFetch(`${main.origin}/loop`, base));
    await failureOf(readAll(await safeFetch(`${main.origin}/endless`, base)));
    await failureOf(safeFetch('http://10.0.0.5/', { ...base, allow: undefined }));
    await failureOf(safeFetch(`http://127.0.0.1:1/`, base));
    (await safeFetch(`${main.origin}/ok`, { ...base, method: 'HEAD' })).close();
    jest.restoreAllMocks();
    expect(created).toHaveLength(7);
    expect(created.filter((timer) => !cleared.has(timer))).toEqual([]);
  });
});

describe('redirects', () => {
  it('follows a chain of 5 redirects (301/302/303/307/308, relative Location)', async () => {
    const res = await safeFetch(`${main.origin}/r/5`, base);
    expect(res.status).toBe(200);
    expect((await readAll(res)).toString()).toBe('done');
    expect(res.url).toBe(`${main.origin}/r/0`);
    expect(res.redirects).toEqual([5, 4, 3, 2, 1, 0].map((n) => `${main.origin}/r/${n}`));
  });

  it('refuses a 6th redirect', async () => {
    const err = await expectFailure(safeFetch(`${main.origin}/r/6`, base), 'too-many-redirects');
    expect(err.message).toContain('more than 5 times');
  });

  it('honours maxRedirects', async () => {
    await expectFailure(safeFetch(`${main.origin}/r/1`, { ...base, maxRedirects: 0 }), 'too-many-redirects');
    const res = await safeFetch(`${main.origin}/r/2`, { ...base, maxRedirects: 2 });
    expect(res.status).toBe(200);
    res.close();
  });

  it('ends a redirect loop', async () => {
    const before = main.requests.filter((r) => r === '/loop').length;
    await expectFailure(safeFetch(`${main.origin}/loop`, base), 'too-many-redirects');
    expect(main.requests.filter((r) => r === '/loop').length - before).toBe(6);
  });

  it('refuses a redirect from an allowed server to an internal address', async () => {
    const target = 'http://169.254.169.254/latest/meta-data/?token=secret';
    const err = await expectFailure(
      safeFetch(`${main.origin}/to?url=${encodeURIComponent(target)}`, base),
      'blocked-address',
    );
    expect(err.message).toBe(
      'The server redirected to http://169.254.169.254/latest/meta-data/. The address 169.254.169.254 is a link-local address (such as a cloud metadata service), which this service does not fetch.',
    );
  });

  it('refuses a redirect to an internal service that is not allowed, without connecting to it', async () => {
    const before = victim.connections;
    await expectFailure(
      safeFetch(`${main.origin}/to?url=${encodeURIComponent(`${victim.origin}/admin`)}`, base),
      'blocked-address',
    );
    expect(victim.connections).toBe(before);
  });

  it('refuses a redirect to a name that resolves internally', async () => {
    stubDns({ 'rebind.example.com': ['10.1.2.3'] });
    const err = await expectFailure(
      safeFetch(`${main.origin}/to?url=${encodeURIComponent('http://rebind.example.com/x')}`, base),
      'dns',
    );
    expect(err.message).toBe(
      'The server redirected to http://rebind.example.com/x. The address rebind.example.com could not be found on the public internet.',
    );
  });

  it.each(['ftp://example.com/list.m3u', 'file:///etc/passwd', 'gopher://example.com/'])(
    'refuses a redirect to %s',
    async (target) => {
      const err = await expectFailure(
        safeFetch(`${main.origin}/to?url=${encodeURIComponent(target)}`, base),
        'unsupported-protocol',
      );
      expect(err.message).toMatch(/redirected to a (ftp|file|gopher): address/);
    },
  );

  it('reports an invalid Location as invalid-url', async () => {
    await expectFailure(safeFetch(`${main.origin}/to?url=${encodeURIComponent('http://[oops')}`, base), 'invalid-url');
  });

  it('drops Authorization on a cross-origin redirect and keeps it on the same origin', async () => {
    const headers = { Authorization: 'Bearer token-123' };
    const same = await safeFetch(`${main.origin}/to?url=/echo`, { ...base, headers });
    const sameBody = JSON.parse((await readAll(same)).toString()) as { headers: Record<string, string> };
    expect(sameBody.headers.authorization).toBe('Bearer token-123');

    const cross = await safeFetch(`${main.origin}/to?url=${encodeURIComponent(`${other.origin}/echo`)}`, {
      ...base,
      headers,
    });
    const crossBody = JSON.parse((await readAll(cross)).toString()) as { headers: Record<string, string> };
    expect(crossBody.headers.authorization).toBeUndefined();
    expect(cross.redirects).toEqual([`${main.origin}/to`, `${other.origin}/echo`]);
  });

  it('turns a 303 into a GET and keeps HEAD as HEAD', async () => {
    const res = await safeFetch(`${main.origin}/to?status=303&url=/echo`, { ...base, method: 'HEAD' });
    expect(res.status).toBe(200);
    res.close();
  });
});

describe('limits', () => {
  it('stops an endless body at maxBytes', async () => {
    const res = await safeFetch(`${main.origin}/endless`, base);
    let read = 0;
    const err = await failureOf(
      (async () => {
        for await (const chunk of res.body) read += chunk.length;
      })(),
    );
    expect(err.failure).toBe('too-large');
    expect(err.message).toBe('The response from 127.0.0.1 is larger than 1 MB, the most this service reads.');
    expect(read).toBeLessThanOrEqual(base.maxBytes);
    expect(read).toBeGreaterThan(base.maxBytes / 2);
    await waitFor(() => main.open.size === 0);
  });

  it('refuses a declared Content-Length above maxBytes before reading', async () => {
    const res = await safeFetch(`${main.origin}/declared`, base);
    await expectFailure(readAll(res), 'too-large');
  });

  it('with truncate, ends an endless body quietly at maxBytes and lets go of the connection', async () => {
    const res = await safeFetch(`${main.origin}/endless`, { ...base, maxBytes: 5000, truncate: true });
    expect(await readAll(res)).toHaveLength(5000);
    await waitFor(() => main.open.size === 0);
  });

  it('with truncate, reads the start of a body whose declared length is above maxBytes (a film)', async () => {
    const res = await safeFetch(`${main.origin}/declared`, { ...base, maxBytes: 100, truncate: true });
    let first = '';
    for await (const chunk of res.body) {
      first = chunk.toString();
      break;
    }
    expect(first).toBe('x');
    await waitFor(() => main.open.size === 0);
  });

  it('accepts a body of exactly maxBytes', async () => {
    const res = await safeFetch(`${main.origin}/exact`, { ...base, maxBytes: 1000 });
    expect(await readAll(res)).toHaveLength(1000);
  });

  it('stops a gzip bomb at maxBytes of decompressed data', async () => {
    const res = await safeFetch(`${main.origin}/bomb`, base);
    let read = 0;
    const err = await failureOf(
      (async () => {
        for await (const chunk of res.body) read += chunk.length;
      })(),
    );
    expect(err.failure).toBe('too-large');
    expect(BOMB.length).toBeLessThan(base.maxBytes); // the compressed body alone would pass
    expect(read).toBeLessThanOrEqual(base.maxBytes);
  });

  it('times out a server that never answers', async () => {
    const started = Date.now();
    const err = await expectFailure(safeFetch(`${main.origin}/hang`, { ...base, timeoutMs: 500 }), 'timeout');
    expect(err.message).toBe('The server did not answer within 0.5 seconds.');
    expect(Date.now() - started).toBeLessThan(500 + 500);
    await waitFor(() => main.open.size === 0);
  });

  it('times out a slow drip (1 byte every 200 ms) within the TOTAL limit', async () => {
    const timeoutMs = 1000;
    const started = Date.now();
    const res = await safeFetch(`${main.origin}/drip`, { ...base, timeoutMs });
    let read = 0;
    const err = await failureOf(
      (async () => {
        for await (const chunk of res.body) read += chunk.length;
      })(),
    );
    expect(err.failure).toBe('timeout');
    expect(err.message).toBe('The server did not send the whole response within 1 second.');
    expect(read).toBeGreaterThan(0);
    expect(Date.now() - started).toBeLessThan(timeoutMs + 500);
    await waitFor(() => main.open.size === 0);
  });

  it('counts the time of redirects against the same limit', async () => {
    const started = Date.now();
    await expectFailure(
      safeFetch(`${main.origin}/to?url=${encodeURIComponent('/hang')}`, { ...base, timeoutMs: 400 }),
      'timeout',
    );
    expect(Date.now() - started).toBeLessThan(900);
  });

  it("stops when the caller's signal aborts", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const err = await expectFailure(
      safeFetch(`${main.origin}/hang`, { ...base, signal: controller.signal }),
      'timeout',
    );
    expect(err.message).toContain('cancelled');
    const aborted = AbortSignal.abort();
    await expectFailure(safeFetch(`${main.origin}/ok`, { ...base, signal: aborted }), 'timeout');
  });

  it('times out a body the caller does not read, freeing the connection', async () => {
    const res = await safeFetch(`${main.origin}/endless`, { ...base, timeoutMs: 300 });
    await new Promise((resolve) => setTimeout(resolve, 400));
    await waitFor(() => main.open.size === 0);
    await expectFailure(readAll(res), 'timeout');
  });
});

describe('network failures', () => {
  it('reports a refused connection (closed port)', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const err = await expectFailure(safeFetch(`http://127.0.0.1:${port}/`, base), 'connection');
    expect(err.message).toBe('Could not connect to 127.0.0.1: the connection was refused.');
  });

  it('reports a connection reset while the body is read', async () => {
    const res = await safeFetch(`${main.origin}/reset`, base);
    await expectFailure(readAll(res), 'connection');
  });

  it('reports a server that does not speak HTTP', async () => {
    await expectFailure(safeFetch(`${garbage.origin}/`, base), 'connection');
  });

  it('reports an unknown host', async () => {
    const err = await expectFailure(safeFetch('http://no-such-playlist-host.invalid/list.m3u', base), 'dns');
    expect(err.message).toMatch(/^The address no-such-playlist-host\.invalid could (not be found|not be looked up)/);
  });

  it('reports https to a plain-http server as a TLS failure', async () => {
    await expectFailure(safeFetch(`https://127.0.0.1:${main.port}/ok`, base), 'tls');
  });

  it('verifies certificates (self-signed refused) and sends the name for SNI', async () => {
    stubDns({ 'tv.example': ['127.0.0.1'] });
    const err = await expectFailure(safeFetch(`https://tv.example:${tlsServer.port}/`, base), 'tls');
    expect(err.message).toMatch(
      /^The secure \(https\) connection to tv\.example failed: its certificate is not trusted/,
    );
    expect(sniSeen).toContain('tv.example');
  });
});

describe('messages never show credentials', () => {
  const url = (host: string) => `http://user:secret@${host}/get.php?username=u&password=secret`;

  it.each([
    ['dns', () => url('no-such-host.invalid')],
    ['blocked', () => url('10.0.0.5')],
    ['refused', () => url('127.0.0.1:1')],
    ['redirect to blocked', () => `${main.origin}/to?url=${encodeURIComponent(url('192.168.0.1'))}`],
    [
      'redirect loop',
      () => `${main.origin}/to?url=${encodeURIComponent(url(`127.0.0.1:${main.port}`).replace('get.php', 'loop'))}`,
    ],
    [
      'redirect to ftp',
      () => `${main.origin}/to?url=${encodeURIComponent('ftp://user:secret@example.com/?password=secret')}`,
    ],
    ['garbage', () => 'http://user:secret@exa mple.com/get.php?password=secret'],
  ])('%s', async (_name, target) => {
    const err = await failureOf(safeFetch(target(), base));
    expect(err.message).not.toContain('secret');
    expect(err.message).not.toContain('user:');
  });

  it('displayUrl strips userinfo and query', () => {
    expect(displayUrl(url('example.com'))).toBe('http://example.com/get.php');
    expect(displayUrl('nonsense')).toBe('(invalid address)');
  });
});
