import { gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';
import { LRUCache } from 'lru-cache';

/**
 * A finished answer, kept with its gzip form so that serving it again costs neither serialising nor zlib. The
 * gzip form is made the first time a client takes it: TV apps and scripts that do not ask for gzip never pay
 * for it, and an answer replaced before it is read again costs no zlib at all.
 */
export interface CachedAnswer {
  body: Buffer;
  gzip: Buffer | undefined;
  contentType: string;
}

/** One device's answers, all of one version of its data, by what was asked. */
interface Scope {
  version: number;
  answers: Map<string, CachedAnswer>;
}

/** Twice the bodies' bytes (the gzip form, made later, is smaller than the body, so this bounds both) and the keys'. */
function sizeOf(scope: Scope): number {
  let bytes = 0;
  for (const [asked, answer] of scope.answers) bytes += 2 * answer.body.length + asked.length;
  return Math.max(bytes, 1);
}

/** Answers kept per device and version: a client asking for this many different things is not worth keeping. */
const MAX_ANSWERS_PER_SCOPE = 16;

/**
 * Whole HTTP answers by scope (a device), the version of its data (see devices.playlists_version, bumped by a
 * trigger on every change) and what was asked. Versions only go up, so an answer of an older version is never
 * served again: a scope keeps the answers of the version last stored and drops the others at once, and the
 * cache holds no more than the devices recently seen, not every version each has had. Bounded by bytes.
 */
export class AnswerCache {
  private readonly scopes: LRUCache<string, Scope>;

  constructor(maxBytes = 64 * 1024 * 1024) {
    this.scopes = new LRUCache({ maxSize: maxBytes, sizeCalculation: sizeOf });
  }

  get(scope: string, version: number, asked: string): CachedAnswer | undefined {
    const kept = this.scopes.get(scope);
    return kept?.version === version ? kept.answers.get(asked) : undefined;
  }

  store(scope: string, version: number, asked: string, body: string, contentType: string): CachedAnswer {
    const answer: CachedAnswer = { body: Buffer.from(body), gzip: undefined, contentType };
    const kept = this.scopes.peek(scope);
    const room = kept && (kept.answers.size < MAX_ANSWERS_PER_SCOPE || kept.answers.has(asked));
    const answers = kept?.version === version && room ? kept.answers : new Map<string, CachedAnswer>();
    answers.set(asked, answer);
    // A new object, so that the cache counts its new size.
    this.scopes.set(scope, { version, answers });
    return answer;
  }

  /** Sends an answer as it is, compressed when the client takes gzip (the compression middleware then leaves it). */
  static send(req: Request, res: Response, answer: CachedAnswer): void {
    res.setHeader('Content-Type', answer.contentType);
    res.setHeader('Vary', 'Accept-Encoding');
    if (req.acceptsEncodings('gzip') === 'gzip') {
      res.setHeader('Content-Encoding', 'gzip');
      answer.gzip ??= gzipSync(answer.body);
      res.end(answer.gzip);
    } else {
      res.end(answer.body);
    }
  }
}
