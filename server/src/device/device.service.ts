import type { DataSource, EntityManager } from 'typeorm';
import { IsNull } from 'typeorm';
import { z } from 'zod';
import {
  loginSchema,
  macAddressSchema,
  newDeviceKeySchema,
  parentPinSchema,
  registerDeviceSchema,
  switchMacSchema,
  type LoginInput,
  type SwitchMacInput,
} from '../../../common/validation';
import { messages } from '../../../common/messages';
import { DomainError, saidError } from '../common/errors';
import { dummySecretHash, hashSecret, randomDigits, verifySecret } from '../common/secrets';
import { validate } from '../common/validate';
import type { AuthenticatedVia } from '../auth/caller';
import type { RateLimits } from '../auth/rate-limits';
import type { CaptchaService } from '../captcha/captcha.service';
import { PlaylistEntity } from '../playlist/playlist.entity';
import { DeviceMacChangeEntity } from './device-mac-change.entity';
import { DeviceTokenEntity } from './device-token.entity';
import type { DeviceTokenService, TokenCaller } from './device-token.service';
import { DeviceEntity } from './device.entity';
import { deviceStanding, type DeviceStanding } from './device-status';
import { isUniqueViolation } from '../db/constraints';
import { DEVICE_CHANGED_MESSAGE, DEVICE_SWITCHED_MESSAGE, lockDevice } from './device-lock';

/** The one answer to every failed sign-in, whichever field was wrong. */
export const LOGIN_FAILED_MESSAGE = messages.login.incorrect;
export const LOGIN_SUCCESS_MESSAGE = messages.login.success;
/**
 * The one answer to a switch whose MAC is unknown or whose device key is wrong: it never says which, so Switch MAC
 * does not tell which MAC addresses are registered.
 */
export const SWITCH_MAC_REFUSED_MESSAGE = messages.switchMac.refused;
/** Another switch took the MAC (or its record) between the key check and this switch. */
export const SWITCH_MAC_RACED_MESSAGE = messages.switchMac.raced;
const OWN_MAC_MESSAGE = messages.switchMac.ownMac;

/** A current device key or parent PIN, asked of a TV as proof (checked against its hash, never stored). */
const currentSecretSchema = z
  .string({ error: 'The current value must be text' })
  .max(64, 'The current value must be at most 64 characters')
  .nullish();
const changeDeviceKeySchema = z.object({
  deviceKey: newDeviceKeySchema,
  currentDeviceKey: currentSecretSchema,
  // Whether the TVs signed in to the device stay signed in; by default a new key signs them out.
  keepTvsSignedIn: z
    .boolean({ error: 'keepTvsSignedIn is true or false' })
    .nullish()
    .transform((keep) => keep ?? false),
});
const changeParentPinSchema = z.object({ pin: parentPinSchema, currentPin: currentSecretSchema });
const checkParentPinSchema = z.object({
  pin: z.string({ error: 'PIN is required' }).min(1, 'PIN is required').max(64, 'PIN must be at most 64 characters'),
});

/**
 * What the calls take (their schemas' input), as the graph types it. The calls still validate what they are
 * given, since a REST body (cast at its adapter) can hold anything.
 */
export type RegisterDeviceInput = z.input<typeof registerDeviceSchema>;
export type ChangeDeviceKeyInput = z.input<typeof changeDeviceKeySchema>;
export type ChangeParentPinInput = z.input<typeof changeParentPinSchema>;
export type CheckParentPinInput = z.input<typeof checkParentPinSchema>;
export type { SwitchMacInput };

/** Who makes a change to a device: a portal session or the TV app by its token (authenticate's answer). */
export interface DeviceCaller {
  via: AuthenticatedVia | null;
  /** The request's session id (express-session's req.sessionID), if it has one. */
  sessionId: string | undefined;
  /** Where the request comes from: a TV's guesses at the current PIN are counted per address too. */
  clientIp: string;
  /** The calling TV's token, when a TV calls: a TV that changes the key stays signed in itself. */
  tokenId?: string | null;
}

