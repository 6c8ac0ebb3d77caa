import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import ipaddr from 'ipaddr.js';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { SourceMessage } from '../../../common/i18n';
import { messages } from '../../../common/messages';
import { DomainError, saidError } from '../common/errors';

/**
 * Counters kept in PostgreSQL (table rate_limits) by rate-limiter-flexible, so every server instance sees the
 * same counts and a request cannot multiply its attempts with GraphQL aliases or batches: each attempt is
 * counted with an atomic upsert before it is checked.
 */
export class RateLimits {
  private readonly loginPerMac: RateLimiterPostgres;
  private readonly loginPerIp: RateLimiterPostgres;
  private readonly registerPerIp: RateLimiterPostgres;
  private readonly captchaPerIp: RateLimiterPostgres;
  private readonly contactPerIp: RateLimiterPostgres;
  private readonly pinPerDevice: RateLimiterPostgres;
  private readonly pinPerIp: RateLimiterPostgres;
  private readonly switchMacPerDevice: RateLimiterPostgres;
  private readonly checksPerDevice: RateLimiterPostgres;
  private readonly linkRequestPerIp: RateLimiterPostgres;
  private readonly linkCodePerDevice: RateLimiterPostgres;
  private readonly linkCodePerIp: RateLimiterPostgres;
  private readonly refusedDeliveriesPerIp: RateLimiterPostgres;

  constructor(
    dataSource: DataSource,
    limits: {
      perMac: number;
      perIp: number;
      windowMs: number;
      registerPerIpPerHour: number;
      contactPerIpPerHour: number;
      playlistChecksPerDevicePerHour?: number;
      webhookRefusalsPerIpPerHour?: number;
    },
  ) {
    const pool = (dataSource.driver as PostgresDriver).master as Pool;
    // The library names its prepared statements. The embedded engine serves every pool connection from one
    // backend, where a name prepared by one connection clashes with the next; unnamed statements work on both.
    const storeClient = { query: (q: { text: string; values?: unknown[] }) => pool.query(q.text, q.values) };
    const common = {
      storeClient,
      storeType: 'pool',
      tableName: 'rate_limits',
      tableCreated: true,
      clearExpiredByTimeout: false,
    };
    const windowSeconds = Math.ceil(limits.windowMs / 1000);
    const limiter = (keyPrefix: string, points: number, duration: number) =>
      new RateLimiterPostgres({ ...common, keyPrefix, points, duration });
    this.loginPerMac = limiter('login_mac', limits.perMac, windowSeconds);
    this.loginPerIp = limiter('login_ip', limits.perIp, windowSeconds);
    this.registerPerIp = limiter('register_ip', limits.registerPerIpPerHour, 3600);
    this.contactPerIp = limiter('contact_ip', limits.contactPerIpPerHour, 3600);
    // Playlist and parent PINs are guessed like device keys, so they get the sign-in limits.
    this.pinPerDevice = limiter('pin_device', limits.perMac, windowSeconds);
    this.pinPerIp = limiter('pin_ip', limits.perIp, windowSeconds);
    // A switch onto a registered MAC absorbs that record; a few a day is plenty for replacing a TV and stops a
    // signed-in device from sweeping through MAC addresses.
    this.switchMacPerDevice = limiter('switch_mac', 3, 86_400);
    // A TV asks for a link code like it registers: a few an hour from one network is plenty.
    this.linkRequestPerIp = limiter('link_request_ip', limits.registerPerIpPerHour, 3600);
    // Link codes the owner types are guessed like device keys, so they get the sign-in limits.
    this.linkCodePerDevice = limiter('link_code_device', limits.perMac, windowSeconds);
    this.linkCodePerIp = limiter('link_code_ip', limits.perIp, windowSeconds);
    // Generous for people, tight enough that a script cannot fill the captcha table.
    this.captchaPerIp = limiter('captcha_ip', 60, 60);
    this.checksPerDevice = limiter('playlist_check', limits.playlistChecksPerDevicePerHour ?? 30, 3600);
    // Webhook deliveries that fail their provider's signature, from one address: a provider's own never do.
    this.refusedDeliveriesPerIp = limiter('webhook_refused_ip', limits.webhookRefusalsPerIpPerHour ?? 20, 3600);
  }

  /**
   * Counts one sign-in attempt against the client address, before anything is checked. Throws RATE_LIMITED,
   * with the wait, once the address is over its limit.
   */
  async countLoginAttempt(ip: string): Promise<void> {
    await countAttempt([[this.loginPerIp, addressKey(ip)]], messages.rateLimit.signIn);
  }

  /**
   * Counts a guess at a MAC address's device key: an attempt whose captcha was right. One with a wrong captcha
   * guessed nothing, and counting it against the MAC would let anyone lock any TV's owner out with five
   * requests of garbage. Throws RATE_LIMITED once the MAC is over its limit, whether or not the MAC exists.
   */
  async countKeyGuess(mac: string): Promise<void> {
    await countAttempt([[this.loginPerMac, mac]], messages.rateLimit.signIn);
  }

  /**
   * After a successful sign-in the MAC starts afresh and the client address gets its attempt back. Only the
   * owner knows the right key, so nobody guessing can cause this (unlike a right PIN, see checkPin).
   */
  async forgiveLogin(mac: string, ip: string): Promise<void> {
    await Promise.all([this.loginPerMac.delete(mac), this.loginPerIp.reward(addressKey(ip), 1)]);
  }

