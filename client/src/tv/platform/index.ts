/**
 * What only the platform knows, behind one small layer: which engine runs the app, the MAC address, the model
 * the owner sees in the portal, the app's version, and the remote's keys (keys.ts). Token storage: storage.ts.
 */
export { macAddress, normaliseMac } from './mac';
export { isBack, channelStep, digitOf, registerTizenKeys } from './keys';
export { KEYS, read, write, remove, forgetSession } from './storage';

export type PlatformKind = 'tizen' | 'webos' | 'browser';

export function platformKind(): PlatformKind {
  if ('tizen' in window) return 'tizen';
  if ('webOS' in window || 'PalmSystem' in window) return 'webos';
  return 'browser';
}

/** The app's version, from package.json at build time (vite.tv.config.mts). */
export const APP_VERSION: string = __TV_APP_VERSION__;

/** The model the owner sees beside the link code and in the portal's list of TVs. */
export function modelName(): string {
  switch (platformKind()) {
    case 'tizen':
      return 'Samsung TV (Tizen)';
    case 'webos':
      return 'LG TV (webOS)';
    default:
      return 'Web browser';
  }
}
