import { checkMessages, said, saidDate, saidTime, type Said } from './check-messages';
import { CheckFailure, clip, groupNamesOf, type XcCheckResult, type XcLineState } from './check-result';
import { LOCKED_GROUPS_LIMITS } from '../../../common/validation';
import { safeFetch, type SafeFetchOptions } from './safe-fetch';
import { checkFailureOf, httpStatusSaid, isXuiNotFound, readText } from './sources';
import type { StreamPick } from './stream-sample';

/** The API answers are small; a category list of a big provider is a few hundred KB. */
const API_LIMIT = 8 * 1024 * 1024;
/** An error page is read up to this much. */
const PAGE_LIMIT = 64 * 1024;
/** The stream formats the TV plays from an Xtream Codes panel: MPEG-TS and HLS (not RTMP). */
const TV_FORMATS = ['ts', 'm3u8'];
const DAY_MS = 86_400_000;
/** A channel list is not asked for with less time left than this. */
const MIN_LIST_MS = 500;

interface UserInfo {
  auth?: unknown;
  status?: unknown;
  exp_date?: unknown;
  is_trial?: unknown;
  active_cons?: unknown;
  max_connections?: unknown;
  allowed_output_formats?: unknown;
}

/**
 * The panel's base URL from what the owner typed in the host field: established players (IPTVnator's
 * normalizeXtreamServerUrl) take a get.php, player_api.php or panel_api.php link for the server it names, so
 * an owner who pasted the playlist link is not refused. The query (which carries the credentials) and a
 * trailing slash go; a path the panel lives under stays.
 */
export function xcBaseUrl(host: string): string {
  const url = new URL(host.trim());
  const path = url.pathname.replace(/\/+$/, '').replace(/\/(?:get|player_api|panel_api|xmltv)\.php$/i, '');
  const auth = url.username || url.password ? `${url.username}${url.password ? `:${url.password}` : ''}@` : '';
  return `${url.protocol}//${auth}${url.host}${path}`;
}

function panelUrl(host: string, file: string, username: string, password: string, action?: string): string {
  const url = new URL(`${xcBaseUrl(host)}/${file}`);
  url.searchParams.set('username', username);
  url.searchParams.set('password', password);
  if (action) url.searchParams.set('action', action);
  return url.toString();
}

/** The panel's own guide for this line (xmltv.php), which Xtream Codes panels serve with the same credentials. */
export function xcGuideUrl(host: string, username: string, password: string): string {
  return panelUrl(host, 'xmltv.php', username, password);
}

/** The state of a line from the panel's word (also for results stored before the state was reported). */
export function stateOfStatus(status: string): XcLineState {
  switch (status.trim().toLowerCase()) {
    case 'active':
      return 'ACTIVE';
    case 'expired':
      return 'EXPIRED';
    case 'banned':
      return 'BANNED';
    case 'disabled':
      return 'DISABLED';
    default:
      return 'OTHER';
  }
}

/** What XUI-derived panels (XUI.one, XCMS) print instead of an answer: generateError() in debug mode. */
const DEBUG_PROBLEMS: Record<keyof typeof checkMessages.panelCodes, 'XC_AUTH' | 'XC_INACTIVE' | 'XC_LINE_REFUSED'> = {
  INVALID_CREDENTIALS: 'XC_AUTH',
  NO_CREDENTIALS: 'XC_AUTH',
  EXPIRED: 'XC_INACTIVE',
  BANNED: 'XC_INACTIVE',
  DISABLED: 'XC_INACTIVE',
  PLAYER_API_DISABLED: 'XC_LINE_REFUSED',
  NOT_IN_ALLOWED_IPS: 'XC_LINE_REFUSED',
  NOT_IN_ALLOWED_COUNTRY: 'XC_LINE_REFUSED',
  IP_BLOCKED: 'XC_LINE_REFUSED',
  BLOCKED_USER_AGENT: 'XC_LINE_REFUSED',
};
const REFUSED_BY = {
  XC_AUTH: checkMessages.xc.refusedAuth,
  XC_INACTIVE: checkMessages.xc.refusedInactive,
  XC_LINE_REFUSED: checkMessages.xc.refused,
};

/** The line as the panel refused it, for the card: only the state is known. */
function refusedLine(state: XcLineState, status: string): XcCheckResult {
  return {
    status,
    state,
    allowedFormats: null,
    expiresAt: null,
    isTrial: false,
    maxConnections: null,
    activeConnections: null,
    liveCategories: 0,
    vodCategories: 0,
    seriesCategories: 0,
  };
}

