import type { DeviceStatus } from '../__generated__/graphql';

/** The status names the portal shows: Inactive, Trial, Active. */
export function deviceStatusLabel(status: DeviceStatus): 'Inactive' | 'Trial' | 'Active' {
  if (status === 'INACTIVE') return 'Inactive';
  if (status === 'TRIAL') return 'Trial';
  return 'Active';
}
