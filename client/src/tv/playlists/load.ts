import type { TvPlaylist } from '../api/types';
import { groupChannels, LoadError, type ChannelList } from './channel';
import type { M3uResponse } from './m3u.worker';
import { readXtream } from './xtream';

/** An M3U playlist, fetched and parsed in a worker (the main thread keeps the remote answering). */
function readM3u(url: string): Promise<M3uResponse> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./m3u.worker.ts', import.meta.url));
    worker.onmessage = (event: MessageEvent<M3uResponse>) => {
      worker.terminate();
      resolve(event.data);
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message));
    };
    worker.postMessage({ url });
  });
}

/** A playlist's channels, by group; `fallbackGroup` names channels the playlist puts in no group. */
export async function loadChannels(playlist: TvPlaylist, fallbackGroup: string): Promise<ChannelList> {
  if (playlist.type === 'GENERAL' && playlist.url) {
    const answer = await readM3u(playlist.url);
    if (!answer.ok) throw new LoadError(answer.failure);
    return groupChannels(answer.channels, fallbackGroup);
  }
  if (playlist.type === 'XC' && playlist.url && playlist.username && playlist.password) {
    const channels = await readXtream({ host: playlist.url, username: playlist.username, password: playlist.password });
    return groupChannels(channels, fallbackGroup);
  }
  // A playlist code names a playlist only in its provider's own system; nothing here turns one into an address.
  if (playlist.type === 'CODE') throw new LoadError({ kind: 'playlistCode' });
  throw new LoadError({ kind: 'unsupported' });
}
