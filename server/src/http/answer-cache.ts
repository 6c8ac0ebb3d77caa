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

/**
 * Whole HTTP answers by key, bounded by bytes. Callers put the data's version in the key (see
 * devices.playlists_version), so an entry is never served after the data changed and nothing needs clearing.
 */
export class AnswerCache {
  private readonly answers: LRUCache<string, CachedAnswer>;

  constructor(maxBytes = 64 * 1024 * 1024) {
    this.answers = new LRUCache({
      maxSize: maxBytes,
      // The gzip form, made later, is smaller than the body: twice the body bounds both.
      sizeCalculation: (answer) => 2 * answer.body.length,
    });
  }

  get(key: string): CachedAnswer | undefined {
    return this.answers.get(key);
  }

  store(key: string, body: string, contentType: string): CachedAnswer {
    const bytes = Buffer.from(body);
    const answer: CachedAnswer = { body: bytes, gzip: undefined, contentType };
    this.answers.set(key, answer);
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
