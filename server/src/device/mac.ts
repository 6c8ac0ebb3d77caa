import { randomBytes } from 'node:crypto';

/** A random locally administered unicast MAC address, for devices created by support staff and tests. */
export function randomMacAddress(): string {
  const bytes = randomBytes(6);
  bytes[0] = ((bytes[0] ?? 0) & 0xfc) | 0x02;
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join(':');
}
