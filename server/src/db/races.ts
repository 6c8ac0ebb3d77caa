import { messages } from '../../../common/messages';
import { DomainError } from '../common/errors';

/**
 * Telling "another request got in the way" from real faults, so the transports answer CONFLICT (409, try again)
 * instead of a 500. The services take their locks in one order (a device's row before what hangs off it:
 * device/device-lock.ts) and say so themselves; this is the net under them, for a statement the database itself
 * refused because of a concurrent one. Nothing of the refused transaction was committed.
 */

/** PostgreSQL rolled the transaction back: deadlock_detected, serialization_failure. */
const ROLLED_BACK = new Set(['40P01', '40001']);

/** The foreign keys onto `devices` (fk_device_tokens_device, fk_playlists_device, fk_tv_links_requester_device…). */
const ONTO_DEVICES = /^fk_[a-z_]+_device$/;

interface DriverError {
  code?: unknown;
  constraint?: unknown;
  detail?: unknown;
}

/**
 * The refusal a failed statement stands for when it lost a race, or undefined for anything else:
 * - a transaction rolled back by a deadlock or a serialization failure: CONFLICT, try again;
 * - a row naming a device that is no longer there (a foreign key onto `devices`): the device was absorbed by a
 *   Switch MAC onto its MAC between the request's authentication and the write, the only way a device goes.
 */
export function raceRefusal(err: unknown): DomainError | undefined {
  if (!err || typeof err !== 'object') return undefined;
  const driverError = ((err as { driverError?: DriverError }).driverError ?? err) as DriverError;
  if (typeof driverError.code !== 'string') return undefined;
  if (ROLLED_BACK.has(driverError.code)) return new DomainError('CONFLICT', messages.race.concurrent);
  if (
    driverError.code === '23503' &&
    typeof driverError.constraint === 'string' &&
    ONTO_DEVICES.test(driverError.constraint) &&
    typeof driverError.detail === 'string' &&
    driverError.detail.includes('is not present in table "devices"')
  ) {
    return new DomainError('CONFLICT', messages.race.switched);
  }
  return undefined;
}
