import type { Device } from '../__generated__/resolvers-types';
import type { DeviceStanding } from '../device/device-status';
import type { DeviceEntity } from '../device/device.entity';

type Reader = (device: DeviceEntity, standing: DeviceStanding) => unknown;

/**
 * The Device fields a safelisted operation may read (graphql/safelist.ts refuses any other at start-up), each with
 * what its answer is made of. The one list both sides read: the TV start-up's ETag (tv-startup-cache.ts) is built
 * from exactly these, so a field a TV reads can never be left out of it and give TVs a stale 304.
 */
export const TAGGED_DEVICE_FIELDS = {
  id: (device) => device.id,
  macAddress: (device) => device.macAddress,
  // The standing moves with the clock as well as with writes (a trial ends): read now, not from the row alone.
  status: (_device, standing) => standing.status,
  isTrial: (_device, standing) => standing.isTrial,
  createdAt: (device) => device.createdAt.getTime(),
  expireDate: (_device, standing) => standing.expireDate?.getTime() ?? null,
  hasParentPin: (device) => device.parentPinHash !== null,
  model: (device) => device.model,
  appVersion: (device) => device.appVersion,
  // Moved by a database trigger on every change to the device's playlists: covers the root `playlists` field too.
  playlistsVersion: (device) => device.playlistsVersion,
  __typename: () => 'Device',
} satisfies Partial<Record<keyof Device, Reader>>;

/** What the device-scoped safelisted operations can read of a device, now, as one string. */
export function deviceTag(device: DeviceEntity, standing: DeviceStanding): string {
  return JSON.stringify(Object.values(TAGGED_DEVICE_FIELDS).map((read: Reader) => read(device, standing)));
}
