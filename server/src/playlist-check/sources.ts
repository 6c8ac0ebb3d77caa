import { checkMessages, said } from './check-messages';
import { CheckFailure, type CheckProblem } from './check-result';
import { FetchError, safeFetch, type FetchFailure, type SafeFetchOptions, type SafeResponse } from './safe-fetch';

const PROBLEM_OF: Record<FetchFailure, CheckProblem> = {
  'invalid-url': 'INVALID_URL',
  'unsupported-protocol': 'INVALID_URL',
  'blocked-address': 'BLOCKED_ADDRESS',
  dns: 'DNS',
  connection: 'CONNECTION',
  tls: 'TLS',
  timeout: 'TIMEOUT',
  'too-many-redirects': 'TOO_MANY_REDIRECTS',
  'too-large': 'TOO_LARGE',
};

/** A fetcher failure as the check reports it (its message is already safe to show). */
export function checkFailureOf(err: unknown): CheckFailure {
  if (err instanceof CheckFailure) return err;
  if (err instanceof FetchError) {
    const reached = err.failure === 'too-large' || err.failure === 'timeout';
    return new CheckFailure(PROBLEM_OF[err.failure], err.said, null, reached);
  }
  throw err;
}

/** 'The server answered HTTP 403 (access refused: ...).', said. */
export function httpStatusSaid(status: number) {
  const { http } = checkMessages;
  const message = status === 401 || status === 403 ? http.refused : status === 404 ? http.notFound : http.status;
  return said(message, { status: String(status) });
}

/** Fetches, turning fetcher failures and HTTP error statuses into CheckFailures. */
export async function open(url: string, options: SafeFetchOptions): Promise<SafeResponse> {
  const res = await safeFetch(url, options).catch((err: unknown) => {
    throw checkFailureOf(err);
  });
  if (res.status >= 400) {
    res.close();
    throw new CheckFailure('HTTP_STATUS', httpStatusSaid(res.status), res.status, true);
  }
  return res;
}

/** Reads a whole (small) body, for APIs: at most `limit` bytes. */
export async function readText(res: SafeResponse, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of res.body) {
      size += chunk.length;
      if (size > limit) {
        throw new CheckFailure(
          'TOO_LARGE',
          said(checkMessages.http.answerTooLarge, { megabytes: String(Math.round(limit / 1024 / 1024)) }),
          res.status,
          true,
        );
      }
      chunks.push(chunk);
    }
  } catch (err) {
    throw checkFailureOf(err);
  } finally {
    res.close();
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * XUI's stand-in for every refusal: the exact page nginx sends for a 404, with the padding comments nginx adds
 * only for Internet Explorer (XUI always adds them; nginx itself never does for our User-Agent).
 */
export function isXuiNotFound(page: string): boolean {
  return /<center><h1>404 Not Found<\/h1><\/center>/i.test(page) && page.includes('a padding to disable MSIE');
}
