import type { Request } from 'express';
import { InvalidTokenError } from '../common/errors';
import { INVALID_TOKEN_MESSAGE } from '../device/device-token.service';
import type { DeviceService } from '../device/device.service';
import { UUID } from '../db/constraints';
import type { Caller } from './caller';

/** `Bearer <token>`; the scheme's name in any case (RFC 7235 §2.1: `bearer`, `BEARER` are the same scheme). */
const BEARER = /^Bearer\s+([A-Za-z0-9_-]{20,200})\s*$/i;

/**
 * Who is calling: a TV app with `Authorization: Bearer <device token>`, or the portal with its session
 * cookie. A token that is present but opens nothing (unknown, malformed, revoked, renewed, or unused for longer
 * than DEVICE_TOKEN_IDLE_DAYS) is an error rather than an anonymous call (401, RFC 6750 `invalid_token`), so a
 * TV app learns at once that it is signed out. A session whose device is gone (or that names none) is signed out.
 * The answer, whatever it is, says `Vary: Authorization, Cookie`.
 */
export async function authenticate(req: Request, devices: DeviceService): Promise<Caller> {
  // The answer depends on who is calling, told by these headers: no cache may hand it to another caller.
  req.res?.vary('Authorization').vary('Cookie');
  const header = req.headers.authorization;
  const token = header ? BEARER.exec(header)?.[1] : undefined;
  if (token) {
    const found = await devices.findByToken(token);
    if (!found) throw new InvalidTokenError(INVALID_TOKEN_MESSAGE);
    return { device: found.device, via: 'token', tokenId: found.tokenId };
  }
  const deviceId = req.session?.deviceId;
  const device = typeof deviceId === 'string' && UUID.test(deviceId) ? await devices.findById(deviceId) : null;
  // A header that holds no token at all ('Bearer undefined', from browser code that built it from nothing) does
  // not sign the portal out: its session still counts. Without a session it is a token that opens nothing.
  if (header && !device) throw new InvalidTokenError(INVALID_TOKEN_MESSAGE);
  return { device, via: device ? 'session' : null, tokenId: null };
}

const callers = new WeakMap<Request, Promise<Caller>>();

/**
 * authenticate(), worked out once per request however many parts ask (the TV start-up's cache, then the graph's
 * context): the same answer, or the same refusal.
 */
export function callerOf(req: Request, devices: DeviceService): Promise<Caller> {
  if (!callers.has(req)) callers.set(req, authenticate(req, devices));
  return callers.get(req)!;
}

export function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}
