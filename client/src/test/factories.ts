import type { DeviceFieldsFragment } from '../__generated__/graphql';

type DeviceResult = DeviceFieldsFragment & { __typename: 'Device' };

/** A signed-in device as the graph returns it, in its trial unless overridden. */
export function buildDevice(overrides: Partial<DeviceResult> = {}): DeviceResult {
  return {
    __typename: 'Device',
    id: 'device-1',
    macAddress: 'a1:b2:c3:d4:e5:f6',
    status: 'TRIAL',
    isTrial: 1,
    createdAt: '2026-11-14T09:30:00.000Z',
    expireDate: '2026-11-21T09:30:00.000Z',
    ...overrides,
  };
}
