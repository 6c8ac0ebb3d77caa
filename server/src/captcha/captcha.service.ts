import { createHash, randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import svgCaptcha from 'svg-captcha';
import type { RateLimits } from '../auth/rate-limits';
import { returningRows } from '../db/query';
import { CaptchaChallengeEntity } from './captcha.entity';
import { UUID } from '../db/constraints';

// Characters people confuse with each other are never used.
const CAPTCHA_OPTIONS = { size: 5, noise: 2, color: true, background: '#f4f4f5', ignoreChars: '0oO1iIlLsS5' };

/** How a challenge's answer is stored: what a person types, trimmed and in capitals, hashed. */
export function answerHash(answer: string): string {
  return createHash('sha256').update(answer.trim().toUpperCase()).digest('hex');
}

export interface Captcha {
  svg: string;
  token: string;
}

export class CaptchaService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly rateLimits: RateLimits,
    private readonly options: { ttlMs: number; testAnswer?: string },
  ) {}

  /** Draws a new captcha and remembers its answer in the database, so any server instance can check it. */
  async create(clientIp: string): Promise<Captcha> {
    await this.rateLimits.countCaptcha(clientIp);
    const { text } = this.options.testAnswer ? { text: this.options.testAnswer } : svgCaptcha.create(CAPTCHA_OPTIONS);
    // Rendering through the module's own function keeps test captchas looking like real ones.
    const svg = (svgCaptcha as unknown as (text: string, options: object) => string)(text, CAPTCHA_OPTIONS);
    const token = randomUUID();
    await this.dataSource.getRepository(CaptchaChallengeEntity).insert({
      id: token,
      answerHash: answerHash(text),
      expiresAt: new Date(Date.now() + this.options.ttlMs),
    });
    return { svg, token };
  }

  /**
   * Checks an answer and spends the challenge whatever the outcome: a token is good for one attempt, and two
   * concurrent attempts with the same token cannot both see it (the delete is atomic).
   */
  async consume(token: string, answer: string): Promise<boolean> {
    if (!UUID.test(token)) return false;
    const [row] = await returningRows<{ answer_hash: string; expires_at: Date }>(
      this.dataSource,
      `DELETE FROM captcha_challenges WHERE id = $1 RETURNING answer_hash, expires_at`,
      [token],
    );
    if (!row) return false;
    return row.expires_at.getTime() > Date.now() && row.answer_hash === answerHash(answer);
  }
}