/** Fetches one player_api.php answer, telling the ways panels refuse a line from a wrong address. */
async function getJson(url: string, options: SafeFetchOptions): Promise<{ body: unknown; status: number }> {
  const res = await safeFetch(url, options).catch((err: unknown) => {
    throw checkFailureOf(err);
  });
  if (res.status >= 400) {
    const page = await readText(res, PAGE_LIMIT).catch(() => '');
    if (res.status === 404 && isXuiNotFound(page)) {
      const line = refusedLine('NOT_ACCEPTED', '');
      throw new CheckFailure('XC_LINE_REFUSED', said(checkMessages.xc.lineRefused), 404, true, line);
    }
    throw new CheckFailure(
      'HTTP_STATUS',
      res.status === 404 ? said(checkMessages.xc.notFound) : httpStatusSaid(res.status),
      res.status,
      true,
    );
  }
  const text = await readText(res, API_LIMIT);
  try {
    return { body: JSON.parse(text), status: res.status };
  } catch {
    const debug = /<h2>\s*([A-Z][A-Z0-9_]{2,40})\s*<\/h2>/.exec(text)?.[1];
    if (debug) {
      const code = debug as keyof typeof DEBUG_PROBLEMS;
      const problem = Object.hasOwn(DEBUG_PROBLEMS, code) ? DEBUG_PROBLEMS[code] : undefined;
      throw new CheckFailure(
        problem ?? 'XC_LINE_REFUSED',
        problem
          ? said(REFUSED_BY[problem], { words: said(checkMessages.panelCodes[code]), code })
          : said(checkMessages.xc.refusedUnknown, { code }),
        res.status,
        true,
        // The inactive codes (EXPIRED, BANNED, DISABLED) are the line states' own names.
        refusedLine(problem === 'XC_INACTIVE' ? (code as XcLineState) : 'NOT_ACCEPTED', code),
      );
    }
    const page = /^\s*</.test(text);
    throw new CheckFailure(
      'XC_NOT_API',
      said(page ? checkMessages.xc.webPage : checkMessages.xc.notXc),
      res.status,
      true,
    );
  }
}

function count(value: unknown): number {
  return Array.isArray(value) ? value.length : 0;
}

/** Panels answer numbers as MySQL gives them: strings ("1767225600"), or numbers, or null. */
function int(value: unknown): number | null {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,12}$/.test(value) ? Number(value) : NaN;
  return Number.isFinite(n) ? n : null;
}

/** auth as panels send it: 1, "1", true. */
function accepted(value: unknown): boolean {
  return value === 1 || value === '1' || value === true;
}

/**
 * The Xtream Codes line through player_api.php, as classic Xtream Codes and XUI-derived panels answer:
 * user_info (status, expiry, connections, allowed formats) and the number of live, film and series categories.
 * The line's real state is judged as players judge it: an Active line whose end date has passed is expired.
 * The credentials are only ever in the request URL, never in a message or log.
 */
