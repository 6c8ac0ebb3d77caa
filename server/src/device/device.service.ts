import type { DataSource, EntityManager } from 'typeorm';
import { IsNull } from 'typeorm';
import { z } from 'zod';
import {
  loginSchema,
  macAddressSchema,
  newDeviceKeySchema,
  parentPinSchema,
  registerDeviceSchema,
  type LoginInput,
} from '../../../common/validation';
import { DomainError } from '../common/errors';
import { dummySecretHash, hashSecret, hashToken, randomDigits, randomToken, verifySecret } from '../common/secrets';
import { validate } from '../common/validate';
import type { AuthenticatedVia } from '../auth/authenticate';
import type { RateLimits } from '../auth/rate-limits';
import type { CaptchaService } from '../captcha/captcha.service';
import { PlaylistEntity } from '../playlist/playlist.entity';
import { DeviceMacChangeEntity } from './device-mac-change.entity';
import { DeviceTokenEntity } from './device-token.entity';
import { DeviceEntity } from './device.entity';
import { deviceStanding, type DeviceStanding } from './device-status';

/** The one answer to every failed sign-in, whichever field was wrong. */
export const LOGIN_FAILED_MESSAGE = 'The MAC address, device key or captcha is incorrect.';
export const LOGIN_SUCCESS_MESSAGE = 'Signed in successfully.';

const changeDeviceKeySchema = z.object({ deviceKey: newDeviceKeySchema });
const changeParentPinSchema = z.object({ pin: parentPinSchema });
const checkParentPinSchema = z.object({
  pin: z.string({ error: 'PIN is required' }).min(1, 'PIN is required').max(64, 'PIN must be at most 64 characters'),
});
const switchMacSchema = z.object({ macAddress: macAddressSchema });

/**
 * What the calls take (their schemas' input), as the graph types it. The calls still validate what they are
 * given, since a REST body (cast at its adapter) can hold anything.
 */
export type RegisterDeviceInput = z.input<typeof registerDeviceSchema>;
export type ChangeDeviceKeyInput = z.input<typeof changeDeviceKeySchema>;
export type ChangeParentPinInput = z.input<typeof changeParentPinSchema>;
export type CheckParentPinInput = z.input<typeof checkParentPinSchema>;
export type SwitchMacInput = z.input<typeof switchMacSchema>;