export interface RegisteredDevice {
  device: DeviceEntity;
  /** Shown once; only its hash is stored. */
  deviceKey: string;
  /** Shown once; only its hash is stored. */
  deviceToken: string;
}

export class DeviceService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly captcha: CaptchaService,
    private readonly rateLimits: RateLimits,
    private readonly options: { trialDays: number },
    private readonly tokens: DeviceTokenService,
  ) {}

  standing(device: DeviceEntity): DeviceStanding {
    return deviceStanding(device, this.options.trialDays);
  }

  /** The device of a portal session. */
  findById(id: string): Promise<DeviceEntity | null> {
    return this.dataSource.getRepository(DeviceEntity).findOneBy({ id });
  }

  findByMac(mac: string): Promise<DeviceEntity | null> {
    return this.dataSource.getRepository(DeviceEntity).findOneBy({ macAddress: mac });
  }

  /**
   * Registers a TV on its first launch: a trial starts, and a random device key and device token are returned
   * once. A MAC that is already registered is refused without revealing or changing anything about it.
   */
  async register(input: RegisterDeviceInput, clientIp: string): Promise<RegisteredDevice> {
    const values = validate(registerDeviceSchema, input);
    await this.rateLimits.countRegistration(clientIp);
    return this.createDevice(values);
  }

  /** Creates a device with fresh secrets (TV registration and the support tool). */
  async createDevice(values: {
    macAddress: string;
    model?: string | null;
    appVersion?: string | null;
  }): Promise<RegisteredDevice> {
    const deviceKey = randomDigits(6);
    const deviceKeyHash = await hashSecret(deviceKey);
    const holder = { model: values.model ?? null, appVersion: values.appVersion ?? null };
    return this.dataSource.transaction(async (manager) => {
      const inserted = await manager
        .createQueryBuilder()
        .insert()
        .into(DeviceEntity)
        .values({ macAddress: values.macAddress, deviceKeyHash, ...holder })
        .orIgnore()
        .returning('*')
        .execute();
      const id = (inserted.raw as Array<{ id: string }>)[0]?.id;
      if (!id) throw new DomainError('CONFLICT', messages.switchMac.macRegistered);
      const { token: deviceToken } = await this.tokens.issue(id, holder, manager);
      return { device: await manager.findOneByOrFail(DeviceEntity, { id }), deviceKey, deviceToken };
    });
  }

  /**
   * Checks a portal sign-in. Every attempt is counted against the client address before anything is checked,
   * and every one with a right captcha against the MAC too; the captcha is spent whatever the outcome, and
   * every failure gets the same answer.
   */
  async login(input: LoginInput, clientIp: string): Promise<DeviceEntity> {
    const values = validate(loginSchema, input);
    await this.rateLimits.countLoginAttempt(clientIp);
    if (!(await this.captcha.consume(values.captchaToken, values.captcha))) {
      throw new DomainError('UNAUTHENTICATED', LOGIN_FAILED_MESSAGE);
    }
    await this.rateLimits.countKeyGuess(values.macAddress);
    const device = await this.findByMac(values.macAddress);
    // Hash even when there is no device, so timing does not tell which MAC addresses exist.
    const keyOk = await verifySecret(values.deviceKey, device?.deviceKeyHash ?? (await dummySecretHash()));
    if (!device || !keyOk) throw new DomainError('UNAUTHENTICATED', LOGIN_FAILED_MESSAGE);
    await this.rateLimits.forgiveLogin(values.macAddress, clientIp);
    return device;
  }

  /** The device and token a TV's bearer token stands for, or null for an unknown, revoked or expired one. */
  findByToken(token: string): Promise<TokenCaller | null> {
    return this.tokens.authenticate(token);
  }

  /**
   * Support tool: the device that holds this MAC address, or else the one that held it before a Switch MAC (the
   * latest such, from device_mac_changes); `formerMac` says which. Null when no device ever had it.
   */
  async findByAnyMac(mac: string): Promise<{ device: DeviceEntity; formerMac: boolean } | null> {
    const macAddress = validate(macAddressSchema, mac);
    const current = await this.findByMac(macAddress);
    if (current) return { device: current, formerMac: false };
    const change = await this.dataSource
      .getRepository(DeviceMacChangeEntity)
      .findOne({ where: { fromMac: macAddress }, order: { createdAt: 'DESC' } });
    const device = change ? await this.findById(change.deviceId) : null;
    return device ? { device, formerMac: true } : null;
  }

  /** Support tool: the device's MAC switches, oldest first. */
  macHistory(deviceId: string): Promise<DeviceMacChangeEntity[]> {
    return this.dataSource
      .getRepository(DeviceMacChangeEntity)
      .find({ where: { deviceId }, order: { createdAt: 'ASC' } });
  }

  /**
   * Support tool: gives a device a new random key, as the portal's key change does (changeDeviceKey): every portal
   * session ends and every TV is signed out, unless `keepTvsSignedIn`. Returns the key once.
   */
  async resetDeviceKey(
    deviceId: string,
    options: { keepTvsSignedIn?: boolean } = {},
  ): Promise<{ device: DeviceEntity; deviceKey: string; tvsSignedOut: number }> {
    const deviceKey = randomDigits(6);
    const changed = await this.changeDeviceKey(
      deviceId,
      { deviceKey, keepTvsSignedIn: options.keepTvsSignedIn ?? false },
      // No caller: no session of its own to keep, no current key to prove.
      { via: null, sessionId: undefined, clientIp: '' },
    );
    return { ...changed, deviceKey };
  }

  /**
   * Gives the device a new device key (6 digits), so whoever knew the old key is signed out: the portal session
   * making the change stays signed in, every other portal session of the device ends. The TV app (its token)
   * must give the current key, a guess counted like a sign-in's; its change keeps no portal session, even one
   * sent along with the token.
   */
  async changeDeviceKey(
    deviceId: string,
    input: ChangeDeviceKeyInput,
    caller: DeviceCaller,
  ): Promise<{ device: DeviceEntity; tvsSignedOut: number }> {
    const { deviceKey, currentDeviceKey, keepTvsSignedIn } = validate(changeDeviceKeySchema, input);
    const proved = caller.via === 'token' ? await this.proveCurrentKey(deviceId, currentDeviceKey) : undefined;
    const deviceKeyHash = await hashSecret(deviceKey);
    const keep = caller.via === 'session' ? caller.sessionId : undefined;
    return this.dataSource.transaction(async (manager) => {
      // The device first (gone: a Switch MAC absorbed it meanwhile, CONFLICT), then its sessions.
      const device = await lockDevice(manager, deviceId);
      // The key the TV proved was changed meanwhile: the proof no longer stands.
      if (proved !== undefined && device.deviceKeyHash !== proved) {
        throw new DomainError('CONFLICT', DEVICE_CHANGED_MESSAGE);
      }
      await manager.update(DeviceEntity, { id: deviceId }, { deviceKeyHash });
      await endSessions(manager, deviceId, keep);
      // A key that leaked may have been used to link a TV: a new key signs every TV out (but the one changing it),
      // unless the owner chose to keep them.
      const tvsSignedOut = keepTvsSignedIn
        ? 0
        : await this.tokens.revokeAll(manager, deviceId, caller.via === 'token' ? caller.tokenId : null);
      return { device: await manager.findOneByOrFail(DeviceEntity, { id: deviceId }), tvsSignedOut };
    });
  }

  /**
   * Sets the parent PIN (4 to 6 digits), stored as a salted hash. The TV app (its token) must give the current
   * PIN, a guess counted like the TV's PIN checks, so it cannot set a first one; the portal session and the
   * support tool (no caller) need not.
   */
  async changeParentPin(deviceId: string, input: ChangeParentPinInput, caller?: DeviceCaller): Promise<DeviceEntity> {
    const { pin, currentPin } = validate(changeParentPinSchema, input);
    const proved =
      caller?.via === 'token' ? await this.proveCurrentPin(deviceId, currentPin, caller.clientIp) : undefined;
    const parentPinHash = await hashSecret(pin);
    return this.dataSource.transaction(async (manager) => {
      const device = await lockDevice(manager, deviceId);
      // The PIN the TV proved was changed meanwhile: the proof no longer stands.
      if (proved !== undefined && device.parentPinHash !== proved) {
        throw new DomainError('CONFLICT', DEVICE_CHANGED_MESSAGE);
      }
      await manager.update(DeviceEntity, { id: deviceId }, { parentPinHash });
      return manager.findOneByOrFail(DeviceEntity, { id: deviceId });
    });
  }

  /**
   * A TV's proof that it knows the device key: the current one, counted as a guess at the device's key. Returns
   * the hash it was checked against, which the change then finds unchanged under the device's lock.
   */
  private async proveCurrentKey(deviceId: string, currentDeviceKey: string | null | undefined): Promise<string> {
    if (!currentDeviceKey) {
      const message = messages.tv.currentDeviceKeyRequired;
      throw new DomainError('FORBIDDEN', message, { currentDeviceKey: message });
    }
    const device = await this.findById(deviceId);
    if (!device) throw new DomainError('CONFLICT', DEVICE_SWITCHED_MESSAGE);
    await this.rateLimits.countKeyGuess(device.macAddress);
    if (!(await verifySecret(currentDeviceKey, device.deviceKeyHash))) {
      const message = messages.tv.currentDeviceKeyWrong;
      throw new DomainError('FORBIDDEN', message, { currentDeviceKey: message });
    }
    return device.deviceKeyHash;
  }

  /** A TV's proof that it knows the parent PIN: the current one, counted like a PIN check (as proveCurrentKey). */
  private async proveCurrentPin(
    deviceId: string,
    currentPin: string | null | undefined,
    clientIp: string,
  ): Promise<string> {
    const device = await this.findById(deviceId);
    if (!device) throw new DomainError('CONFLICT', DEVICE_SWITCHED_MESSAGE);
    const { parentPinHash } = device;
    if (parentPinHash === null) throw new DomainError('FORBIDDEN', messages.tv.noParentPinYet);
    if (!currentPin) {
      throw new DomainError('FORBIDDEN', messages.tv.currentPinRequired, {
        currentPin: messages.tv.currentPinRequired,
      });
    }
    if (!(await this.rateLimits.checkPin(deviceId, clientIp, () => verifySecret(currentPin, parentPinHash)))) {
      throw new DomainError('FORBIDDEN', messages.tv.currentPinWrong, { currentPin: messages.tv.currentPinWrong });
    }
    return parentPinHash;
  }

  /** Checks a parent PIN for the TV. Attempts are counted like sign-ins; no PIN set means no PIN matches. */
  async checkParentPin(device: DeviceEntity, input: CheckParentPinInput, clientIp: string): Promise<boolean> {
    const { pin } = validate(checkParentPinSchema, input);
    return this.rateLimits.checkPin(device.id, clientIp, async () => {
      // Hash even when no PIN is set, so timing does not tell whether one is.
      const right = await verifySecret(pin, device.parentPinHash ?? (await dummySecretHash()));
      return right && device.parentPinHash !== null;
    });
  }

  /**
   * Moves the device's licence, playlists, device key and parent PIN to another MAC address: the new TV's, which
   * its app registered on first launch. The owner proves they hold that TV with the device key it shows; an
   * unknown MAC and a wrong key get the same refusal in about the same time, so a switch never tells whether a
   * MAC is registered. Every attempt is counted against the switching device (a few a day) and, like a sign-in
   * guess, against the target MAC. The new TV's record is replaced: its playlists, TV tokens and payment history
   * move to this device, and the switch is recorded. Refused onto an activated device, and onto the device's own
   * MAC (answered before anything else). The old MAC's TV tokens are revoked.
   */
  async switchMac(device: DeviceEntity, input: SwitchMacInput): Promise<DeviceEntity> {
    // The device's own MAC is answered before anything else is asked: nothing to prove, nothing to count.
    const asked = macAddressSchema.safeParse((input as { macAddress?: unknown } | null | undefined)?.macAddress);
    if (asked.success && asked.data === device.macAddress) {
      throw new DomainError('CONFLICT', OWN_MAC_MESSAGE, { macAddress: OWN_MAC_MESSAGE });
    }
    const { macAddress, deviceKey } = validate(switchMacSchema, input);
    await this.rateLimits.countMacSwitch(device.id);
    await this.countSwitchKeyGuess(macAddress);
    const target = await this.findByMac(macAddress);
    // Hash even when there is no device, so timing does not tell which MAC addresses exist.
    const keyOk = await verifySecret(deviceKey, target?.deviceKeyHash ?? (await dummySecretHash()));
    if (!target || !keyOk) {
      throw new DomainError('FORBIDDEN', SWITCH_MAC_REFUSED_MESSAGE, { deviceKey: SWITCH_MAC_REFUSED_MESSAGE });
    }
    return this.switchOnto(device, target);
  }

  /**
   * Switch MAC proved by a link code instead of a device key: the new TV asked for the link with its own token,
   * which proves it holds `targetId`'s record (tv-link.service.ts). Counted against the switching device like
   * every switch; the same refusals as `switchMac` otherwise. `alsoInTransaction` (the link's approval) commits
   * or rolls back with the switch.
   */
  async switchMacByLink(
    device: DeviceEntity,
    targetId: string,
    macAddress: string,
    alsoInTransaction: (manager: EntityManager) => Promise<void>,
  ): Promise<DeviceEntity> {
    await this.rateLimits.countMacSwitch(device.id);
    const target = await this.dataSource.getRepository(DeviceEntity).findOneBy({ id: targetId });
    // The TV's record was replaced or changed MAC since it asked: the proof no longer stands.
    if (!target || target.macAddress !== macAddress) throw new DomainError('CONFLICT', SWITCH_MAC_RACED_MESSAGE);
    return this.switchOnto(device, target, alsoInTransaction);
  }

  private async switchOnto(
    device: DeviceEntity,
    target: DeviceEntity,
    alsoInTransaction?: (manager: EntityManager) => Promise<void>,
  ): Promise<DeviceEntity> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        const switched = await this.moveOnto(manager, device, target);
        await alsoInTransaction?.(manager);
        return switched;
      });
    } catch (err) {
      // Belt and braces: whatever else took the MAC meanwhile, the unique index refuses the second holder.
      if (isUniqueViolation(err, 'uq_devices_mac_address')) {
        throw new DomainError('CONFLICT', SWITCH_MAC_RACED_MESSAGE);
      }
      throw err;
    }
  }

  /** A guess at a MAC's device key through Switch MAC, counted with the sign-in guesses at that MAC. */
  private async countSwitchKeyGuess(macAddress: string): Promise<void> {
    try {
      await this.rateLimits.countKeyGuess(macAddress);
    } catch (err) {
      if (!(err instanceof DomainError) || err.code !== 'RATE_LIMITED') throw err;
      const minutes = Math.max(1, Math.ceil((err.retryAfterSeconds ?? 60) / 60));
      throw saidError(
        'RATE_LIMITED',
        messages.rateLimit.deviceKeys,
        { minutes },
        { retryAfterSeconds: err.retryAfterSeconds },
      );
    }
  }

  /** The switch itself, once the key of `target` (the record holding the new MAC) was found right. */
  private async moveOnto(manager: EntityManager, device: DeviceEntity, target: DeviceEntity): Promise<DeviceEntity> {
    const macAddress = target.macAddress;
    // Both rows locked in a fixed order, so two switches touching the same records cannot interleave.
    const rows = await manager
      .createQueryBuilder(DeviceEntity, 'd')
      .setLock('pessimistic_write')
      .where('d.id = :id OR d.mac_address = :mac', { id: device.id, mac: macAddress })
      .orderBy('d.id')
      .getMany();
    const self = rows.find((row) => row.id === device.id);
    // This device was itself absorbed by another switch, onto its MAC, a moment ago.
    if (!self) throw new DomainError('CONFLICT', DEVICE_SWITCHED_MESSAGE);
    if (self.macAddress === macAddress) {
      throw new DomainError('CONFLICT', OWN_MAC_MESSAGE, { macAddress: OWN_MAC_MESSAGE });
    }
    const replaced = rows.find((row) => row.id !== device.id);
    // The key was checked against `target` before the lock: if another switch has since taken that record (or
    // the MAC), or its key changed, the check no longer stands.
    if (!replaced || replaced.id !== target.id) throw new DomainError('CONFLICT', SWITCH_MAC_RACED_MESSAGE);
    if (replaced.deviceKeyHash !== target.deviceKeyHash) {
      const message = messages.switchMac.keyChanged;
      throw new DomainError('CONFLICT', message, { deviceKey: message });
    }
    if (this.standing(replaced).status === 'ACTIVE') {
      const message = messages.switchMac.activated;
      throw new DomainError('CONFLICT', message, { macAddress: message });
    }
    const now = new Date();
    await manager.update(DeviceTokenEntity, { deviceId: self.id, revokedAt: IsNull() }, { revokedAt: now });
    const movedPlaylists = await this.absorbPlaylists(manager, replaced.id, self.id);
    // The new TV keeps working: its token now opens this device.
    await manager.update(DeviceTokenEntity, { deviceId: replaced.id }, { deviceId: self.id });
    // Its payment history comes along (the tables refuse to lose it).
    await manager.query(`UPDATE activations SET device_id = $1 WHERE device_id = $2`, [self.id, replaced.id]);
    await manager.query(`UPDATE payments SET device_id = $1 WHERE device_id = $2`, [self.id, replaced.id]);
    await endSessions(manager, replaced.id);
    await manager.delete(DeviceEntity, { id: replaced.id });
    await manager.update(DeviceEntity, { id: self.id }, { macAddress });
    await manager.insert(DeviceMacChangeEntity, {
      deviceId: self.id,
      fromMac: self.macAddress,
      toMac: macAddress,
      replacedDeviceId: replaced.id,
      movedPlaylists,
    });
    return manager.findOneByOrFail(DeviceEntity, { id: self.id });
  }

  /**
   * Moves every playlist of one device to another. A name already used on the target gets a suffix rather
   * than being dropped: nothing is silently deleted.
   */
  private async absorbPlaylists(manager: EntityManager, fromId: string, toId: string): Promise<number> {
    const incoming = await manager.findBy(PlaylistEntity, { deviceId: fromId });
    if (!incoming.length) return 0;
    const taken = new Set(
      (await manager.find(PlaylistEntity, { where: { deviceId: toId }, select: { name: true } })).map((p) =>
        p.name.toLowerCase(),
      ),
    );
    for (const playlist of incoming) {
      let name = playlist.name;
      for (let n = 2; taken.has(name.toLowerCase()); n += 1) {
        const suffix = ` (${n})`;
        name = `${playlist.name.slice(0, 100 - suffix.length)}${suffix}`;
      }
      taken.add(name.toLowerCase());
      await manager.update(PlaylistEntity, { id: playlist.id }, { deviceId: toId, name });
    }
    return incoming.length;
  }
}

/** Deletes the portal sessions of a device, except the one given. */
async function endSessions(manager: EntityManager, deviceId: string, exceptSid?: string): Promise<void> {
  await manager.query(`DELETE FROM sessions WHERE sess ->> 'deviceId' = $1 AND sid <> $2`, [deviceId, exceptSid ?? '']);
}
