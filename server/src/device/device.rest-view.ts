import type { DeviceEntity } from './device.entity';
import type { DeviceService } from './device.service';

/** The device as the legacy portal reads it (its field names); secrets never included. */
export function legacyDevice(device: DeviceEntity, devices: DeviceService) {
  const standing = devices.standing(device);
  return {
    mac_address: device.macAddress,
    is_trial: standing.isTrial,
    created_time: device.createdAt.toISOString(),
    expire_date: standing.expireDate?.toISOString() ?? null,
  };
}