export async function checkXc(
  host: string,
  username: string,
  password: string,
  options: SafeFetchOptions,
): Promise<{ result: XcCheckResult; httpStatus: number; liveCategories: XcCategory[] }> {
  let base: string;
  try {
    base = xcBaseUrl(host);
  } catch {
    throw new CheckFailure('INVALID_URL', said(checkMessages.fetch.invalidUrl));
  }
  const { body, status } = await getJson(panelUrl(base, 'player_api.php', username, password), options);
  const info = (body as { user_info?: UserInfo } | null)?.user_info;
  if (!info || typeof info !== 'object') {
    throw new CheckFailure('XC_NOT_API', said(checkMessages.xc.noAccount), status, true);
  }
  const accountStatus = typeof info.status === 'string' ? clip(info.status, 40) : '';
  if (!accepted(info.auth)) {
    throw new CheckFailure(
      'XC_AUTH',
      said(checkMessages.xc.auth),
      status,
      true,
      refusedLine('NOT_ACCEPTED', accountStatus),
    );
  }
  const expiry = int(info.exp_date);
  const expiresAt = expiry && expiry > 0 ? new Date(expiry * 1000).toISOString() : null;
  const expired = expiresAt !== null && Date.parse(expiresAt) <= Date.now();
  const formats = Array.isArray(info.allowed_output_formats)
    ? info.allowed_output_formats.filter((f): f is string => typeof f === 'string').map((f) => f.toLowerCase())
    : null;
  const stated = stateOfStatus(accountStatus);
  const state = stated === 'ACTIVE' && expired ? 'EXPIRED' : stated;
  const line: XcCheckResult = {
    status: accountStatus,
    state,
    allowedFormats: formats,
    expiresAt,
    isTrial: String(info.is_trial) === '1',
    maxConnections: int(info.max_connections),
    activeConnections: int(info.active_cons),
    liveCategories: 0,
    vodCategories: 0,
    seriesCategories: 0,
  };
  const { xc } = checkMessages;
  if (state !== 'ACTIVE') {
    const until = expiresAt && !expired ? saidDate(expiresAt) : null;
    let why: Said;
    if (state === 'EXPIRED') {
      why = expiresAt
        ? said(stated === 'ACTIVE' ? xc.expiredOnStillActive : xc.expiredOn, { date: saidDate(expiresAt) })
        : said(xc.expired);
    } else if (state === 'BANNED') why = until ? said(xc.bannedUntil, { date: until }) : said(xc.banned);
    else if (state === 'DISABLED') why = until ? said(xc.disabledUntil, { date: until }) : said(xc.disabled);
    else why = said(xc.notActive, { status: accountStatus });
    throw new CheckFailure('XC_INACTIVE', why, status, true, line);
  }
  if (formats !== null && !formats.some((f) => TV_FORMATS.includes(f))) {
    throw new CheckFailure(
      'XC_NO_FORMAT',
      formats.length === 0 ? said(xc.noFormat) : said(xc.onlyFormats, { formats: formats.join(', ').toUpperCase() }),
      status,
      true,
      line,
    );
  }
  const [live, vod, series] = await Promise.all(
    ['get_live_categories', 'get_vod_categories', 'get_series_categories'].map(
      async (action) => (await getJson(panelUrl(base, 'player_api.php', username, password, action), options)).body,
    ),
  );
  const liveCategories = categoriesOf(live);
  return {
    httpStatus: status,
    result: {
      ...line,
      liveCategories: count(live),
      liveCategoryNames: groupNamesOf(
        liveCategories.map((category) => category.name),
        LOCKED_GROUPS_LIMITS.length,
      ),
      vodCategories: count(vod),
      seriesCategories: count(series),
    },
    liveCategories,
  };
}

/** A live category as get_live_categories lists it. */
export interface XcCategory {
  id: string;
  name: string;
}

function categoriesOf(body: unknown): XcCategory[] {
  if (!Array.isArray(body)) return [];
  return (body as { category_id?: unknown; category_name?: unknown }[])
    .filter((item) => item && (typeof item.category_id === 'string' || typeof item.category_id === 'number'))
    .map((item) => ({ id: String(item.category_id), name: String(item.category_name ?? '') }));
}

/** `count` items of a list, evenly spaced from its first. */
function evenly<T>(items: T[], count: number): T[] {
  if (items.length <= count) return [...items];
  return Array.from({ length: count }, (_, i) => items[Math.floor((i * items.length) / count)]!);
}

/**
 * Live channels of the line to open, spread over its categories: the first channels of up to `wanted`
 * categories (player_api.php's get_live_streams with a category_id, so a panel with 20,000 channels is not
 * listed whole), each as the panel's get.php writes its address, `/live/{username}/{password}/{stream_id}.{ext}`,
 * in the formats the line allows the TV (TS and HLS, taken in turn). A category the panel does not list is
 * skipped: the picks are what the panel gave.
 */
