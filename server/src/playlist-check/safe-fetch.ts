/**
 * SSRF-safe fetching of user-supplied URLs (M3U playlists, Xtream Codes player_api.php, XMLTV guides).
 *
 * - Only http: and https:. Every hop (the first URL and each redirect target) is checked: literal IP hosts before any
 *   request is made, names inside the connection's own `lookup`, so the socket connects to exactly the addresses that
 *   were checked (no check-then-connect race, no DNS rebinding between check and connect).
 * - A name is refused if ANY of its addresses is internal (rather than connecting to the public ones only): a name that
 *   mixes public and internal addresses is either misconfigured or an attack, and refusing cannot be raced.
 * - "Internal" is everything ipaddr.js does not classify as 'unicast' (loopback, private, link-local, CGNAT, unique
 *   local, multicast, unspecified, reserved, 6to4/Teredo/NAT64...), plus IPv4-compatible IPv6 (::a.b.c.d). IPv4-mapped
 *   IPv6 (::ffff:a.b.c.d) is judged as its IPv4 address.
 * - One time limit covers everything (DNS, connect, redirects, headers and body); one size limit covers the decoded body,
 *   counted while streaming (zip bombs stop at maxBytes).
 * - Each request has its own connection (no keep-alive pool that could be reused for a differently checked host); the
 *   socket is destroyed when the body is read, on close(), on errors and when the time runs out.
 * - Error messages are meant for the owner: no stack, no credentials (URLs are echoed without userinfo and query),
 *   and nothing about this server's own network: a name that resolves to an internal address is said exactly as a
 *   name that does not exist, never with the address it resolved to (no map of the network, no existence oracle).
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { Transform, pipeline, type Readable, type TransformCallback } from 'node:stream';
import zlib from 'node:zlib';
import ipaddr from 'ipaddr.js';
import { checkMessages, english, said, type Said } from './check-messages';
import { icyAsHttp } from './icy';

export type FetchFailure =
  | 'invalid-url' // not parseable (credentials in the URL are fine)
  | 'unsupported-protocol' // anything but http: / https:
  | 'blocked-address' // is an internal address (a literal IP), unless allowed
  | 'dns' // name does not resolve (ENOTFOUND, EAI_AGAIN...), or resolves to an internal address
  | 'connection' // refused, reset, unreachable, not HTTP, corrupt compressed body
  | 'tls' // certificate/handshake errors
  | 'timeout' // the TOTAL time limit ran out (or the caller's signal aborted)
  | 'too-many-redirects' // more than maxRedirects (a redirect loop ends here too)
  | 'too-large'; // body exceeded maxBytes (checked while streaming)

export class FetchError extends Error {
  /** The message, to be said in the reader's language (check-messages.ts); `message` is its English. */
  readonly said: string | Said;

  constructor(
    readonly failure: FetchFailure,
    message: string | Said,
    options?: ErrorOptions,
  ) {
    super(typeof message === 'string' ? message : english(message), options);
    this.said = message;
    this.name = 'FetchError';
  }
}

export interface SafeFetchOptions {
  /** Total time limit in milliseconds: DNS + connect + redirects + headers + body. */
  timeoutMs: number;
  /** The most (decoded) body bytes read. */
  maxBytes: number;
  /** Redirects followed at most; default 5. */
  maxRedirects?: number;
  userAgent: string;
  /** Hosts/addresses allowed even though internal: exact hostnames ('localhost'), IPs, or CIDRs ('127.0.0.0/8', '::1/128'). Tests use it for their local servers. */
  allow?: readonly string[];
  headers?: Record<string, string>;
  /** The caller's cancellation, combined with the time limit (an abort fails with 'timeout'). */
  signal?: AbortSignal;
  method?: 'GET' | 'HEAD';
  /**
   * Read only the first `maxBytes` of the body and stop there quietly (the body just ends), instead of failing
   * with 'too-large': for a stream, whose first bytes are all that is wanted and which never ends.
   */
  truncate?: boolean;
  /** Read a Shoutcast v1 `ICY 200 OK` answer as HTTP/1.0 (over http), as radio players do: for streams. */
  icy?: boolean;
}

