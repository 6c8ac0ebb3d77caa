import type { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';
import { messages } from '../../../common/messages';
import { registerDeviceSchema } from '../../../common/validation';
import { DomainError } from '../common/errors';
import { hashToken, randomToken } from '../common/secrets';
import { validate } from '../common/validate';
import { DeviceTokenEntity } from './device-token.entity';
import { DeviceEntity } from './device.entity';
import { UUID } from '../db/constraints';
import { DEVICE_SWITCHED_MESSAGE, lockDevice, lockDeviceForToken } from './device-lock';

/** The one answer to a bearer token that opens nothing: unknown, malformed, revoked, renewed or expired. */
export const INVALID_TOKEN_MESSAGE = 'The device token is missing, malformed or no longer valid.';

const reportAppVersionSchema = z.object({ appVersion: registerDeviceSchema.shape.appVersion });
export type ReportAppVersionInput = z.input<typeof reportAppVersionSchema>;

/** A token's last use is written when the one stored is older than this: reads by a TV fleet mostly write nothing. */
const LAST_USE_RESOLUTION_MS = 86_400_000;

/** The TV holding a token, carried from token to token when it is renewed. */
export interface TokenHolder {
  model: string | null;
  appVersion: string | null;
  /** When the TV signed in; now for a new TV. */
  signedInAt?: Date;
}

export interface IssuedToken {
  /** The token row's id (what the portal's list shows and signs out). */
  id: string;
  /** Shown once; only its hash is stored. */
  token: string;
}

/** What a valid bearer token stands for. */
export interface TokenCaller {
  device: DeviceEntity;
  tokenId: string;
}

/**
 * The lifecycle of TV tokens (device_tokens): issued at registration or renewal, used as a bearer token until it
 * is renewed, revoked from the portal (or by Switch MAC) or left unused for `idleDays`.
 */
export class DeviceTokenService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly options: { idleDays: number },
  ) {}

  /** A new token for a TV of the device, in `manager`'s transaction when given. The token is returned once. */
  async issue(deviceId: string, holder: TokenHolder, manager?: EntityManager): Promise<IssuedToken> {
    const token = randomToken();
    const inserted = await (manager ?? this.dataSource.manager).insert(DeviceTokenEntity, {
      deviceId,
      tokenHash: hashToken(token),
      model: holder.model,
      appVersion: holder.appVersion,
      ...(holder.signedInAt ? { signedInAt: holder.signedInAt } : {}),
    });
    return { id: (inserted.identifiers[0] as { id: string }).id, token };
  }

  /**
   * The device and token a bearer token stands for, or null when it opens nothing: unknown, revoked, or unused
   * for longer than `idleDays`. A use is written at most once a day per token (and then by one request only),
   * so the fleet's reads do not each write.
   */
  async authenticate(token: string): Promise<TokenCaller | null> {
    const found = await this.dataSource
      .getRepository(DeviceTokenEntity)
      .createQueryBuilder('t')
      .innerJoinAndSelect('t.device', 'd')
      .where('t.token_hash = :hash AND t.revoked_at IS NULL', { hash: hashToken(token) })
      .andWhere('t.last_used_at > now() - make_interval(days => :idleDays)', { idleDays: this.options.idleDays })
      .getOne();
    if (!found?.device) return null;
    if (Date.now() - found.lastUsedAt.getTime() >= LAST_USE_RESOLUTION_MS) {
      await this.dataSource.query(
        `UPDATE device_tokens SET last_used_at = now() WHERE id = $1 AND last_used_at < now() - interval '1 day'`,
        [found.id],
      );
    }
    return { device: found.device, tokenId: found.id };
  }

  /**
   * Gives the calling TV a new token and revokes the one it called with; the new token is returned once and
   * keeps the TV's model, app version and sign-in time.
   */
  async renew(tokenId: string): Promise<{ device: DeviceEntity; deviceToken: string }> {
    return this.dataSource.transaction(async (manager) => {
      const current = await manager.findOneBy(DeviceTokenEntity, { id: tokenId });
      // The device row first, then the token: the order Switch MAC takes them in, so the two cannot deadlock.
      const device = current ? await lockDeviceForToken(manager, current.deviceId) : null;
      if (!current || !device || !(await revokeToken(manager, device.id, tokenId))) {
        // Still valid, but no longer on the device it was read with: a Switch MAC moved it meanwhile (with the
        // record it belonged to) onto the device that absorbed it, which it now opens. Asked again, it renews there.
        const [valid] = (await manager.query(`SELECT 1 FROM device_tokens WHERE id = $1 AND revoked_at IS NULL`, [
          tokenId,
        ])) as unknown[];
        if (current && valid) throw new DomainError('CONFLICT', DEVICE_SWITCHED_MESSAGE);
        // Renewed or revoked by another request meanwhile: nothing to renew.
        throw new DomainError('UNAUTHENTICATED', INVALID_TOKEN_MESSAGE);
      }
      const issued = await this.issue(
        device.id,
        { model: current.model, appVersion: current.appVersion, signedInAt: current.signedInAt },
        manager,
      );
      return { device, deviceToken: issued.token };
    });
  }

  /** Records the app version the calling TV runs, on its token and on the device. */
  async reportAppVersion(caller: TokenCaller, input: ReportAppVersionInput): Promise<DeviceEntity> {
    const { appVersion } = validate(reportAppVersionSchema, input);
    return this.dataSource.transaction(async (manager) => {
      // The device first, as every change to it (gone: a Switch MAC absorbed it meanwhile, CONFLICT).
      await lockDevice(manager, caller.device.id);
      // Written only when it changed: a TV reports its version on every start.
      await manager.query(`UPDATE devices SET app_version = $2 WHERE id = $1 AND app_version IS DISTINCT FROM $2`, [
        caller.device.id,
        appVersion,
      ]);
      await manager.query(
        `UPDATE device_tokens SET app_version = $2 WHERE id = $1 AND app_version IS DISTINCT FROM $2`,
        [caller.tokenId, appVersion],
      );
      return manager.findOneByOrFail(DeviceEntity, { id: caller.device.id });
    });
  }

  /** The TVs signed in to the device: its tokens neither revoked nor expired, the most recently seen first. */
  listSignedIn(deviceId: string): Promise<DeviceTokenEntity[]> {
    return this.dataSource
      .getRepository(DeviceTokenEntity)
      .createQueryBuilder('t')
      .where('t.device_id = :deviceId AND t.revoked_at IS NULL', { deviceId })
      .andWhere('t.last_used_at > now() - make_interval(days => :idleDays)', { idleDays: this.options.idleDays })
      .orderBy('t.last_used_at', 'DESC')
      .addOrderBy('t.signed_in_at', 'DESC')
      .addOrderBy('t.id')
      .getMany();
  }

  /**
   * Signs one of the device's TVs out: its token stops working at once. Another device's token, one already
   * signed out and an id that is no token at all are answered alike (NOT_FOUND).
   */
  async revoke(deviceId: string, id: string): Promise<string> {
    if (!UUID.test(id) || !(await revokeToken(this.dataSource.manager, deviceId, id))) {
      throw new DomainError('NOT_FOUND', messages.tv.notSignedIn);
    }
    return id;
  }

  /** Signs out every TV of the device but `exceptTokenId`'s, in `manager`'s transaction; how many were signed in. */
  async revokeAll(manager: EntityManager, deviceId: string, exceptTokenId?: string | null): Promise<number> {
    const [, affected] = (await manager.query(
      `UPDATE device_tokens SET revoked_at = now()
        WHERE device_id = $1 AND revoked_at IS NULL AND id IS DISTINCT FROM $2::uuid
          AND last_used_at > now() - make_interval(days => $3)`,
      [deviceId, exceptTokenId ?? null, this.options.idleDays],
    )) as [unknown[], number];
    // Tokens already expired by idleness are revoked too (they open nothing either way) but not counted.
    await manager.query(
      `UPDATE device_tokens SET revoked_at = now()
        WHERE device_id = $1 AND revoked_at IS NULL AND id IS DISTINCT FROM $2::uuid`,
      [deviceId, exceptTokenId ?? null],
    );
    return affected;
  }
}

/** Revokes one token of the device if it is still valid; whether it did. */
async function revokeToken(manager: EntityManager, deviceId: string, id: string): Promise<boolean> {
  // For an UPDATE, TypeORM's query() answers [rows, affected row count].
  const [, affected] = (await manager.query(
    `UPDATE device_tokens SET revoked_at = now() WHERE id = $1 AND device_id = $2 AND revoked_at IS NULL`,
    [id, deviceId],
  )) as [unknown[], number];
  return affected === 1;
}
