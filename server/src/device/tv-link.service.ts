import { randomInt } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';
import { messages } from '../../../common/messages';
import {
  formatLinkCode,
  LINK_CODE_ALPHABET,
  linkCodeFormSchema,
  registerDeviceSchema,
  type LinkCodeInput,
} from '../../../common/validation';
import { addressKey, type RateLimits } from '../auth/rate-limits';
import { DomainError } from '../common/errors';
import { hashToken, randomToken } from '../common/secrets';
import { isForeignKeyViolation } from '../db/constraints';
import { validate } from '../common/validate';
import type { DeviceTokenService } from './device-token.service';
import type { DeviceService } from './device.service';
import { DEVICE_SWITCHED_MESSAGE, lockDevice, lockDeviceForToken } from './device-lock';
import type { DeviceEntity } from './device.entity';
import { TvLinkEntity } from './tv-link.entity';

/** How long a code and its poll handle live (RFC 8628 `expires_in`) unless configured (`TV_LINK_TTL_SECONDS`). */
export const TV_LINK_TTL_SECONDS = 900;
/** The wait between polls a TV is first given (RFC 8628 `interval`) unless configured (`TV_LINK_INTERVAL_SECONDS`). */
export const TV_LINK_INTERVAL_SECONDS = 5;
/** What a poll that came too soon adds to the wait (RFC 8628 §3.5 `slow_down`: 5 seconds), up to a minute. */
const SLOW_DOWN_STEP_SECONDS = 5;
const MAX_INTERVAL_SECONDS = 60;
/** A poll up to this much sooner than the interval is forgiven (timers and networks jitter). */
const POLL_LEEWAY_SECONDS = 1;

const pollSchema = z.object({
  pollHandle: z
    .string({ error: 'The poll handle is required' })
    .min(1, 'The poll handle is required')
    .max(100, 'The poll handle is at most 100 characters'),
});
export type RequestTvLinkInput = z.input<typeof registerDeviceSchema>;
export type PollTvLinkInput = z.input<typeof pollSchema>;

export interface TvLinkRequest {
  code: string;
  pollHandle: string;
  expiresIn: number;
  interval: number;
  verificationUrl: string;
}

export type TvLinkStatus = 'PENDING' | 'APPROVED' | 'REFUSED' | 'EXPIRED' | 'SLOW_DOWN';

export interface TvLinkPoll {
  status: TvLinkStatus;
  interval: number;
  deviceToken: string | null;
  device: DeviceEntity | null;
}

/** A poll's answer holds a token and device only when APPROVED. */
const nothing = { deviceToken: null, device: null };

/** A pending request as the owner sees it before answering. */
export interface TvLinkView {
  code: string;
  macAddress: string;
  model: string | null;
  appVersion: string | null;
  requestedAt: Date;
  expiresAt: Date;
  sameMacAddress: boolean;
  signedInTv: boolean;
  /** The network address the TV asked from; null for requests kept from before it was recorded. */
  requestedFrom: string | null;
  /** Whether the owner, looking at it now, is on that network (the same address, or the same IPv6 /56). */
  sameNetwork: boolean;
  /** The TVs now signed in to the owner's device: approving signs them out. */
  signedInTvs: number;
}

/** The owner's answer and the device after it (its MAC changed when the answer was a switch). */
export interface TvLinkDecision {
  message: string;
  device: DeviceEntity;
}

interface PolledRow {
  id: string;
  state: TvLinkEntity['state'];
  device_id: string | null;
  mac_address: string;
  model: string | null;
  app_version: string | null;
  interval_seconds: number;
  expired: boolean;
  too_soon: boolean;
}

/**
 * Linking a TV without typing (RFC 8628's device authorization grant): a TV with no token asks for a code, the
 * owner approves it on the portal while signed in to the device, and the TV, polling with the secret poll handle
 * it was given, collects a new token once. Codes are single-use, expire, and guesses at them are counted.
 */