/** Who makes a change to a device: a portal session or the TV app by its token (authenticate's answer). */
export interface DeviceCaller {
  via: AuthenticatedVia | null;
  /** The request's session id (express-session's req.sessionID), if it has one. */
  sessionId: string | undefined;
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
  ) {}

  standing(device: DeviceEntity, now?: Date): DeviceStanding {
    return deviceStanding(device, this.options.trialDays, now);
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
    const deviceToken = randomToken();
    const deviceKeyHash = await hashSecret(deviceKey);
    const device = await this.dataSource.transaction(async (manager) => {
      const inserted = await manager
        .createQueryBuilder()
        .insert()
        .into(DeviceEntity)
        .values({
          macAddress: values.macAddress,
          deviceKeyHash,
          model: values.model ?? null,
          appVersion: values.appVersion ?? null,
        })
        .orIgnore()
        .returning('*')
        .execute();
      const id = (inserted.raw as Array<{ id: string }>)[0]?.id;
      if (!id) {
        throw new DomainError(
          'CONFLICT',
          'This MAC address is already registered. Use the device key shown in the app, or contact support to reset it.',
        );
      }
      await manager.insert(DeviceTokenEntity, { deviceId: id, tokenHash: hashToken(deviceToken) });
      return manager.findOneByOrFail(DeviceEntity, { id });
    });
    return { device, deviceKey, deviceToken };
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

  /** The device a TV token belongs to, or null for an unknown or revoked token. */
  findByToken(token: string): Promise<DeviceEntity | null> {
    return this.dataSource
      .getRepository(DeviceEntity)
      .createQueryBuilder('d')
      .innerJoin(DeviceTokenEntity, 't', 't.device_id = d.id')
      .where('t.token_hash = :hash AND t.revoked_at IS NULL', { hash: hashToken(token) })
      .getOne();
  }

  /** Support tool: gives a device a new random key, ending its portal sessions. Returns the key once. */
  async resetDeviceKey(mac: string): Promise<{ device: DeviceEntity; deviceKey: string }> {
    const macAddress = validate(macAddressSchema, mac);
    const deviceKey = randomDigits(6);
    const deviceKeyHash = await hashSecret(deviceKey);
    const device = await this.dataSource.transaction(async (manager) => {
      const found = await manager.findOneBy(DeviceEntity, { macAddress });
      if (!found) throw new DomainError('NOT_FOUND', `No device is registered with the MAC address ${macAddress}.`);
      await manager.update(DeviceEntity, { id: found.id }, { deviceKeyHash });
      await endSessions(manager, found.id);
      return found;
    });
    return { device, deviceKey };
  }

  /**
   * Gives the device a new device key (6 digits), so whoever knew the old key is signed out: the portal session
   * making the change stays signed in, every other portal session of the device ends. A change by the TV app
   * (its token) keeps no portal session, even one sent along with the token.
   */
  async changeDeviceKey(deviceId: string, input: ChangeDeviceKeyInput, caller: DeviceCaller): Promise<DeviceEntity> {
    const { deviceKey } = validate(changeDeviceKeySchema, input);
    const deviceKeyHash = await hashSecret(deviceKey);
    const keep = caller.via === 'session' ? caller.sessionId : undefined;
    return this.dataSource.transaction(async (manager) => {
      await manager.update(DeviceEntity, { id: deviceId }, { deviceKeyHash });
      await endSessions(manager, deviceId, keep);
      return manager.findOneByOrFail(DeviceEntity, { id: deviceId });
    });
  }

  /** Sets the parent PIN (4 to 6 digits), stored as a salted hash. */
  async changeParentPin(deviceId: string, input: ChangeParentPinInput): Promise<DeviceEntity> {
    const { pin } = validate(changeParentPinSchema, input);
    const parentPinHash = await hashSecret(pin);
    const repository = this.dataSource.getRepository(DeviceEntity);
    await repository.update({ id: deviceId }, { parentPinHash });
    return repository.findOneByOrFail({ id: deviceId });
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
   * Moves the device's licence, playlists, device key and parent PIN to another MAC address. A record already holding that MAC (the new TV's app registered it) is replaced: its playlists and its
   * TV tokens move to this device, and the switch is recorded. Refused onto an activated device. The old MAC's
   * TV tokens are revoked.
   */
  async switchMac(device: DeviceEntity, input: SwitchMacInput): Promise<DeviceEntity> {
    const { macAddress } = validate(switchMacSchema, input);
    if (macAddress === device.macAddress) {
      throw new DomainError('CONFLICT', 'This device already has that MAC address.', {
        macAddress: 'This device already has that MAC address.',
      });
    }
    await this.rateLimits.countMacSwitch(device.id);
    return this.dataSource.transaction(async (manager) => {
      // Both rows locked in a fixed order, so two switches touching the same records cannot interleave.
      const rows = await manager
        .createQueryBuilder(DeviceEntity, 'd')
        .setLock('pessimistic_write')
        .where('d.id = :id OR d.mac_address = :mac', { id: device.id, mac: macAddress })
        .orderBy('d.id')
        .getMany();
      const self = rows.find((row) => row.id === device.id);
      if (!self) throw new DomainError('UNAUTHENTICATED', 'This device no longer exists. Please sign in again.');
      const replaced = rows.find((row) => row.id !== device.id) ?? null;
      if (replaced && this.standing(replaced).status === 'ACTIVE') {
        const message = 'That MAC address belongs to an activated device, so it cannot be replaced.';
        throw new DomainError('CONFLICT', message, { macAddress: message });
      }
      const now = new Date();
      await manager.update(DeviceTokenEntity, { deviceId: self.id, revokedAt: IsNull() }, { revokedAt: now });
      let movedPlaylists = 0;
      if (replaced) {
        movedPlaylists = await this.absorbPlaylists(manager, replaced.id, self.id);
        // The new TV keeps working: its token now opens this device.
        await manager.update(DeviceTokenEntity, { deviceId: replaced.id }, { deviceId: self.id });
        // Its payment history comes along (the tables refuse to lose it).
        await manager.query(`UPDATE activations SET device_id = $1 WHERE device_id = $2`, [self.id, replaced.id]);
        await manager.query(`UPDATE payments SET device_id = $1 WHERE device_id = $2`, [self.id, replaced.id]);
        await endSessions(manager, replaced.id);
        await manager.delete(DeviceEntity, { id: replaced.id });
      }
      await manager.update(DeviceEntity, { id: self.id }, { macAddress });
      await manager.insert(DeviceMacChangeEntity, {
        deviceId: self.id,
        fromMac: self.macAddress,
        toMac: macAddress,
        replacedDeviceId: replaced?.id ?? null,
        movedPlaylists,
      });
      return manager.findOneByOrFail(DeviceEntity, { id: self.id });
    });
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
export async function endSessions(manager: EntityManager, deviceId: string, exceptSid?: string): Promise<void> {
  await manager.query(`DELETE FROM sessions WHERE sess ->> 'deviceId' = $1 AND sid <> $2`, [deviceId, exceptSid ?? '']);
}
