/**
 * Matching a playlist's channels with a guide's, as players do (Kodi's IPTV Simple client, Epg.cpp
 * FindEpgForChannel): a channel's tvg-id against the guide's channel ids first; then its tvg-name against the
 * guide's display names (as written, or with spaces as underscores); then its name against the display names.
 * Letters compare without regard to case.
 *
 * Both sides are kept as numbers, not strings: a 200,000-entry playlist costs 4.8 MB of typed arrays, and no key
 * keeps a slice of a playlist chunk alive. A key is a 52-bit hash of the case-folded text (two 32-bit FNV-1a
 * variants); two different keys share one with odds of about 1 in 2^52 per pair.
 */

import type { GuideCoverageResult } from './check-result';

/** The 52-bit key of s[start, end), ASCII letters folded to lower case (0 for an empty range). */
function keyOf(s: string, start: number, end: number): number {
  if (end <= start) return 0;
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  for (let i = start; i < end; i += 1) {
    let c = s.charCodeAt(i);
    if (c >= 65 && c <= 90) c += 32;
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995) ^ (h2 >>> 15);
  }
  // 32 bits of one and 20 of the other; never 0 (0 means "no key").
  return (h1 >>> 0) * 1048576 + (h2 & 0xfffff) + 1;
}

/** The key of value[start, end) trimmed, or 0 when there is none. */
export function keyOfValue(value: string | undefined | null, start = 0, end = value?.length ?? 0): number {
  if (!value) return 0;
  while (start < end && value.charCodeAt(start) <= 32) start += 1;
  while (end > start && value.charCodeAt(end - 1) <= 32) end -= 1;
  return keyOf(value, start, end);
}

/** The playlist's live channels, as three keys each: tvg-id, tvg-name and name (0 where missing). */
export class ChannelKeys {
  private keys = new Float64Array(3 * 1024);
  private n = 0;

  get size(): number {
    return this.n;
  }

  add(tvgId: string | undefined, tvgName: string | undefined, name: string): void {
    if ((this.n + 1) * 3 > this.keys.length) {
      const bigger = new Float64Array(this.keys.length * 2);
      bigger.set(this.keys);
      this.keys = bigger;
    }
    const at = this.n * 3;
    this.keys[at] = keyOfValue(tvgId);
    this.keys[at + 1] = keyOfValue(tvgName);
    this.keys[at + 2] = keyOfValue(name);
    this.n += 1;
  }

  /** Visits each channel's keys. */
  forEach(visit: (id: number, tvgName: number, name: number) => void): void {
    const keys = this.keys;
    for (let i = 0; i < this.n; i += 1) visit(keys[i * 3]!, keys[i * 3 + 1]!, keys[i * 3 + 2]!);
  }
}

/** What a guide holds, as keys: its channel ids, their display names, and the ids that have programmes. */
export class GuideKeys {
  readonly channelIds = new Set<number>();
  /** Display name (as written) -> channel id. */
  readonly displayNames = new Map<number, number>();
  /** Display name with spaces as underscores -> channel id. */
  readonly underscoredNames = new Map<number, number>();
  readonly withProgrammes = new Set<number>();
  /** Bounds memory for a hostile guide; real guides have at most tens of thousands of channels. */
  static readonly MAX_CHANNELS = 500_000;

  addChannel(id: number, names: string[]): void {
    if (id === 0 || this.channelIds.size >= GuideKeys.MAX_CHANNELS) return;
    this.channelIds.add(id);
    for (const name of names) {
      const key = keyOfValue(name);
      if (key !== 0 && !this.displayNames.has(key)) this.displayNames.set(key, id);
      if (name.includes(' ')) {
        const underscored = keyOfValue(name.replace(/ /g, '_'));
        if (underscored !== 0 && !this.underscoredNames.has(underscored)) this.underscoredNames.set(underscored, id);
      }
    }
  }

  addProgramme(channelId: number): void {
    if (channelId !== 0 && this.withProgrammes.size < GuideKeys.MAX_CHANNELS) this.withProgrammes.add(channelId);
  }
}

/** Which channels the guide covers: matched as players match, and with at least one programme. */
export function coverage(channels: ChannelKeys, guide: GuideKeys): GuideCoverageResult {
  let covered = 0;
  let byId = 0;
  let byName = 0;
  channels.forEach((id, tvgName, name) => {
    if (id !== 0 && guide.channelIds.has(id)) {
      // Found by id: that is the channel's guide, with programmes or not.
      if (guide.withProgrammes.has(id)) {
        covered += 1;
        byId += 1;
      }
      return;
    }
    let match: number | undefined;
    if (tvgName !== 0) match = guide.displayNames.get(tvgName) ?? guide.underscoredNames.get(tvgName);
    if (match === undefined && name !== 0) match = guide.displayNames.get(name);
    if (match !== undefined && guide.withProgrammes.has(match)) {
      covered += 1;
      byName += 1;
    }
  });
  return { channels: channels.size, covered, byId, byName };
}