export interface SafeResponse {
  status: number;
  /** The final URL after redirects (complete, credentials included: use displayUrl() before showing it). */
  url: string;
  /** Every URL visited, first to last, already in display form (no userinfo, no query) for messages like "redirected to ...". */
  redirects: string[];
  /** The headers as the server sent them (content-encoding/-length describe the wire, not the decoded body). */
  headers: Record<string, string | string[] | undefined>;
  /** The body as it arrives (decompressed if the server sent gzip/deflate/br content-encoding), limited to maxBytes and to the time limit: iterating throws FetchError('too-large' | 'timeout' | 'connection'). Can be iterated once. */
  body: AsyncIterable<Buffer>;
  /** Stops reading and frees the socket (call when enough was read). Iterating the body to its end does it too. */
  close(): void;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Headers that must not follow a redirect to another origin. */
const CREDENTIAL_HEADERS = ['authorization', 'proxy-authorization', 'cookie'];
/** Headers the caller may not set: they are ours or would confuse the connection. */
const RESERVED_HEADERS = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'user-agent']);

/** A URL as it may be shown to the owner: without userinfo and query string (they can carry passwords). */
export function displayUrl(url: string | URL, base?: string | URL): string {
  try {
    const parsed = new URL(url.toString(), base);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return '(invalid address)';
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Addresses and the allow-list

type IpAddress = ipaddr.IPv4 | ipaddr.IPv6;

interface AllowList {
  hosts: Set<string>;
  ranges: [IpAddress, number][];
}

const allowListCache = new WeakMap<readonly string[], AllowList>();

function compileAllowList(allow: readonly string[] = []): AllowList {
  const cached = allowListCache.get(allow);
  if (cached) return cached;
  const list: AllowList = { hosts: new Set(), ranges: [] };
  for (const raw of allow) {
    const entry = stripBrackets(raw.trim().toLowerCase());
    const ip = parseIp(entry);
    if (ip) {
      list.ranges.push([ip, ip.kind() === 'ipv4' ? 32 : 128]);
    } else if (entry.includes('/')) {
      try {
        const [base, bits] = ipaddr.parseCIDR(entry);
        // An IPv4-mapped IPv6 range (::ffff:127.0.0.0/104) is kept as its IPv4 range, like the addresses it matches.
        if (base.kind() === 'ipv6' && (base as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96) {
          list.ranges.push([(base as ipaddr.IPv6).toIPv4Address(), bits - 96]);
        } else {
          list.ranges.push([base, bits]);
        }
      } catch {
        throw new TypeError(`Invalid allow-list entry: ${raw}`);
      }
    } else if (entry) {
      list.hosts.add(stripTrailingDot(entry));
    }
  }
  allowListCache.set(allow, list);
  return list;
}

function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

function stripTrailingDot(host: string): string {
  return host.endsWith('.') ? host.slice(0, -1) : host;
}

/** A strictly written IP address (dotted-quad IPv4 or IPv6), IPv4-mapped IPv6 turned into its IPv4; else null. */
function parseIp(address: string): IpAddress | null {
  const bare = stripBrackets(address.trim());
  if (net.isIP(bare) === 0) return null;
  try {
    return ipaddr.process(bare);
  } catch {
    return null;
  }
}

/** ipaddr.js's range name, with IPv4-compatible IPv6 (::a.b.c.d, deprecated and unroutable) counted as reserved. */
function rangeOf(ip: IpAddress): string {
  const range = ip.range();
  if (range === 'unicast' && ip.kind() === 'ipv6' && ip.match(ipaddr.IPv6.parse('::'), 96)) return 'reserved';
  return range;
}

/** Whether an address may not be connected to: not an IP, or internal and not on the allow-list. */
function isBlocked(address: string, allow: AllowList): boolean {
  const ip = parseIp(address);
  if (!ip) return true;
  if (allow.ranges.some(([base, bits]) => base.kind() === ip.kind() && ip.match(base, bits))) return false;
  return rangeOf(ip) !== 'unicast';
}

/** Whether an address (v4 or v6 string) is public unicast, honouring the allow-list. Exported for tests. */
export function isPublicAddress(address: string, allow?: readonly string[]): boolean {
  return !isBlocked(address, compileAllowList(allow));
}

function describeRange(range: string): Said {
  const { ranges } = checkMessages;
  switch (range) {
    case 'loopback':
      return said(ranges.loopback);
    case 'private':
    case 'uniqueLocal':
      return said(ranges.private);
    case 'linkLocal':
      return said(ranges.linkLocal);
    case 'carrierGradeNat':
      return said(ranges.carrierGradeNat);
    case 'unspecified':
      return said(ranges.unspecified);
    case 'multicast':
      return said(ranges.multicast);
    case 'broadcast':
      return said(ranges.broadcast);
    default:
      return said(ranges.reserved);
  }
}

/** An internal address typed (or redirected to) as such: said with its kind, as the owner gave it. */
function blockedError(host: string, address: string): FetchError {
  const ip = parseIp(address);
  const what = describeRange(ip ? rangeOf(ip) : 'reserved');
  return new FetchError('blocked-address', said(checkMessages.fetch.blocked, { host, range: what }));
}

/**
 * A name that leads nowhere on the public internet: one that does not exist, or one that resolves to an internal
 * address. Both are said alike, with the same failure, so the check never tells an owner what a name means inside
 * this server's network, nor whether it exists there.
 */
function notPublicError(host: string, cause?: unknown): FetchError {
  return new FetchError('dns', said(checkMessages.fetch.notPublic, { host }), { cause });
}

// ---------------------------------------------------------------------------------------------------------------
// Messages

function seconds(ms: number): Said {
  return said(checkMessages.fetch.seconds, { seconds: Math.round(ms / 100) / 10 });
}

function size(bytes: number): Said {
  const { fetch } = checkMessages;
  if (bytes >= 1024 * 1024)
    return said(fetch.megabytes, { size: String(Math.round((bytes / (1024 * 1024)) * 10) / 10) });
  if (bytes >= 1024) return said(fetch.kilobytes, { size: String(Math.round((bytes / 1024) * 10) / 10) });
  return said(fetch.bytes, { size: String(bytes) });
}

function errorCode(err: unknown): string | undefined {
  if (err instanceof AggregateError) return (err as NodeJS.ErrnoException).code ?? errorCode(err.errors[0]);
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

function dnsError(err: unknown, host: string): FetchError {
  const code = errorCode(err);
  const temporary = code === 'EAI_AGAIN' || code === 'ETIMEOUT' || code === 'ESERVFAIL';
  if (!temporary) return notPublicError(host, err);
  return new FetchError('dns', said(checkMessages.fetch.dnsLater, { host }), { cause: err });
}

const TLS_CODE = /^(ERR_TLS_|ERR_SSL_|ERR_OSSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH|EPROTO$)/;

/** Maps an error of the request or of the connection to a FetchError. */
function requestError(err: unknown, host: string, https: boolean): FetchError {
  if (err instanceof FetchError) return err;
  const code = errorCode(err) ?? '';
  const { connection: words } = checkMessages;
  if (https && TLS_CODE.test(code)) {
    let reason = said(words.handshake);
    if (code === 'CERT_HAS_EXPIRED') reason = said(words.certExpired);
    else if (code === 'CERT_NOT_YET_VALID') reason = said(words.certNotYetValid);
    else if (code === 'ERR_TLS_CERT_ALTNAME_INVALID' || code === 'HOSTNAME_MISMATCH')
      reason = said(words.certOtherName);
    else if (/SELF_SIGNED|UNABLE_TO_(GET|VERIFY)|CERT_/.test(code)) reason = said(words.certUntrusted);
    return new FetchError('tls', said(checkMessages.fetch.tls, { host, reason, code }), { cause: err });
  }
  if (code.startsWith('HPE_')) {
    return new FetchError('connection', said(checkMessages.fetch.notHttp, { host }), { cause: err });
  }
  let reason: Said;
  switch (code) {
    case 'ECONNREFUSED':
      reason = said(words.refused);
      break;
    case 'ECONNRESET':
    case 'EPIPE':
      reason = said(words.closed);
      break;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'EHOSTDOWN':
    case 'ENETDOWN':
      reason = said(words.unreachable);
      break;
    case 'ETIMEDOUT':
      reason = said(words.timedOut);
      break;
    default:
      reason = code ? said(words.failedCode, { code }) : said(words.failed);
  }
  return new FetchError('connection', said(checkMessages.fetch.connect, { host, reason }), { cause: err });
}

// ---------------------------------------------------------------------------------------------------------------
// URLs

function parseTarget(url: string, redirectedFrom?: URL): URL {
  let parsed: URL;
  try {
    parsed = redirectedFrom ? new URL(url, redirectedFrom) : new URL(url.trim());
  } catch {
    throw new FetchError(
      'invalid-url',
      redirectedFrom
        ? said(checkMessages.fetch.redirectInvalid, { host: redirectedFrom.hostname })
        : said(checkMessages.fetch.invalidUrl),
    );
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    const scheme = /^[a-z][a-z0-9+.-]*:$/i.test(parsed.protocol) ? parsed.protocol : 'other';
    throw new FetchError(
      'unsupported-protocol',
      redirectedFrom
        ? said(checkMessages.fetch.redirectProtocol, { host: redirectedFrom.hostname, scheme })
        : said(checkMessages.fetch.protocol, { scheme }),
    );
  }
  if (!parsed.hostname) throw new FetchError('invalid-url', said(checkMessages.fetch.noHost));
  return parsed;
}

// ---------------------------------------------------------------------------------------------------------------
// One hop

interface Hop {
  req: http.ClientRequest;
  res: http.IncomingMessage;
}

interface HopContext {
  method: 'GET' | 'HEAD';
  headers: Record<string, string>;
  allow: AllowList;
  signal: AbortSignal;
  icy: boolean;
}

/** Sends one request; resolves with the response head, rejects with a FetchError. */
function requestOnce(target: URL, ctx: HopContext, prefix: string): Promise<Hop> {
  const host = stripBrackets(target.hostname);
  const isHttps = target.protocol === 'https:';
  const literal = net.isIP(host) !== 0;
  const hostAllowed = !literal && ctx.allow.hosts.has(stripTrailingDot(host));

  if (literal && isBlocked(host, ctx.allow)) {
    return Promise.reject(withPrefix(blockedError(host, host), prefix));
  }

  /** Resolves the name and checks all its addresses; the socket connects only to the addresses handed back here. */
  const lookup: net.LookupFunction = (hostname, options, callback) => {
    dns.lookup(hostname, { family: options.family ?? 0, hints: options.hints, all: true }, (err, addresses) => {
      if (err || addresses.length === 0) {
        callback(withPrefix(dnsError(err, host), prefix), []);
        return;
      }
      if (!hostAllowed) {
        if (addresses.some(({ address }) => isBlocked(address, ctx.allow))) {
          callback(withPrefix(notPublicError(host), prefix), []);
          return;
        }
      }
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };

  if (ctx.signal.aborted) return Promise.reject(ctx.signal.reason as FetchError);

  return new Promise<Hop>((resolve, reject) => {
    let settled = false;
    const auth =
      target.username || target.password ? `${safeDecode(target.username)}:${safeDecode(target.password)}` : undefined;
    const requestOptions: https.RequestOptions = {
      protocol: target.protocol,
      hostname: host,
      port: target.port ? Number(target.port) : undefined,
      path: `${target.pathname}${target.search}`,
      method: ctx.method,
      headers: ctx.headers,
      auth,
      agent: false,
      lookup: literal ? undefined : lookup,
    };
    if (isHttps) {
      requestOptions.rejectUnauthorized = true;
      if (!literal) requestOptions.servername = stripTrailingDot(host);
    } else if (ctx.icy) {
      // Shoutcast v1 radio answers "ICY 200 OK": read as HTTP/1.0, as players read it (icy.ts). Without an agent,
      // Node uses this connection for this one request only, as `agent: false` did.
      requestOptions.agent = undefined;
      requestOptions.createConnection = (options) => icyAsHttp(net.connect(options as net.NetConnectOpts));
    }
    const req = (isHttps ? https : http).request(requestOptions);

    const onAbort = () => req.destroy(ctx.signal.reason as Error);
    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      ctx.signal.removeEventListener('abort', onAbort);
      req.destroy();
      if (ctx.signal.aborted) reject(ctx.signal.reason as FetchError);
      // FetchErrors come from the checking lookup and already carry the prefix.
      else if (err instanceof FetchError) reject(err);
      else reject(withPrefix(requestError(err, host, isHttps), prefix));
    };
    // Stays attached for the life of the request: later errors reach the response stream, never the process.
    req.on('error', fail);
    req.on('response', (res) => {
      if (settled) {
        res.destroy();
        return;
      }
      settled = true;
      ctx.signal.removeEventListener('abort', onAbort);
      resolve({ req, res });
    });
    ctx.signal.addEventListener('abort', onAbort, { once: true });
    req.end();
  });
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** An error of a hop after a redirect, prefixed with where the redirect led (`prefix`: the shown URL). */
function withPrefix(err: FetchError, prefix: string): FetchError {
  if (!prefix || err.failure === 'timeout') return err;
  return new FetchError(err.failure, said(checkMessages.fetch.redirected, { url: prefix, reason: err.said }), {
    cause: err.cause,
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Body

/** Counts the bytes that pass and fails once more than `limit` passed. */
class ByteLimit extends Transform {
  private total = 0;
  constructor(
    private readonly limit: number,
    private readonly error: () => FetchError,
  ) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.total += chunk.length;
    if (this.total > this.limit) callback(this.error());
    else callback(null, chunk);
  }
}

function decoderFor(encoding: string | undefined): Transform | null {
  switch ((encoding ?? '').trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip({ finishFlush: zlib.constants.Z_SYNC_FLUSH });
    case 'deflate':
      return zlib.createInflate({ finishFlush: zlib.constants.Z_SYNC_FLUSH });
    case 'br':
      return zlib.createBrotliDecompress({ finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH });
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// safeFetch

export async function safeFetch(url: string, options: SafeFetchOptions): Promise<SafeResponse> {
  let target = parseTarget(url);
  const maxRedirects = options.maxRedirects ?? 5;
  const allow = compileAllowList(options.allow);
  let method = options.method ?? 'GET';

  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (!RESERVED_HEADERS.has(name.toLowerCase())) headers[name.toLowerCase()] = value;
  }
  headers['user-agent'] = options.userAgent;
  headers['accept-encoding'] ??= 'gzip, deflate, br';

  // One controller for the whole fetch: the time limit and the caller's signal both abort it, with a FetchError reason.
  const controller = new AbortController();
  let phase: 'head' | 'body' = 'head';
  const timer = setTimeout(() => {
    controller.abort(
      new FetchError(
        'timeout',
        said(phase === 'head' ? checkMessages.fetch.noAnswer : checkMessages.fetch.notWhole, {
          time: seconds(options.timeoutMs),
        }),
      ),
    );
  }, options.timeoutMs);
  const onCallerAbort = () => controller.abort(new FetchError('timeout', said(checkMessages.fetch.cancelled)));
  const callerSignal = options.signal;
  if (callerSignal?.aborted) onCallerAbort();
  else callerSignal?.addEventListener('abort', onCallerAbort, { once: true });

  const cleanupTimers = () => {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', onCallerAbort);
  };

  const visited = [displayUrl(target)];
  let hop: Hop;
  try {
    for (let redirects = 0; ; redirects++) {
      const prefix = redirects === 0 ? '' : displayUrl(target);
      hop = await requestOnce(
        target,
        { method, headers, allow, signal: controller.signal, icy: options.icy === true },
        prefix,
      );
      const location = hop.res.headers.location;
      if (!REDIRECT_STATUSES.has(hop.res.statusCode ?? 0) || !location) break;

      // A redirect: free this connection, then check the next hop like the first one.
      hop.res.destroy();
      hop.req.destroy();
      if (redirects >= maxRedirects) {
        throw new FetchError(
          'too-many-redirects',
          said(checkMessages.fetch.tooManyRedirects, { max: maxRedirects, url: displayUrl(location, target) }),
        );
      }
      const next = parseTarget(location, target);
      if (next.origin !== target.origin) for (const name of CREDENTIAL_HEADERS) delete headers[name];
      if (hop.res.statusCode === 303 && method !== 'HEAD') method = 'GET';
      target = next;
      visited.push(displayUrl(target));
    }
  } catch (err) {
    cleanupTimers();
    if (err instanceof FetchError) throw err;
    if (controller.signal.aborted) throw controller.signal.reason as FetchError;
    throw requestError(err, target.hostname, target.protocol === 'https:');
  }

  phase = 'body';
  const { req, res } = hop;
  const host = target.hostname;
  const tooLarge = () =>
    new FetchError('too-large', said(checkMessages.fetch.tooLarge, { host, size: size(options.maxBytes) }));

  // The decoded body, limited by maxBytes; the raw bytes are limited too (a compressed stream that decodes to nothing).
  const decoder = method === 'HEAD' ? null : decoderFor(res.headers['content-encoding'] as string | undefined);
  let output: Readable = res;
  if (decoder) {
    output = pipeline(res, new ByteLimit(options.maxBytes, tooLarge), decoder, () => {
      // Errors surface through the iteration of `decoder`.
    });
  }

  let finished = false;
  let closedByCaller = false;
  const finish = (reason?: Error) => {
    cleanupTimers();
    controller.signal.removeEventListener('abort', onAbort);
    if (finished) return;
    finished = true;
    if (reason) output.destroy(reason);
    else output.destroy();
    res.destroy();
    req.destroy();
  };
  const onAbort = () => finish(controller.signal.reason as FetchError);
  if (controller.signal.aborted) onAbort();
  else controller.signal.addEventListener('abort', onAbort, { once: true });
  // Errors after the head (reset, parse errors) surface through the iteration; keep them off the process.
  res.on('error', () => {});

  const noBody = method === 'HEAD' || res.statusCode === 204 || res.statusCode === 304;
  if (noBody) finish();

  const declaredLength = Number(res.headers['content-length']);
  let iterated = false;

  async function* read(): AsyncGenerator<Buffer> {
    if (iterated) throw new Error('The body of a SafeResponse can be read only once.');
    iterated = true;
    if (noBody || closedByCaller) return;
    let total = 0;
    try {
      const truncate = options.truncate === true;
      if (!truncate && !decoder && Number.isFinite(declaredLength) && declaredLength > options.maxBytes) {
        throw tooLarge();
      }
      for await (const chunk of output as AsyncIterable<Buffer>) {
        if (truncate && total + chunk.length >= options.maxBytes) {
          // The first maxBytes are all that was asked for: the rest is never read (finally closes the socket).
          yield chunk.subarray(0, options.maxBytes - total);
          return;
        }
        total += chunk.length;
        if (total > options.maxBytes) throw tooLarge();
        yield chunk;
      }
      if (!decoder && !res.complete) throw new Error('incomplete');
    } catch (err) {
      if (err instanceof FetchError) throw err;
      if (controller.signal.aborted) throw controller.signal.reason as FetchError;
      if (closedByCaller) return;
      const code = errorCode(err) ?? '';
      if (code.startsWith('Z_') || code === 'ERR_BROTLI_DECOMPRESSION_FAILED' || code.startsWith('ERR__')) {
        throw new FetchError('connection', said(checkMessages.fetch.corrupt, { host }), { cause: err });
      }
      throw new FetchError('connection', said(checkMessages.fetch.brokeOff, { host }), { cause: err });
    } finally {
      finish();
    }
  }

  return {
    status: res.statusCode ?? 0,
    url: target.href,
    redirects: visited,
    headers: { ...res.headers },
    body: { [Symbol.asyncIterator]: () => read() },
    close: () => {
      if (!finished) closedByCaller = true;
      finish();
    },
  };
}
