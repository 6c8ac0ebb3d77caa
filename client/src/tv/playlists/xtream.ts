import { failureOfFetchError, LoadError, type Channel } from './channel';

/**
 * An Xtream Codes line, read through the panel's player API (player_api.php) as Xtream players do: the account
 * (its status and the output formats the line allows), the live categories and the live streams. A stream's
 * address is `<host>/live/<username>/<password>/<stream_id>.<ext>`, HLS when the line allows it.
 */
interface UserInfo {
  auth?: number | string;
  status?: string;
  allowed_output_formats?: string[];
}
interface Category {
  category_id: string | number;
  category_name: string;
}
interface LiveStream {
  name: string;
  stream_id: number | string;
  stream_icon?: string | null;
  category_id?: string | number | null;
}

export interface XtreamLine {
  host: string;
  username: string;
  password: string;
}

/** The panel's base address: what the owner typed, without a trailing slash or a player_api.php. */
export function panelBase(host: string): string {
  return host
    .trim()
    .replace(/\/(player_api|get)\.php.*$/i, '')
    .replace(/\/+$/, '');
}

async function api<T>(line: XtreamLine, action?: string): Promise<T> {
  const params = new URLSearchParams({ username: line.username, password: line.password });
  if (action) params.set('action', action);
  const url = `${panelBase(line.host)}/player_api.php?${params}`;
  let res: Response;
  try {
    res = await fetch(url, { credentials: 'omit' });
  } catch {
    throw new LoadError(failureOfFetchError(url));
  }
  if (!res.ok) throw new LoadError({ kind: 'http', status: res.status });
  try {
    return (await res.json()) as T;
  } catch {
    throw new LoadError({ kind: 'notPlaylist' });
  }
}

/** The line's output format the TV plays best: HLS when allowed, else MPEG-TS. */
export function streamExtension(allowed: readonly string[] | undefined): string {
  if (!allowed?.length || allowed.includes('m3u8')) return 'm3u8';
  return allowed.includes('ts') ? 'ts' : allowed[0]!;
}

export async function readXtream(line: XtreamLine): Promise<Channel[]> {
  const account = await api<{ user_info?: UserInfo }>(line);
  const user = account.user_info;
  if (!user || String(user.auth) !== '1' || (user.status && user.status !== 'Active')) {
    throw new LoadError({ kind: 'xtreamRefused', status: user?.status ?? String(user?.auth ?? '0') });
  }
  const [categories, streams] = await Promise.all([
    api<Category[]>(line, 'get_live_categories'),
    api<LiveStream[]>(line, 'get_live_streams'),
  ]);
  const names = new Map(
    (Array.isArray(categories) ? categories : []).map((c) => [String(c.category_id), c.category_name]),
  );
  const ext = streamExtension(user.allowed_output_formats);
  const base = panelBase(line.host);
  const path = `${encodeURIComponent(line.username)}/${encodeURIComponent(line.password)}`;
  return (Array.isArray(streams) ? streams : []).map((stream) => ({
    name: stream.name,
    logo: stream.stream_icon || undefined,
    group: names.get(String(stream.category_id ?? '')) ?? '',
    url: `${base}/live/${path}/${stream.stream_id}.${ext}`,
    headers: undefined,
  }));
}
