/// <reference lib="webworker" />
import { M3uParser } from '../../../../common/m3u-parser';
import { failureOfFetchError, type Channel, type LoadFailure } from './channel';

/**
 * Reads an M3U playlist off the main thread: fetched from the provider by the TV itself and parsed as it arrives
 * by the parser the server's check uses (common/m3u-parser.ts), so the TV and the check read a playlist alike.
 */
export interface M3uRequest {
  url: string;
}
export type M3uResponse = { ok: true; channels: Channel[] } | { ok: false; failure: LoadFailure };

const scope = self as unknown as DedicatedWorkerGlobalScope;

async function read(url: string): Promise<M3uResponse> {
  let res: Response;
  try {
    res = await fetch(url, { credentials: 'omit' });
  } catch {
    return { ok: false, failure: failureOfFetchError(url) };
  }
  if (!res.ok) return { ok: false, failure: { kind: 'http', status: res.status } };
  const channels: Channel[] = [];
  const parser = new M3uParser({
    onEntry: (entry) => {
      if (!entry.url) return;
      const headers = Object.keys(entry.headers).length ? entry.headers : undefined;
      channels.push({
        name: entry.name || entry.attributes['tvg-name'] || entry.url,
        logo: entry.attributes['tvg-logo'] || undefined,
        group: entry.groups[0] ?? '',
        url: entry.url,
        headers,
      });
    },
  });
  if (res.body && 'getReader' in res.body) {
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.push(value);
    }
  } else {
    parser.push(await res.text());
  }
  const { header } = parser.end();
  if (!header.isM3u && channels.length === 0) return { ok: false, failure: { kind: 'notPlaylist' } };
  return { ok: true, channels };
}

scope.onmessage = (event: MessageEvent<M3uRequest>) => {
  void read(event.data.url).then(
    (answer) => scope.postMessage(answer),
    () => scope.postMessage({ ok: false, failure: { kind: 'network' } } satisfies M3uResponse),
  );
};
