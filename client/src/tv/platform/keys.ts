/**
 * The remote's keys beyond the arrows and Enter (which the spatial navigation library reads): Back, the channel
 * keys and the digits. Key codes, because the TV engines' remotes send codes without `key` names.
 */
const BACK_CODES = new Set([
  10009, // Tizen's Return
  461, // webOS's Back
  27, // Escape (a keyboard)
  8, // Backspace (a keyboard)
]);
const CHANNEL_UP = new Set([427, 33]); // Tizen ChannelUp; webOS's and a keyboard's PageUp
const CHANNEL_DOWN = new Set([428, 34]); // Tizen ChannelDown; PageDown

export function isBack(event: KeyboardEvent): boolean {
  // Backspace inside a text field edits it; there is none in this app, but say so plainly.
  if (event.keyCode === 8 && event.target instanceof HTMLInputElement) return false;
  return BACK_CODES.has(event.keyCode) || event.key === 'Escape' || event.key === 'GoBack';
}

export function channelStep(event: KeyboardEvent): 1 | -1 | 0 {
  if (CHANNEL_UP.has(event.keyCode) || event.key === 'ChannelUp') return 1;
  if (CHANNEL_DOWN.has(event.keyCode) || event.key === 'ChannelDown') return -1;
  return 0;
}

/** A digit key (the remote's number keys, a keyboard's row or keypad), or undefined. */
export function digitOf(event: KeyboardEvent): string | undefined {
  if (/^[0-9]$/.test(event.key)) return event.key;
  if (event.keyCode >= 48 && event.keyCode <= 57) return String(event.keyCode - 48);
  if (event.keyCode >= 96 && event.keyCode <= 105) return String(event.keyCode - 96);
  return undefined;
}

/** Tizen sends only the keys an app registers beyond the basic ones. */
export function registerTizenKeys(): void {
  const tizen = (window as { tizen?: { tvinputdevice?: { registerKey(name: string): void } } }).tizen;
  for (const name of ['ChannelUp', 'ChannelDown', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9']) {
    try {
      tizen?.tvinputdevice?.registerKey(name);
    } catch {
      // A key this model lacks.
    }
  }
}
