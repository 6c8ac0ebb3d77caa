import type { Request } from 'express';
import { DomainError } from '../common/errors';
import type { DeviceEntity } from '../device/device.entity';
import type { DeviceService } from '../device/device.service';

export type AuthenticatedVia = 'session' | 'token';

export interface Authentication {
  device: DeviceEntity | null;
  via: AuthenticatedVia | null;
}

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{20,200})\s*$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Who is calling: a TV app with `Authorization: Bearer <device token>`, or the portal with its session
 * cookie. A token that is present but wrong is an error rather than an anonymous call, so a TV app learns at
 * once that it must register again. A session whose device is gone (or that names none) is signed out.
 */
export async function authenticate(req: Request, devices: DeviceService): Promise<Authentication> {
  const header = req.headers.authorization;
  if (header) {
    const token = BEARER.exec(header)?.[1];
    const device = token ? await devices.findByToken(token) : null;
    if (!device) throw new DomainError('UNAUTHENTICATED', 'The device token is missing, malformed or no longer valid.');
    return { device, via: 'token' };
  }
  const deviceId = req.session?.deviceId;
  const device = typeof deviceId === 'string' && UUID.test(deviceId) ? await devices.findById(deviceId) : null;
  return device ? { device, via: 'session' } : { device: null, via: null };
}

export function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}
