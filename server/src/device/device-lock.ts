import type { EntityManager } from 'typeorm';
import { messages } from '../../../common/messages';
import { DomainError } from '../common/errors';
import { DeviceEntity } from './device.entity';

/** A device's record was absorbed by a Switch MAC onto its MAC while a change to it was under way. */
export const DEVICE_SWITCHED_MESSAGE = messages.race.switched;
/** What a change had checked (a current key or PIN) was changed by another request before it could apply. */
export const DEVICE_CHANGED_MESSAGE = messages.race.concurrent;

/**
 * Locks a device's row for the rest of `manager`'s transaction, and reads it: the first step of every change to a
 * device or to what it owns (settings, playlists, TV tokens, link codes), so that a change and a Switch MAC, which
 * locks the device rows before touching anything that hangs off them, queue on that row instead of deadlocking
 * over a playlist or a session. `FOR NO KEY UPDATE`: the foreign-key checks of rows added meanwhile (a token, a
 * payment) are not held up.
 *
 * A row that is gone was absorbed into another device by a Switch MAC onto its MAC (the only way a device
 * goes), between the request's authentication and this lock: CONFLICT, nothing changed. The caller's TV token now
 * opens the device that absorbed it, so a TV that tries again goes on there; a portal session of the absorbed
 * record has ended.
 */
export async function lockDevice(manager: EntityManager, deviceId: string): Promise<DeviceEntity> {
  const device = await manager
    .createQueryBuilder(DeviceEntity, 'd')
    .setLock('for_no_key_update')
    .where('d.id = :id', { id: deviceId })
    .getOne();
  if (!device) throw new DomainError('CONFLICT', DEVICE_SWITCHED_MESSAGE);
  return device;
}

/** A device's row locked `FOR UPDATE`, or null when it is gone: what a TV token's writers take before the token. */
export function lockDeviceForToken(manager: EntityManager, deviceId: string): Promise<DeviceEntity | null> {
  return manager
    .createQueryBuilder(DeviceEntity, 'd')
    .setLock('pessimistic_write')
    .where('d.id = :id', { id: deviceId })
    .getOne();
}
