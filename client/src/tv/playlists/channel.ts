/** A channel as the TV lists and plays it, whatever the playlist's kind. */
export interface Channel {
  name: string;
  logo: string | undefined;
  group: string;
  url: string;
  /** Headers the playlist asks for (`url|User-Agent=…`): a web engine cannot send some of them (docs/tv-app.md). */
  headers: Record<string, string> | undefined;
}

export interface Group {
  name: string;
  /** Index of its first channel in the channel list, which is sorted by group. */
  start: number;
  count: number;
}

export interface ChannelList {
  channels: Channel[];
  groups: Group[];
}

/**
 * A playlist that could not be read, and why, in words the screen chooses (messages.ts `loadFailure`): the
 * provider refused cross-origin reads (a desktop browser's rule, not a packaged TV app's), answered an HTTP error,
 * sent something that is not a playlist, or refused the line.
 */
export type LoadFailure =
  | { kind: 'cors'; host: string }
  | { kind: 'http'; status: number }
  | { kind: 'notPlaylist' }
  | { kind: 'network' }
  | { kind: 'xtreamRefused'; status: string }
  /** A playlist code: only the provider's own app resolves one (docs/tv-app.md, "What it does not open"). */
  | { kind: 'playlistCode' }
  | { kind: 'unsupported' };

export class LoadError extends Error {
  constructor(readonly failure: LoadFailure) {
    super(failure.kind);
    this.name = 'LoadError';
  }
}

/** Channels grouped, groups in the order the playlist first names them. */
export function groupChannels(channels: Channel[], fallbackGroup: string): ChannelList {
  const byGroup = new Map<string, Channel[]>();
  for (const channel of channels) {
    const name = channel.group || fallbackGroup;
    let list = byGroup.get(name);
    if (!list) byGroup.set(name, (list = []));
    list.push(channel.group ? channel : { ...channel, group: name });
  }
  const sorted: Channel[] = [];
  const groups: Group[] = [];
  for (const [name, list] of byGroup) {
    groups.push({ name, start: sorted.length, count: list.length });
    for (const channel of list) sorted.push(channel);
  }
  return { channels: sorted, groups };
}

/** A fetch that failed without an answer: in a browser, a provider that does not allow cross-origin reads. */
export function failureOfFetchError(url: string): LoadFailure {
  try {
    const { host, origin } = new URL(url);
    return origin !== location.origin ? { kind: 'cors', host } : { kind: 'network' };
  } catch {
    return { kind: 'network' };
  }
}
