import { createGunzip } from 'node:zlib';
import type { EpgCheckResult } from './check-result';
import type { SafeFetchOptions } from './safe-fetch';
import { checkFailureOf, open } from './sources';

/**
 * Reads the start of an XMLTV guide (gzip-compressed or not) as it arrives: whether it is XMLTV, and how many
 * channels it describes. XMLTV lists its channels before its programmes, so reading stops at the first
 * programme: a guide of hundreds of MB is judged from its first few.
 */
export async function checkEpg(url: string, options: SafeFetchOptions): Promise<EpgCheckResult> {
  try {
    const res = await open(url, options);
    let channels = 0;
    let xmltv = false;
    let carry = '';
    let done = false;
    let unpacked = 0;
    const gunzip = createGunzip();
    let zipped: boolean | null = null;
    const scan = (text: string) => {
      const all = carry + text;
      if (!xmltv && /<tv[\s>]/.test(all)) xmltv = true;
      // Tags starting in the last 9 characters wait for the next chunk (their following character decides).
      const limit = Math.max(0, all.length - 9);
      let at = all.indexOf('<channel');
      while (at !== -1 && at < limit) {
        const next = all.charCodeAt(at + 8);
        if (next === 32 || next === 62 || next === 9 || next === 10 || next === 13) channels += 1;
        at = all.indexOf('<channel', at + 8);
      }
      if (all.includes('<programme')) done = true;
      carry = all.slice(limit);
    };
    gunzip.on('data', (chunk: Buffer) => {
      unpacked += chunk.length;
      if (unpacked > options.maxBytes) done = true;
      else scan(chunk.toString('utf8'));
    });
    gunzip.on('error', () => {
      done = true;
    });
    try {
      for await (const chunk of res.body) {
        if (zipped === null) zipped = chunk[0] === 0x1f && chunk[1] === 0x8b;
        if (zipped) {
          await new Promise<void>((resolve) => gunzip.write(chunk, () => resolve()));
        } else {
          scan(chunk.toString('utf8'));
        }
        if (done) break;
      }
    } finally {
      res.close();
      gunzip.destroy();
    }
    if (!xmltv) {
      return { reachable: true, xmltv: false, channels: 0, message: 'The guide URL does not hold an XMLTV guide.' };
    }
    return {
      reachable: true,
      xmltv: true,
      channels,
      message: channels === 0 ? 'The guide describes no channels.' : null,
    };
  } catch (err) {
    const failure = checkFailureOf(err);
    return {
      reachable: failure.reachable,
      xmltv: false,
      channels: 0,
      message: `The guide could not be read: ${failure.message}`,
    };
  }
}
