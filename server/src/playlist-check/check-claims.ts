import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';

/** A claim taken: release it when done (it lapses on its own at its expiry). */
export interface Claim {
  release(): Promise<void>;
}

/** How often a waiting claim is tried again. */
const RETRY_MS = 200;

/**
 * What the check may use only once at a time on every instance (an owner's check, an Xtream Codes line's
 * connection), as rows of `check_claims` in PostgreSQL: taken by one conditional upsert, so of two instances
 * trying at once exactly one wins; held until released or until it expires (a crashed instance's claim lapses).
 */
export class CheckClaims {
  constructor(private readonly dataSource: DataSource) {}

  /** Takes `key` for `holdMs`, unless someone holds it; null when someone does. */
  async take(key: string, holdMs: number): Promise<Claim | null> {
    const holder = randomUUID();
    const rows = (await this.dataSource.query(
      `INSERT INTO check_claims (key, holder, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))
       ON CONFLICT (key) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
         WHERE check_claims.expires_at < now()
       RETURNING holder`,
      [key, holder, Math.ceil(holdMs / 1000)],
    )) as { holder: string }[];
    if (rows.length === 0) return null;
    return {
      release: async () => {
        await this.dataSource.query(`DELETE FROM check_claims WHERE key = $1 AND holder = $2`, [key, holder]);
      },
    };
  }

  /** Takes `key` as soon as it is free, trying until `deadline` (ms since 1970); null if it never was. */
  async takeBy(key: string, holdMs: number, deadline: number): Promise<Claim | null> {
    for (;;) {
      const claim = await this.take(key, holdMs);
      if (claim || Date.now() + RETRY_MS > deadline) return claim;
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }
}
