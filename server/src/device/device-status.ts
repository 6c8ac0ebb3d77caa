import type { DeviceEntity } from './device.entity';

export type DeviceStatus = 'INACTIVE' | 'TRIAL' | 'ACTIVE';

export interface DeviceStanding {
  status: DeviceStatus;
  /** The spec's is_trial code: 0 inactive, 1 trial, 2 active. */
  isTrial: 0 | 1 | 2;
  /** End of the licence or trial that applies (or last applied); null for a lifetime licence. */
  expireDate: Date | null;
}

const DAY_MS = 86_400_000;

/** When a device's trial ends: its creation plus the trial's days (TRIAL_DAYS). The one place this is counted. */
export function trialEndOf(device: { createdAt: Date }, trialDays: number): Date {
  return new Date(device.createdAt.getTime() + trialDays * DAY_MS);
}

/**
 * Derives where a device stands from its stored dates: a paid licence wins while it runs, then the trial
 * (creation + trialDays), otherwise inactive since whichever ended last.
 */
export function deviceStanding(
  device: Pick<DeviceEntity, 'createdAt' | 'licenceExpiresAt' | 'licenceLifetime'>,
  trialDays: number,
  now: Date = new Date(),
): DeviceStanding {
  if (device.licenceLifetime) return { status: 'ACTIVE', isTrial: 2, expireDate: null };
  const licenceEnd = device.licenceExpiresAt;
  if (licenceEnd && licenceEnd > now) return { status: 'ACTIVE', isTrial: 2, expireDate: licenceEnd };
  const trialEnd = trialEndOf(device, trialDays);
  if (trialEnd > now) return { status: 'TRIAL', isTrial: 1, expireDate: trialEnd };
  const lastEnd = licenceEnd && licenceEnd > trialEnd ? licenceEnd : trialEnd;
  return { status: 'INACTIVE', isTrial: 0, expireDate: lastEnd };
}
