import { KEYS, read, write } from '../platform';

/**
 * The start-up reads' last good answers (docs/tv-api.md, "Polling and caching"): each safelisted GET's body and
 * ETag, kept across restarts. The ETag is sent back (`If-None-Match`); a 304 is answered from the copy; an outage
 * (no network, 503, any 5xx) is answered from the copy too, and says so (`staleReason`) so the screen shows a
 * notice. Only an answer that succeeded is kept: HTTP 200, `data`, no `errors`.
 */
interface Kept {
  etag: string | null;
  body: string;
}

export type StaleReason = 'offline' | 'unavailable';

type Listener = () => void;
const listeners = new Set<Listener>();
let staleReason: StaleReason | undefined;
/** The status of the last start-up read that reached the server (200 or 304): for the tests and the bench. */
let lastStatus: number | undefined;

export function subscribeStale(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentStaleReason(): StaleReason | undefined {
  return staleReason;
}

function setStale(reason: StaleReason | undefined) {
  if (staleReason === reason) return;
  staleReason = reason;
  for (const listener of listeners) listener();
}

function keptAnswers(): Record<string, Kept> {
  try {
    return JSON.parse(read(KEYS.answers) ?? '{}') as Record<string, Kept>;
  } catch {
    return {};
  }
}

function keep(name: string, kept: Kept) {
  write(KEYS.answers, JSON.stringify({ ...keptAnswers(), [name]: kept }));
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
  const url = String(input instanceof Request ? input.url : input);
  const name = (init.method ?? 'GET') === 'GET' ? new URL(url, location.href).searchParams.get('operationName') : null;
  if (!name) return fetch(input, init);
  const kept = keptAnswers()[name];
  const headers = new Headers(init.headers);
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
    setStale(res.status === 503 ? 'unavailable' : 'offline');
    return answerFromCopy(kept);
  }
  if (res.status !== 200) return res;
  const body = await res.text();
  lastStatus = 200;
  if (succeeded(body)) {
    keep(name, { etag: res.headers.get('etag'), body });
    setStale(undefined);
  }
  return new Response(body, { status: res.status, headers: res.headers });
}

export function lastStartupStatus(): number | undefined {
  return lastStatus;
}
