/**
 * The app's private storage. Both TV engines keep an app's localStorage for the app alone (Tizen per package,
 * webOS per app id); in a desktop browser it is the origin's. Every key the app keeps is named here, so that
 * signing out can forget them all at once.
 */
const PREFIX = 'tv.';

export const KEYS = {
  /** The device token (never shown). */
  token: 'token',
  /** The device key registerDevice answered, shown beside the MAC on the home screen for the owner to read off. */
  deviceKey: 'deviceKey',
  /** The locally administered MAC a desktop browser plays the TV with (platform/mac.ts). */
  browserMac: 'browserMac',
  /** The last good answers of the start-up reads, with their ETags (api/persisted-cache.ts). */
  answers: 'answers',
  /** Which engine played HLS here last time: 'native' or 'hls.js' (player/engine.ts). */
  hlsEngine: 'hlsEngine',
  /** The language the viewer chose. */
  locale: 'locale',
} as const;

type Key = (typeof KEYS)[keyof typeof KEYS];

function store(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Storage refused (a private window): the app still runs, forgetting everything on restart.
    return undefined;
  }
}

export function read(key: Key): string | null {
  return store()?.getItem(PREFIX + key) ?? null;
}

export function write(key: Key, value: string): void {
  try {
    store()?.setItem(PREFIX + key, value);
  } catch {
    // Full or refused: what was not kept is asked for again next time.
  }
}

export function remove(key: Key): void {
  store()?.removeItem(PREFIX + key);
}

/** Signed out: nothing of the old session stays (the browser's own MAC and the viewer's language are the TV's). */
export function forgetSession(): void {
  for (const key of [KEYS.token, KEYS.deviceKey, KEYS.answers]) remove(key);
}
