import { KEYS, read, remove, write } from '../platform';

/**
 * The start-up reads' last good answers (docs/tv-api.md, "Polling and caching"): each safelisted GET's body and
 * ETag, kept across restarts. The ETag is sent back (`If-None-Match`); a 304 is answered from the copy; an outage
 * (no network, 503, any 5xx) is answered from the copy too, and says so (`staleReason`) so the screen shows a
 * notice. Only an answer that succeeded is kept: HTTP 200, `data`, no `errors`.
 *
 * The copies are one caller's: the token and language they were asked with (a fingerprint of them, `who`). A
 * request with another token finds none, and keeping one for it forgets the other's; a 401 forgets them all.
 */
interface Kept {
  etag: string | null;
  body: string;
}

interface KeptAnswers {
  who: string;
  answers: Record<string, Kept>;
}

export type StaleReason = 'offline' | 'unavailable';

type Listener = () => void;
const listeners = new Set<Listener>();
let staleReason: StaleReason | undefined;
/** The server's Retry-After of the outage, in seconds, when it gave one. */
let staleRetryAfter: number | undefined;
/** The status of the last start-up read that reached the server (200 or 304): for the tests and the bench. */
let lastStatus: number | undefined;

export function subscribeStale(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentStaleReason(): StaleReason | undefined {
  return staleReason;
}

/** How long the server asked to wait before trying again (Retry-After, in seconds), during an outage. */
export function retryAfterSeconds(): number | undefined {
  return staleReason ? staleRetryAfter : undefined;
}

function setStale(reason: StaleReason | undefined, retryAfter?: number) {
  staleRetryAfter = retryAfter;
  if (staleReason === reason) return;
  staleReason = reason;
  for (const listener of listeners) listener();
}

/** Not a secret (the token is kept beside it): only tells callers apart. cyrb53, 53 bits. */
function fingerprint(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** Who asks: the token and the language sent, and the server asked. */
function callerOf(url: URL, headers: Headers): string {
  return fingerprint(`${url.origin} ${headers.get('authorization') ?? ''} ${headers.get('accept-language') ?? ''}`);
}

function keptAnswers(who: string): Record<string, Kept> {
  try {
    const kept = JSON.parse(read(KEYS.answers) ?? 'null') as KeptAnswers | null;
    return kept && kept.who === who && typeof kept.answers === 'object' ? kept.answers : {};
  } catch {
    return {};
  }
}

function keep(who: string, name: string, kept: Kept) {
  write(KEYS.answers, JSON.stringify({ who, answers: { ...keptAnswers(who), [name]: kept } } satisfies KeptAnswers));
}

/** Forgets the copies kept for `who` (a 401 to a token already replaced leaves the new one's alone). */
function forgetAnswers(who: string) {
  try {
    const kept = JSON.parse(read(KEYS.answers) ?? 'null') as KeptAnswers | null;
    if (kept && kept.who !== who) return;
  } catch {
    // Unreadable: forgotten all the same.
  }
  remove(KEYS.answers);
  setStale(undefined);
}

function answerFromCopy(kept: Kept): Response {
  return new Response(kept.body, { status: 200, headers: { 'content-type': 'application/json' } });
}

function succeeded(body: string): boolean {
  try {
    const json = JSON.parse(body) as { data?: unknown; errors?: unknown[] };
    return Boolean(json.data) && !json.errors?.length;
  } catch {
    return false;
  }
}

/**
 * fetch for the graph: a safelisted GET (its operation name in the URL) revalidates against its kept copy; every
 * other request goes as it is.
 */
export async function revalidatingFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const url = new URL(String(input instanceof Request ? input.url : input), location.href);
  const name = (init.method ?? 'GET') === 'GET' ? url.searchParams.get('operationName') : null;
  if (!name) return fetch(input, init);
  const headers = new Headers(init.headers);
  const who = callerOf(url, headers);
  const kept = keptAnswers(who)[name];
  // A conditional header makes the browser pass the 304 through rather than answer from its own cache.
  if (kept?.etag) headers.set('if-none-match', kept.etag);
  let res: Response;
  try {
    res = await fetch(input, { ...init, headers });
  } catch (error) {
    if (!kept || (error as Error).name === 'AbortError') throw error;
    setStale('offline');
    return answerFromCopy(kept);
  }
  if (res.status === 304 && kept) {
    lastStatus = 304;
    setStale(undefined);
    return answerFromCopy(kept);
  }
  if (res.status >= 500 && kept) {
    const retryAfter = Number.parseInt(res.headers.get('retry-after') ?? '', 10);
    // A gateway that could not reach the server (502, 504) is no connection; the server's own failure is its own.
    const reason = res.status === 502 || res.status === 504 ? 'offline' : 'unavailable';
    setStale(reason, retryAfter > 0 ? retryAfter : undefined);
    return answerFromCopy(kept);
  }
  // The token opens nothing any more: nothing it was answered is kept (the client ends the session).
  if (res.status === 401) forgetAnswers(who);
  if (res.status !== 200) return res;
  const body = await res.text();
  lastStatus = 200;
  if (succeeded(body)) {
    keep(who, name, { etag: res.headers.get('etag'), body });
    setStale(undefined);
  }
  return new Response(body, { status: res.status, headers: res.headers });
}

export function lastStartupStatus(): number | undefined {
  return lastStatus;
}
