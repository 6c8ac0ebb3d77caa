import { KEYS, read, write } from './storage';

/** What the vendors' runtimes expose, where they do (declared here: neither ships types for the web). */
interface TizenWindow {
  webapis?: { network?: { getMac?: () => string } };
}
interface WebOsWindow {
  webOS?: {
    service?: {
      request: (
        uri: string,
        options: {
          method: string;
          parameters?: Record<string, unknown>;
          onSuccess: (answer: Record<string, unknown>) => void;
          onFailure: (answer: { errorText?: string }) => void;
        },
      ) => unknown;
    };
  };
}

const MAC = /^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/;

/** A MAC as the server keeps it: lower-case pairs joined by colons. */
export function normaliseMac(text: string): string | undefined {
  const digits = text
    .trim()
    .toLowerCase()
    .replace(/[^0-9a-f]/g, '');
  if (digits.length !== 12) return undefined;
  const mac = digits.match(/.{2}/g)!.join(':');
  return MAC.test(mac) && mac !== '00:00:00:00:00:00' ? mac : undefined;
}

/**
 * A locally administered unicast MAC (first octet's second bit set, first bit clear: IEEE 802 §8.2.2), so it can
 * never be a real card's address. Made once, kept: the browser plays the same TV every time.
 */
export function makeLocalMac(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  const bytes = random(new Uint8Array(6));
  bytes[0] = (bytes[0]! & 0xfc) | 0x02;
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(':');
}

function tizenMac(): string | undefined {
  try {
    const mac = (window as TizenWindow).webapis?.network?.getMac?.();
    return mac ? normaliseMac(mac) : undefined;
  } catch {
    // The network privilege is missing from config.xml, or no network: fall through.
    return undefined;
  }
}

function webOsMac(): Promise<string | undefined> {
  const service = (window as WebOsWindow).webOS?.service;
  if (!service) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    // The connection manager's getinfo answers the wired and wireless interfaces' addresses.
    service.request('luna://com.webos.service.connectionmanager', {
      method: 'getinfo',
      onSuccess: (answer) => {
        const wired = answer.wiredInfo as { macAddress?: string } | undefined;
        const wifi = answer.wifiInfo as { macAddress?: string } | undefined;
        resolve(normaliseMac(wired?.macAddress ?? wifi?.macAddress ?? ''));
      },
      onFailure: () => resolve(undefined),
    });
  });
}

/** The MAC address this TV shows and registers with. */
export async function macAddress(): Promise<string> {
  const native = tizenMac() ?? (await webOsMac());
  if (native) return native;
  const kept = read(KEYS.browserMac);
  if (kept && normaliseMac(kept)) return kept;
  const made = makeLocalMac();
  write(KEYS.browserMac, made);
  return made;
}
