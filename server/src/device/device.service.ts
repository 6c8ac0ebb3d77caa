import type { DataSource, EntityManager } from 'typeorm';
import { IsNull } from 'typeorm';
import { loginSchema, macAddressSchema, registerDeviceSchema } from '../../../common/validation';
import { DomainError } from '../common/errors';
import { dummySecretHash, hashSecret, hashToken, randomDigits, randomToken, verifySecret } from '../common/secrets';
import { validate } from '../common/validate';
import type { RateLimits } from '../auth/rate-limits';
import type { CaptchaService } from '../captcha/captcha.service';
import { DeviceTokenEntity } from './device-token.entity';
import { DeviceEntity } from './device.entity';
import { deviceStanding, type DeviceStanding } from './device-status';

/** The one answer to every failed sign-in, whichever field was wrong. */
export const LOGIN_FAILED_MESSAGE = 'The MAC address, device key or captcha is incorrect.';
export const LOGIN_SUCCESS_MESSAGE = 'Signed in successfully.';

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
  async register(input: unknown, clientIp: string): Promise<RegisteredDevice> {
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
   * Checks a portal sign-in. Every attempt is counted against the MAC and the client address before anything
   * is checked, the captcha is spent whatever the outcome, and every failure gets the same answer.
   */
  async login(input: unknown, clientIp: string): Promise<DeviceEntity> {
    const values = validate(loginSchema, input);
    await this.rateLimits.countLoginAttempt(values.macAddress, clientIp);
    const captchaOk = await this.captcha.consume(values.captchaToken, values.captcha);
    const device = await this.findByMac(values.macAddress);
    // Hash even when there is no device, so timing does not tell which MAC addresses exist.
    const keyOk = await verifySecret(values.deviceKey, device?.deviceKeyHash ?? (await dummySecretHash()));
    if (!captchaOk || !device || !keyOk) throw new DomainError('UNAUTHENTICATED', LOGIN_FAILED_MESSAGE);
    await this.rateLimits.forgiveLogin(values.macAddress, clientIp);
    return device;
  }

  /** The device a TV token belongs to, or null for an unknown or revoked token. */
  async findByToken(token: string): Promise<DeviceEntity | null> {
    const row = await this.dataSource.getRepository(DeviceTokenEntity).findOne({
      where: { tokenHash: hashToken(token), revokedAt: IsNull() },
      relations: { device: true },
    });
    return row?.device ?? null;
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
}

/** Deletes the portal sessions of a device, except the one given. */
export async function endSessions(manager: EntityManager, deviceId: string, exceptSid?: string): Promise<void> {
  await manager.query(`DELETE FROM sessions WHERE sess ->> 'deviceId' = $1 AND sid <> $2`, [deviceId, exceptSid ?? '']);
}
