import { CheckFailure, type XcCheckResult } from './check-result';
import type { SafeFetchOptions } from './safe-fetch';
import { open, readText } from './sources';

/** The API answers are small; a category list of a big provider is a few hundred KB. */
const API_LIMIT = 8 * 1024 * 1024;

interface UserInfo {
  auth?: unknown;
  status?: unknown;
  exp_date?: unknown;
  is_trial?: unknown;
  active_cons?: unknown;
  max_connections?: unknown;
  message?: unknown;
}

function apiUrl(host: string, username: string, password: string, action?: string): string {
  const base = new URL(host);
  // The host field may carry a path (some panels live under one) but never its own player_api.php.
  const path = base.pathname.replace(/\/(player_api\.php)?$/, '');
  const url = new URL(`${base.protocol}//${base.host}${path}/player_api.php`);
  url.searchParams.set('username', username);
  url.searchParams.set('password', password);
  if (action) url.searchParams.set('action', action);
  return url.toString();
}

async function getJson(url: string, options: SafeFetchOptions): Promise<{ body: unknown; status: number }> {
  const res = await open(url, options);
  const text = await readText(res, API_LIMIT);
  try {
    return { body: JSON.parse(text), status: res.status };
  } catch {
    const page = /^\s*</.test(text);
    throw new CheckFailure(
      'XC_NOT_API',
      page
        ? 'The server sent a web page instead of the Xtream Codes API: check the host URL (and its port).'
        : 'The server did not answer like an Xtream Codes server: check the host URL (and its port).',
      res.status,
      true,
    );
  }
}

function count(value: unknown): number {
  return Array.isArray(value) ? value.length : 0;
}

function int(value: unknown): number | null {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,12}$/.test(value) ? Number(value) : NaN;
  return Number.isFinite(n) ? n : null;
}

/**
 * The Xtream Codes account through player_api.php: user_info (status, expiry, connections) and the number of
 * live, film and series categories. The credentials are only ever in the request URL, never in a message or log.
 */
export async function checkXc(
  host: string,
  username: string,
  password: string,
  options: SafeFetchOptions,
): Promise<{ result: XcCheckResult; httpStatus: number }> {
  const { body, status } = await getJson(apiUrl(host, username, password), options);
  const info = (body as { user_info?: UserInfo } | null)?.user_info;
  if (!info || typeof info !== 'object') {
    throw new CheckFailure(
      'XC_NOT_API',
      'The server answered, but not with an Xtream Codes account: check the host URL.',
      status,
      true,
    );
  }
  if (Number(info.auth) !== 1) {
    throw new CheckFailure('XC_AUTH', 'The Xtream Codes server refused the username or password.', status, true);
  }
  const accountStatus = typeof info.status === 'string' && info.status ? info.status : 'Unknown';
  const expiry = int(info.exp_date);
  const expiresAt = expiry && expiry > 0 ? new Date(expiry * 1000).toISOString() : null;
  const base = {
    status: accountStatus,
    expiresAt,
    isTrial: String(info.is_trial) === '1',
    maxConnections: int(info.max_connections),
    activeConnections: int(info.active_cons),
  };
  if (accountStatus.toLowerCase() !== 'active') {
    throw new CheckFailure(
      'XC_INACTIVE',
      `The Xtream Codes account is ${accountStatus.toLowerCase()}${expiresAt ? ` (it expired on ${expiresAt.slice(0, 10)})` : ''}: renew it with the provider.`,
      status,
      true,
    );
  }
  const [live, vod, series] = await Promise.all(
    ['get_live_categories', 'get_vod_categories', 'get_series_categories'].map(async (action) =>
      count((await getJson(apiUrl(host, username, password, action), options)).body),
    ),
  );
  return {
    httpStatus: status,
    result: { ...base, liveCategories: live ?? 0, vodCategories: vod ?? 0, seriesCategories: series ?? 0 },
  };
}