export class TvLinkService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly rateLimits: RateLimits,
    private readonly tokens: DeviceTokenService,
    private readonly devices: DeviceService,
    private readonly options: { publicUrl: string; ttlSeconds?: number; intervalSeconds?: number },
  ) {}

  private get ttlSeconds(): number {
    return this.options.ttlSeconds ?? TV_LINK_TTL_SECONDS;
  }

  private get intervalSeconds(): number {
    return this.options.intervalSeconds ?? TV_LINK_INTERVAL_SECONDS;
  }

  /**
   * A TV asks to be linked: a new code and poll handle (returned once; only the handle's hash is kept). A TV that
   * asks with its own token (`requester`) proves it holds its MAC address's record: the owner of another device
   * may then approve the link as a Switch MAC onto it. Without a token nothing is proved.
   */
  async request(input: RequestTvLinkInput, clientIp: string, requester: DeviceEntity | null): Promise<TvLinkRequest> {
    const values = validate(registerDeviceSchema, input);
    if (requester && requester.macAddress !== values.macAddress) {
      throw new DomainError('BAD_USER_INPUT', messages.link.notThisTv, { macAddress: messages.link.notThisTv });
    }
    await this.rateLimits.countLinkRequest(clientIp);
    if (!requester) {
      // Without a token only the device that has this MAC can approve the code: a MAC no device has is refused
      // now, not after 15 minutes of a code nobody can approve. That says whether the MAC is registered, which
      // registerDevice's CONFLICT says already; the request spends the registration budget too, so asking here
      // learns it no faster than registering does.
      await this.rateLimits.countRegistration(clientIp);
      if (!(await this.devices.findByMac(values.macAddress))) {
        throw new DomainError('NOT_FOUND', messages.link.unknownMac, { macAddress: messages.link.unknownMac });
      }
    }
    // Expired links are deleted by the prune (maintenance/pruning.ts), once across instances, not by each request.
    const pollHandle = randomToken();
    // 20^8 codes: a clash with a code still stored is rare, and the unique index refuses it; draw again.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const code = randomCode();
      const inserted = await this.insertLink(code, pollHandle, values, requester, clientIp);
      if ((inserted.raw as unknown[]).length) {
        const shown = formatLinkCode(code);
        return {
          code: shown,
          pollHandle,
          expiresIn: this.ttlSeconds,
          interval: this.intervalSeconds,
          verificationUrl: `${this.options.publicUrl}/link?code=${shown}`,
        };
      }
    }
    throw new Error('Could not draw a free link code.');
  }

  /** One link request's row; unless the code is taken, its id comes back in `raw`. */
  private async insertLink(
    code: string,
    pollHandle: string,
    values: z.output<typeof registerDeviceSchema>,
    requester: DeviceEntity | null,
    clientIp: string,
  ) {
    try {
      return await this.dataSource
        .createQueryBuilder()
        .insert()
        .into(TvLinkEntity)
        .values({
          code,
          pollHandleHash: hashToken(pollHandle),
          macAddress: values.macAddress,
          model: values.model,
          appVersion: values.appVersion,
          requesterDeviceId: requester?.id ?? null,
          requestedFrom: clientIp.slice(0, 45),
          expiresAt: () => `now() + make_interval(secs => ${Math.trunc(this.ttlSeconds)})`,
          intervalSeconds: this.intervalSeconds,
        })
        .orIgnore()
        .returning(['id'])
        .execute();
    } catch (err) {
      // The TV's record was absorbed by a Switch MAC since its token was read: its token now opens the device
      // that absorbed it, and asking again is asked from there.
      if (isForeignKeyViolation(err, 'fk_tv_links_requester_device')) {
        throw new DomainError('CONFLICT', DEVICE_SWITCHED_MESSAGE);
      }
      throw err;
    }
  }

  /** The pending request with this code, for the owner to see before answering. */
  async show(owner: DeviceEntity, input: LinkCodeInput, clientIp: string): Promise<TvLinkView> {
    const link = await this.findPending(owner, input, clientIp);
    return {
      requestedFrom: link.requestedFrom,
      sameNetwork: link.requestedFrom !== null && addressKey(link.requestedFrom) === addressKey(clientIp),
      signedInTvs: (await this.tokens.listSignedIn(owner.id)).length,
      code: formatLinkCode(link.code),
      macAddress: link.macAddress,
      model: link.model,
      appVersion: link.appVersion,
      requestedAt: link.createdAt,
      expiresAt: link.expiresAt,
      sameMacAddress: link.macAddress === owner.macAddress,
      signedInTv: link.requesterDeviceId !== null,
    };
  }

  /**
   * The owner approves: the TV's next poll gets a token for the owner's device.
   * - A TV reporting the device's own MAC address (the app reinstalled on it) is linked.
   * - A TV reporting another MAC address, that asked with its own token, is a new TV taking over the licence: the
   *   device switches onto its MAC (the rules and limits of Switch MAC) in the transaction that approves the link.
   * - A TV reporting another MAC address without a token proves nothing (anyone may claim any MAC): refused.
   */
  async approve(owner: DeviceEntity, input: LinkCodeInput, clientIp: string): Promise<TvLinkDecision> {
    const link = await this.findPending(owner, input, clientIp);
    if (link.macAddress === owner.macAddress) {
      const device = await this.dataSource.transaction(async (manager) => {
        // The device first, as every change to it: gone, or on another MAC since (a Switch MAC), the TV reporting
        // the old MAC is no longer this device's.
        const locked = await lockDevice(manager, owner.id);
        if (locked.macAddress !== link.macAddress) throw new DomainError('CONFLICT', DEVICE_SWITCHED_MESSAGE);
        await this.decide(manager, link, locked, 'APPROVED');
        return locked;
      });
      return { message: messages.link.approved, device };
    }
    if (!link.requesterDeviceId) throw new DomainError('CONFLICT', messages.link.otherMac);
    const device = await this.devices.switchMacByLink(owner, link.requesterDeviceId, link.macAddress, (manager) =>
      this.decide(manager, link, owner, 'APPROVED'),
    );
    return { message: messages.link.switched, device };
  }

  /** The owner refuses: the TV's next poll answers REFUSED, and the code is spent. */
  async refuse(owner: DeviceEntity, input: LinkCodeInput, clientIp: string): Promise<TvLinkDecision> {
    const link = await this.findPending(owner, input, clientIp);
    const device = await this.dataSource.transaction(async (manager) => {
      const locked = await lockDevice(manager, owner.id);
      await this.decide(manager, link, locked, 'REFUSED');
      return locked;
    });
    return { message: messages.link.refused, device };
  }

  /**
   * The TV polls with its handle. Sooner than its interval is SLOW_DOWN (and the interval grows); an approved
   * request hands over its token once, in the same transaction that marks it used, revoking the tokens the
   * device's TVs held before.
   */
  async poll(input: PollTvLinkInput): Promise<TvLinkPoll> {
    const { pollHandle } = validate(pollSchema, input);
    const hash = hashToken(pollHandle);
    const answer = await this.pollOnce(hash);
    if (answer !== 'APPROVED_MEANWHILE') return answer;
    // Read as pending, found approved once locked: the owner's approval committed in between, before the device
    // was locked. Read again, the link is approved (an approval is never undone), so the device is locked first.
    const again = await this.pollOnce(hash);
    if (again === 'APPROVED_MEANWHILE') throw new Error('A TV link read as approved was found approved meanwhile');
    return again;
  }

  private async pollOnce(hash: string): Promise<TvLinkPoll | 'APPROVED_MEANWHILE'> {
    const before = (await this.dataSource.query(`SELECT state, device_id FROM tv_links WHERE poll_handle_hash = $1`, [
      hash,
    ])) as Array<{ state: string; device_id: string | null }>;
    if (!before[0]) return { ...nothing, status: 'EXPIRED', interval: this.intervalSeconds };
    return this.dataSource.transaction(async (manager) => {
      // The device row first, then the link: the order the token's other writers (renewal, Switch MAC) take.
      const device =
        before[0]?.state === 'APPROVED' && before[0].device_id
          ? await lockDeviceForToken(manager, before[0].device_id)
          : null;
      const [row] = (await manager.query(
        `SELECT id, state, device_id, mac_address, model, app_version, interval_seconds,
                expires_at <= now() AS expired,
                last_polled_at IS NOT NULL
                  AND last_polled_at > now() - make_interval(secs => interval_seconds - $2) AS too_soon
           FROM tv_links WHERE poll_handle_hash = $1 FOR UPDATE`,
        [hash, POLL_LEEWAY_SECONDS],
      )) as PolledRow[];
      if (!row || row.expired || row.state === 'CONSUMED') {
        return { ...nothing, status: 'EXPIRED', interval: row?.interval_seconds ?? this.intervalSeconds };
      }
      // Approved since it was read: nothing is spent or counted here; the caller polls again, the device first.
      if (row.state === 'APPROVED' && before[0]?.state !== 'APPROVED') return 'APPROVED_MEANWHILE' as const;
      if (row.too_soon) {
        const interval = Math.min(row.interval_seconds + SLOW_DOWN_STEP_SECONDS, MAX_INTERVAL_SECONDS);
        await manager.query(`UPDATE tv_links SET interval_seconds = $2, last_polled_at = now() WHERE id = $1`, [
          row.id,
          interval,
        ]);
        return { ...nothing, status: 'SLOW_DOWN', interval };
      }
      await manager.query(`UPDATE tv_links SET last_polled_at = now() WHERE id = $1`, [row.id]);
      const interval = row.interval_seconds;
      if (row.state === 'PENDING') return { ...nothing, status: 'PENDING', interval };
      if (row.state === 'REFUSED') return { ...nothing, status: 'REFUSED', interval };
      // APPROVED: spent now, whatever follows.
      await manager.query(`UPDATE tv_links SET state = 'CONSUMED' WHERE id = $1`, [row.id]);
      // The device changed MAC (or is gone) since the owner approved: the approval no longer stands.
      if (!device || device.id !== row.device_id || device.macAddress !== row.mac_address) {
        return { ...nothing, status: 'EXPIRED', interval };
      }
      // A reinstall: the app's old token (and any other the TV of this MAC held) stops working.
      await manager.query(`UPDATE device_tokens SET revoked_at = now() WHERE device_id = $1 AND revoked_at IS NULL`, [
        device.id,
      ]);
      const issued = await this.tokens.issue(device.id, { model: row.model, appVersion: row.app_version }, manager);
      return { status: 'APPROVED', interval, deviceToken: issued.token, device };
    });
  }

  /**
   * The pending, unexpired request with this code. Every look-up is counted against the owner's device and the
   * client address first; an unknown, expired or answered code gets one answer.
   */
  private async findPending(owner: DeviceEntity, input: LinkCodeInput, clientIp: string): Promise<TvLinkEntity> {
    const { code } = validate(linkCodeFormSchema, input);
    const link = await this.rateLimits.checkLinkCode(owner.id, clientIp, () =>
      this.dataSource
        .getRepository(TvLinkEntity)
        .createQueryBuilder('l')
        .where(`l.code = :code AND l.state = 'PENDING' AND l.expires_at > now()`, { code })
        .getOne(),
    );
    if (!link) throw new DomainError('NOT_FOUND', messages.link.unknownCode);
    return link;
  }

  private async decide(
    manager: EntityManager,
    link: TvLinkEntity,
    owner: DeviceEntity,
    state: 'APPROVED' | 'REFUSED',
  ): Promise<void> {
    // For an UPDATE, TypeORM's query() answers [rows, affected row count].
    const [, affected] = (await manager.query(
      `UPDATE tv_links SET state = $2, device_id = $3 WHERE id = $1 AND state = 'PENDING' AND expires_at > now()`,
      [link.id, state, owner.id],
    )) as [unknown[], number];
    // Answered or expired by another request meanwhile.
    if (affected !== 1) throw new DomainError('NOT_FOUND', messages.link.unknownCode);
  }
}

/** 8 letters of RFC 8628's alphabet, drawn uniformly. */
function randomCode(): string {
  return Array.from({ length: 8 }, () => LINK_CODE_ALPHABET[randomInt(LINK_CODE_ALPHABET.length)]).join('');
}
