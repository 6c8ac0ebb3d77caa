import { messages } from '../../../common/messages';
import { DomainError, NOT_SIGNED_IN_MESSAGE } from '../common/errors';
import type { DeviceEntity } from '../device/device.entity';
import type { TokenCaller } from '../device/device-token.service';

/**
 * Who is calling and what each caller may do: the one rule, used by the graph's resolvers (their context is a
 * Caller) and by the REST adapters (`requireOwner(await authenticate(req, devices))`) alike.
 *
 * - The owner: a portal session (its cookie), after signing in with MAC, device key and captcha. Everything a
 *   device owns needs the owner: its playlists' changes and checks, payments, Switch MAC, its list of TVs.
 * - A TV: its bearer token. A device credential, not an owner's: it may read the device and its playlists, unlock
 *   a playlist, check the parent PIN, change the device key or parent PIN (with the current one), renew its own
 *   token and report its app version. Anything else is FORBIDDEN.
 * - Nobody: UNAUTHENTICATED for anything a device owns.
 */
export type AuthenticatedVia = 'session' | 'token';

/** The caller of one request, as auth/authenticate.ts worked it out. */
export interface Caller {
  /** The signed-in device (portal session) or the TV's device (token); null when anonymous. */
  device: DeviceEntity | null;
  via: AuthenticatedVia | null;
  /** The TV token's id when `via` is 'token' (what renewing replaces). */
  tokenId: string | null;
}

/**
 * Whether the caller is the owner (a portal session) of this device: what the owner's own fields of a device ask
 * (its payments, its TVs), which answer others with nothing rather than an error.
 */
export function isOwnerOf(caller: Caller, deviceId: string): boolean {
  return caller.via === 'session' && caller.device?.id === deviceId;
}

/** Whether the caller is an owner signed in to the portal (its session), of whichever device. */
export function isOwner(caller: Caller): boolean {
  return caller.via === 'session' && caller.device !== null;
}

/** The calling TV's device (its token), or null for any other caller: for what a TV may ask on its own behalf. */
export function callingTv(caller: Caller): DeviceEntity | null {
  return caller.via === 'token' ? caller.device : null;
}

/** The device of the owner's portal session. A TV's token is refused with FORBIDDEN, no caller UNAUTHENTICATED. */
export function requireOwner(caller: Caller): DeviceEntity {
  const device = requireTvOrOwner(caller);
  if (caller.via !== 'session') throw new DomainError('FORBIDDEN', messages.tv.ownerOnly);
  return device;
}

/** The calling device, the owner's session or a TV's token, for the few things a TV may do (above). */
export function requireTvOrOwner(caller: Caller): DeviceEntity {
  if (!caller.device) throw new DomainError('UNAUTHENTICATED', NOT_SIGNED_IN_MESSAGE);
  return caller.device;
}

/** The calling TV (its token), for what only a TV does: renewing its token, reporting its app version. */
export function requireTv(caller: Caller, refusal: string): TokenCaller {
  const device = requireTvOrOwner(caller);
  if (caller.via !== 'token' || !caller.tokenId) throw new DomainError('FORBIDDEN', refusal);
  return { device, tokenId: caller.tokenId };
}