  /**
   * Checks a PIN (a protected playlist's or the parent PIN) under the sign-in limits: the attempt is counted
   * against the device and the client address before `check` runs (RATE_LIMITED once either is over), and a
   * right PIN gives back that one attempt. Never more: anyone signed in can give right answers at will (a PIN
   * of a playlist they protected themselves, a parent PIN they set), and if one erased the device's failures,
   * alternating them with guesses would make the limit no limit.
   */
  checkPin(deviceId: string, ip: string, check: () => Promise<boolean>): Promise<boolean> {
    const guess = async () => ((await check()) ? true : null);
    return checkGuess([this.pinPerDevice, this.pinPerIp], deviceId, ip, messages.rateLimit.pins, guess).then(
      (right) => right === true,
    );
  }

  /**
   * Checks a link code a signed-in owner typed, counted against the device and the client address before `check`
   * runs (RATE_LIMITED once either is over); a right code gives back that one attempt, never more (as checkPin).
   */
  checkLinkCode<T>(deviceId: string, ip: string, check: () => Promise<T | null>): Promise<T | null> {
    return checkGuess([this.linkCodePerDevice, this.linkCodePerIp], deviceId, ip, messages.rateLimit.codes, check);
  }

  async countLinkRequest(ip: string): Promise<void> {
    await consumeOrThrow(this.linkRequestPerIp, addressKey(ip), messages.rateLimit.linkRequests);
  }

  async countMacSwitch(deviceId: string): Promise<void> {
    await consumeOrThrow(this.switchMacPerDevice, deviceId, messages.rateLimit.switchMac);
  }

  async countRegistration(ip: string): Promise<void> {
    await consumeOrThrow(this.registerPerIp, addressKey(ip), messages.rateLimit.register);
  }

  async countContactMessage(ip: string): Promise<void> {
    await consumeOrThrow(this.contactPerIp, addressKey(ip), messages.rateLimit.contact);
  }

  async countPlaylistCheck(deviceId: string): Promise<void> {
    await consumeOrThrow(this.checksPerDevice, deviceId, messages.rateLimit.checks);
  }

  /**
   * Counts a webhook delivery refused as not the provider's (forged, unreadable); false once the address is over
   * its limit, when the delivery is no longer recorded in the audit trail (anyone can post to a webhook).
   */
  async countRefusedDelivery(ip: string): Promise<boolean> {
    try {
      await this.refusedDeliveriesPerIp.consume(addressKey(ip));
      return true;
    } catch (reason) {
      rejectionWait(reason);
      return false;
    }
  }

  async countCaptcha(ip: string): Promise<void> {
    await consumeOrThrow(this.captchaPerIp, addressKey(ip), messages.rateLimit.captcha);
  }
}

const IPV6_PREFIX_LENGTH = 56;

/**
 * The key a client address is counted under. An IPv6 client is counted by its /56: providers give a home or a
 * server a /64 or more, so one attacker has billions of addresses within it, and counting each alone would
 * make every per-address limit useless (express-rate-limit counts IPv6 the same way, with the same default).
 * IPv4, and IPv4 written as IPv6 (::ffff:192.0.2.1), is counted by the address itself.
 */
export function addressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const bytes = address.toByteArray().map((byte, i) => (i < IPV6_PREFIX_LENGTH / 8 ? byte : 0));
  return `${ipaddr.fromByteArray(bytes).toString()}/${IPV6_PREFIX_LENGTH}`;
}

/**
 * A guess counted against the device and the client address before `check` runs (RATE_LIMITED once either is
 * over); a right guess (anything but null) gives back that one attempt.
 */
async function checkGuess<T>(
  [perDevice, perIp]: [RateLimiterPostgres, RateLimiterPostgres],
  deviceId: string,
  ip: string,
  refusal: SourceMessage,
  check: () => Promise<T | null>,
): Promise<T | null> {
  await countAttempt(
    [
      [perDevice, deviceId],
      [perIp, addressKey(ip)],
    ],
    refusal,
  );
  const found = await check();
  if (found !== null) await Promise.all([perDevice.reward(deviceId, 1), perIp.reward(addressKey(ip), 1)]);
  return found;
}

/** Consumes a point from every limiter at once; over any of them, the longest wait is reported. */
async function countAttempt(counters: Array<[RateLimiterPostgres, string]>, refusal: SourceMessage): Promise<void> {
  const results = await Promise.allSettled(counters.map(([limiter, key]) => limiter.consume(key)));
  const wait = Math.max(...results.map((r) => (r.status === 'rejected' ? rejectionWait(r.reason) : 0)));
  if (wait > 0) {
    const minutes = Math.ceil(wait / 60_000);
    throw saidError('RATE_LIMITED', refusal, { minutes }, { retryAfterSeconds: Math.ceil(wait / 1000) });
  }
}

function rejectionWait(reason: unknown): number {
  // The library rejects with a RateLimiterRes when over the limit, and with an Error when the store fails.
  if (reason instanceof RateLimiterRes) return Math.max(reason.msBeforeNext, 1000);
  throw reason;
}

async function consumeOrThrow(limiter: RateLimiterPostgres, key: string, message: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (reason) {
    const wait = rejectionWait(reason);
    throw new DomainError('RATE_LIMITED', message, undefined, Math.ceil(wait / 1000));
  }
}
