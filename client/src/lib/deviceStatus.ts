import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { DeviceStatus } from '../__generated__/graphql';

/** The status names the portal shows: Inactive, Trial, Active. */
export function deviceStatusLabel(status: DeviceStatus): 'Inactive' | 'Trial' | 'Active' {
  if (status === 'INACTIVE') return 'Inactive';
  if (status === 'TRIAL') return 'Trial';
  return 'Active';
}

const STATUS_MESSAGES = defineMessages({
  Inactive: { id: 'account.status.inactive', defaultMessage: 'Inactive' },
  Trial: { id: 'account.status.trial', defaultMessage: 'Trial' },
  Active: { id: 'account.status.active', defaultMessage: 'Active' },
});

/** A status name as the page says it (`intl.formatMessage(deviceStatusMessage(status))`). */
export function deviceStatusMessage(status: DeviceStatus): MessageDescriptor {
  return STATUS_MESSAGES[deviceStatusLabel(status)];
}
