import { CheckFailure, type ChannelSample, type M3uCheckResult } from './check-result';
import { M3uParser } from './m3u-parser';
import type { SafeFetchOptions } from './safe-fetch';
import { checkFailureOf, open } from './sources';

const SAMPLE_SIZE = 12;
/** Distinct groups remembered; past this the count is a lower bound (no real playlist comes close). */
const MAX_GROUPS = 50_000;

/** What the start of a body says it is, before parsing: a web page, or something that is not text. */
function sniff(start: Buffer): 'html' | 'binary' | 'text' {
  const text = start
    .toString('utf8', 0, Math.min(start.length, 512))
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (
    text.startsWith('<!doctype html') ||
    text.startsWith('<html') ||
    text.startsWith('<head') ||
    text.startsWith('<body')
  ) {
    return 'html';
  }
  let control = 0;
  const n = Math.min(start.length, 512);
  for (let i = 0; i < n; i += 1) {
    const b = start[i] as number;
    if (b === 0 || (b < 9 && b !== 0) || (b > 13 && b < 32 && b !== 27)) control += 1;
  }
  return n > 0 && control / n > 0.1 ? 'binary' : 'text';
}

/**
 * Fetches an M3U playlist and reads it as it arrives, never holding it whole: channels, groups, entries without
 * a stream, declared guide URLs and a sample of channels with logos.
 */
export async function checkM3u(
  url: string,
  options: SafeFetchOptions,
): Promise<{ result: M3uCheckResult; httpStatus: number }> {
  const res = await open(url, options);
  const groups = new Set<string>();
  const sample: ChannelSample[] = [];
  const parser = new M3uParser({
    onEntry: (entry) => {
      for (const group of entry.groups) if (groups.size < MAX_GROUPS) groups.add(group.toLowerCase());
      if (sample.length < SAMPLE_SIZE && entry.url && entry.attributes['tvg-logo']) {
        sample.push({
          name: entry.name || entry.attributes['tvg-name'] || '(no name)',
          logo: entry.attributes['tvg-logo'] ?? null,
          group: entry.groups[0] ?? null,
        });
      }
    },
  });
  let first = true;
  try {
    for await (const chunk of res.body) {
      if (first) {
        first = false;
        const kind = sniff(chunk);
        const type = String(res.headers['content-type'] ?? '').toLowerCase();
        if (kind === 'html' || (type.includes('text/html') && !chunk.toString('utf8', 0, 64).includes('#EXTM3U'))) {
          throw new CheckFailure(
            'LOGIN_PAGE',
            'The server sent a web page instead of a playlist: usually a login, error or block page. Check the URL and the account, or open it in a browser to see the page.',
            res.status,
            true,
          );
        }
        if (kind === 'binary') {
          throw new CheckFailure('NOT_M3U', 'The answer is not text, so it is not an M3U playlist.', res.status, true);
        }
      }
      parser.push(chunk);
    }
  } catch (err) {
    throw checkFailureOf(err);
  } finally {
    res.close();
  }
  const { header, stats } = parser.end();
  if (!header.isM3u && stats.entries === 0) {
    throw new CheckFailure(
      first ? 'EMPTY' : 'NOT_M3U',
      first
        ? 'The server answered with nothing: the playlist is empty.'
        : 'The answer is not an M3U playlist (it does not start with #EXTM3U and has no channels).',
      res.status,
      true,
    );
  }
  if (stats.withUrl === 0) {
    throw new CheckFailure('EMPTY', 'The playlist has no channels with a stream address.', res.status, true);
  }
  const guideUrls = [header.attributes['x-tvg-url'], header.attributes['url-tvg'], header.attributes['tvg-url']]
    .flatMap((value) => (value ? value.split(',') : []))
    .map((value) => value.trim())
    .filter((value, index, all) => /^https?:\/\//i.test(value) && all.indexOf(value) === index)
    .slice(0, 5);
  return {
    httpStatus: res.status,
    result: { channels: stats.withUrl, groups: groups.size, entriesWithoutUrl: stats.withoutUrl, guideUrls, sample },
  };
}
