import { createHash } from 'node:crypto';

/**
 * An Xtream Codes line, however an owner gives it: the panel's M3U link (`get.php?username=…&password=…`), its
 * API (`player_api.php`, `panel_api.php`, `xmltv.php` with the same query), or the stream addresses its get.php
 * writes inside a playlist (`/live/{username}/{password}/{id}.{ext}`, and `/movie/`, `/series/` alike). Each of
 * its streams takes one of the line's connections, so the check asks the panel before opening any.
 */
export interface XtreamLine {
  /** The panel's base URL (scheme, host and the path it lives under), as player_api.php is found from it. */
  base: string;
  username: string;
  password: string;
}

const API = /^(.*)\/(?:get|player_api|panel_api|xmltv)\.php$/i;
/** A stream of the line: the panel's path, then the kind, the credentials and the stream's number. */
const STREAM = /^(.*?)\/(?:live|movie|series)\/([^/]+)\/([^/]+)\/(\d+)(?:\.[a-z0-9]{1,5})?$/i;

function decoded(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}

/** The Xtream Codes line an address belongs to, or null when it is not one a panel writes. */
export function xtreamLineOf(address: string): XtreamLine | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const origin = `${url.protocol}//${url.host}`;
  const api = API.exec(url.pathname);
  if (api) {
    const username = url.searchParams.get('username');
    const password = url.searchParams.get('password');
    return username && password !== null ? { base: `${origin}${api[1]}`, username, password } : null;
  }
  const stream = STREAM.exec(url.pathname);
  if (!stream) return null;
  const username = decoded(stream[2]!);
  const password = decoded(stream[3]!);
  return username && password !== null ? { base: `${origin}${stream[1]}`, username, password } : null;
}

/**
 * The line a playlist's channel address belongs to: its own (`/live/…`), or the line of the playlist's get.php
 * link `given`, whose panel answers for the streams it lists wherever they are served, in either form get.php
 * writes them (`/live/{username}/{password}/{id}.ts`, or the short `/{username}/{password}/{id}`).
 */
export function channelLineOf(address: string, given: XtreamLine | null): XtreamLine | null {
  const line = xtreamLineOf(address);
  if (given && line) return line.username === given.username && line.password === given.password ? given : line;
  if (line || !given) return line;
  let path: string;
  try {
    path = new URL(address).pathname;
  } catch {
    return null;
  }
  const parts = path.split('/');
  const [user, pass, id] = parts.slice(-3).map((part) => decoded(part));
  return user === given.username && pass === given.password && /^\d+(?:\.[a-z0-9]{1,5})?$/i.test(id ?? '')
    ? given
    : null;
}

/**
 * What identifies a line across owners, checks and instances: its panel's host and its username (a line is one
 * account on one panel, whichever of the panel's paths or addresses it was given by). A digest: a claim's key is
 * no place for a username.
 */
export function lineKey(line: Pick<XtreamLine, 'base' | 'username'>): string {
  const host = new URL(line.base).host.toLowerCase();
  return `line:${createHash('sha256').update(`${host}\n${line.username}`).digest('base64url')}`;
}
