import type { TestClient } from './http';

/**
 * Sweeps of hostile input (bad-input.test.ts, fuzz.test.ts): each probe sends one request, and its answer must
 * be a refusal the caller can act on, never a server error, never internals.
 */

export type Answer = Awaited<ReturnType<TestClient['request']>>;

/** GraphQL codes a refusal of hostile input may carry when a probe names no others. */
export const REFUSAL_CODES: ReadonlySet<string> = new Set([
  'BAD_USER_INPUT',
  'NOT_FOUND',
  'FORBIDDEN',
  'CONFLICT',
  'UNAUTHENTICATED',
  'RATE_LIMITED',
]);

/** Words that would mean internals leaked into an answer (a stack, SQL, the ORM, the driver, file paths). */
export const LEAK =
  /stack|trace|syntax error at|invalid input syntax|duplicate key|violates|constraint|relation "|column "|typeorm|QueryFailed|Could not find any entity|\bpg_|node_modules|\bat \w+ \(/i;

export interface Probe {
  label: string;
  /** The whole request as sent: words of it an answer echoes back (graphql-js quotes bad values) are no leak. */
  sent?: string;
  transport: 'graph' | 'rest';
  send(): Promise<Answer>;
  /** checkParentPin answers a wrong PIN with `valid: false`, which is a refusal too. */
  refusedData?: (data: any) => boolean;
  /** The GraphQL codes that count as a refusal here; REFUSAL_CODES when not given. */
  codes?: ReadonlySet<string>;
  /** An answer that is no refusal but harmless all the same (a read of the caller's own data). */
  harmless?: (res: Answer) => boolean;
}

export function describeValue(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = Object.prototype.toString.call(value);
  }
  return text.length > 40 ? `${text.slice(0, 37)}…(${text.length})` : text;
}

/** A value as a path segment; a lone surrogate becomes the invalid UTF-8 it would be on the wire. */
export function pathSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value.replace(/[\uD800-\uDFFF]/g, '%ED%A0%BD').replace(/[^%\w-]/g, (c) => encodeURIComponent(c));
  }
}

/** The first word of an answer that would mean internals leaked, leaving out echoes of the request. */
export function leakIn(text: string, sent?: string): string | null {
  const request = sent?.toLowerCase();
  for (const match of text.matchAll(new RegExp(LEAK.source, 'gi'))) {
    const word = match[0].toLowerCase();
    if (!request || (!request.includes(word) && !request.includes(JSON.stringify(word).slice(1, -1)))) return match[0];
  }
  return null;
}

/** Why an answer is not an acceptable refusal, or null when it is. */
export function problemWith(probe: Probe, res: Answer): string | null {
  if (res.status >= 500) return `HTTP ${res.status}: ${res.text.slice(0, 200)}`;
  const leak = leakIn(res.text.slice(0, 5000), probe.sent);
  if (leak) return `leaks internals ("${leak}"): ${res.text.slice(0, 200)}`;
  if (probe.harmless?.(res)) return null;
  if (probe.transport === 'rest') {
    if (res.status < 400) return `accepted with HTTP ${res.status}: ${res.text.slice(0, 200)}`;
    // 431 (a path too long) comes from Node's HTTP parser, before the application, without a body.
    if (res.status !== 431 && res.json?.status !== 'error') return `HTTP ${res.status} without an error body`;
    return null;
  }
  const errors: Array<{ message: string; extensions?: { code?: string } }> | undefined = res.json?.errors;
  if (!errors?.length) {
    if (probe.refusedData && res.json?.data && probe.refusedData(res.json.data)) return null;
    return `accepted: ${res.text.slice(0, 200)}`;
  }
  const allowed = probe.codes ?? REFUSAL_CODES;
  const codes = errors.map((e) => e.extensions?.code ?? 'none');
  const unexpected = codes.filter((code) => !allowed.has(code));
  if (unexpected.length) return `codes ${codes.join(', ')}: ${errors[0]?.message}`;
  return null;
}

/**
 * Runs the probes a few at a time and returns every one that was not refused properly. `check` adds a test of
 * its own to every answer (e.g. that it names nothing of another device).
 */
export async function runProbes<P extends Probe>(
  probes: P[],
  concurrency = 6,
  check?: (probe: P, res: Answer) => string | null,
): Promise<string[]> {
  const problems: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < probes.length) {
      const probe = probes[next++]!;
      let problem: string | null;
      try {
        const res = await probe.send();
        problem = problemWith(probe, res) ?? check?.(probe, res) ?? null;
      } catch (err) {
        problem = `request failed: ${(err as Error).message}`;
      }
      if (problem) problems.push(`${probe.label}: ${problem}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return problems;
}