export async function xcStreamPicks(
  host: string,
  username: string,
  password: string,
  line: Pick<XcCheckResult, 'allowedFormats'>,
  categories: XcCategory[],
  wanted: number,
  options: SafeFetchOptions,
  /** When the sampling stage's time is spent (ms since 1970): no list is asked for after it, none outlasts it. */
  deadline = Infinity,
): Promise<StreamPick[]> {
  if (wanted <= 0) return [];
  const base = xcBaseUrl(host);
  const formats = line.allowedFormats ? TV_FORMATS.filter((f) => line.allowedFormats!.includes(f)) : ['ts'];
  const lists: { category: XcCategory; streams: { stream_id: number | string; name: string }[] }[] = [];
  for (const category of evenly(categories, wanted)) {
    const left = deadline - Date.now();
    if (left < MIN_LIST_MS) break;
    const url = new URL(panelUrl(base, 'player_api.php', username, password, 'get_live_streams'));
    url.searchParams.set('category_id', category.id);
    try {
      const { body } = await getJson(url.toString(), { ...options, timeoutMs: Math.min(options.timeoutMs, left) });
      const streams = (Array.isArray(body) ? (body as { stream_id?: unknown; name?: unknown }[]) : [])
        .filter(
          (s) =>
            s && (typeof s.stream_id === 'number' || (typeof s.stream_id === 'string' && /^\d+$/.test(s.stream_id))),
        )
        .slice(0, wanted)
        .map((s) => ({
          stream_id: s.stream_id as number | string,
          name: typeof s.name === 'string' ? clip(s.name) : '',
        }));
      if (streams.length > 0) lists.push({ category, streams });
    } catch (err) {
      if (!(err instanceof CheckFailure)) throw err;
    }
  }
  // One from each category, then the second of each, and so on.
  const picks: StreamPick[] = [];
  for (let round = 0; picks.length < wanted && lists.some((list) => list.streams.length > round); round += 1) {
    for (const { category, streams } of lists) {
      const stream = streams[round];
      if (!stream || picks.length >= wanted) continue;
      const ext = formats[picks.length % formats.length] ?? 'ts';
      picks.push({
        name: stream.name,
        group: category.name ? clip(category.name) : null,
        url: `${base}/live/${encodeURIComponent(username)}/${encodeURIComponent(password)}/${stream.stream_id}.${ext}`,
      });
    }
  }
  return picks;
}

/** Days until the line ends, and the warning the owner should read (null when it is not near). */
export function expiryWarning(expiresAt: string | null): Said | null {
  if (!expiresAt) return null;
  const left = Date.parse(expiresAt) - Date.now();
  if (left >= 7 * DAY_MS) return null;
  if (left < DAY_MS) {
    const at = { date: saidDate(expiresAt), time: saidTime(expiresAt) };
    return said(checkMessages.warning.expiresToday, at);
  }
  const days = Math.floor(left / DAY_MS);
  return said(checkMessages.warning.expiresInDays, { days, date: saidDate(expiresAt) });
}

/**
 * What a line's panel says of its connections now: how many are free (null when it does not say, or when the
 * line has no limit: panels check `max_connections` only when it is not 0, as Xtream Codes' streaming code does).
 */
export interface LineConnections {
  free: number | null;
  max: number | null;
  active: number | null;
}

/**
 * Asks the line's panel (player_api.php's user_info) how many of its connections are free, as it must be asked
 * before any of the line's streams is opened. Null when the panel does not confirm an active line (the
 * credentials or the line refused, no answer); 'not a panel' when what answers there is no panel at all (an
 * error status other than XUI's, an answer that is not player_api's).
 */
export async function lineConnections(
  base: string,
  username: string,
  password: string,
  options: SafeFetchOptions,
): Promise<LineConnections | 'not a panel' | null> {
  let body: unknown;
  try {
    ({ body } = await getJson(panelUrl(base, 'player_api.php', username, password), options));
  } catch (err) {
    if (!(err instanceof CheckFailure)) throw err;
    return err.problem === 'HTTP_STATUS' || err.problem === 'XC_NOT_API' ? 'not a panel' : null;
  }
  const info = (body as { user_info?: UserInfo } | null)?.user_info;
  if (!info || typeof info !== 'object') return 'not a panel';
  if (!accepted(info.auth)) return null;
  if (stateOfStatus(typeof info.status === 'string' ? info.status : '') !== 'ACTIVE') return null;
  const expiry = int(info.exp_date);
  if (expiry && expiry > 0 && expiry * 1000 <= Date.now()) return null;
  const max = int(info.max_connections);
  const active = int(info.active_cons);
  return { max, active, free: max !== null && max > 0 && active !== null ? max - active : null };
}

/** Whether the panel says every connection the line allows is in use (a line without a limit never is). */
export function allConnectionsInUse(line: Pick<XcCheckResult, 'maxConnections' | 'activeConnections'>): boolean {
  const { maxConnections: max, activeConnections: active } = line;
  return max !== null && max > 0 && active !== null && active >= max;
}
