import { createHmac, timingSafeEqual } from 'node:crypto';
import express, { type Request, type Response, type Router } from 'express';
import type { DataSource } from 'typeorm';
import { SESSION_WITH_DEVICE, sessionCookieName } from '../auth/session';

/**
 * The load benchmark's yardstick (tests/bench/load.mjs), mounted only when BENCH_BASELINE=true and never in
 * production: the portal's traffic (device check, playlist list, save, delete) as the least an Express route
 * can do for it, in the same process, on the same pool, with the same statements the real paths send. No
 * validation, no rate limits, no caching, no GraphQL: the cost of everything the product adds is the gap
 * between these routes and the real ones.
 */
export function benchBaselineRouter(
  dataSource: DataSource,
  secret: string,
  secure: boolean,
  maxPlaylistsPerDevice: number,
): Router {
  const router = express.Router();
  const cookieName = sessionCookieName(secure);

  /** The session's device, read the way the session store reads a session and its device (one statement). */
  async function device(req: Request, res: Response) {
    const cookie = req.headers.cookie
      ?.split(/;\s*/)
      .find((c) => c.startsWith(`${cookieName}=`))
      ?.slice(cookieName.length + 1);
    const signed = cookie && decodeURIComponent(cookie);
    let found: { id: string } | undefined;
    if (signed?.startsWith('s:')) {
      const dot = signed.lastIndexOf('.');
      const sid = signed.slice(2, dot);
      const mac = Buffer.from(createHmac('sha256', secret).update(sid).digest('base64').replace(/=+$/, ''));
      const given = Buffer.from(signed.slice(dot + 1));
      if (mac.length === given.length && timingSafeEqual(mac, given)) {
        const [row] = await dataSource.query(SESSION_WITH_DEVICE, [sid, Math.floor(Date.now() / 1000)]);
        if (row?.id) found = row;
      }
    }
    if (!found) res.status(401).json({ status: 'error', message: 'Not signed in.' });
    return found;
  }

  router.get('/device', async (req, res) => {
    const found = await device(req, res);
    if (found) res.json({ device: found });
  });

  router.get('/playlists', async (req, res) => {
    const found = await device(req, res);
    if (!found) return;
    const playlists = await dataSource.query(
      `SELECT * FROM "playlists" WHERE device_id = $1 ORDER BY created_at DESC, id ASC`,
      [found.id],
    );
    res.json({ playlists });
  });

  router.post('/playlists', express.json({ limit: '100kb' }), async (req, res) => {
    const found = await device(req, res);
    if (!found) return;
    const { name, url } = req.body as { name: string; url: string };
    const [playlist] = await dataSource.query(
      `WITH room AS (SELECT id FROM devices WHERE id = $1 AND playlist_count < $4 FOR UPDATE)
      INSERT INTO playlists (device_id, name, type, url) SELECT room.id, $2::varchar, 'general', $3::text FROM room
        RETURNING *`,
      [found.id, name, url, maxPlaylistsPerDevice],
    );
    res.json({ playlist });
  });

  router.delete('/playlists/:id', async (req, res) => {
    const found = await device(req, res);
    if (!found) return;
    await dataSource.query(`DELETE FROM playlists WHERE id = $1 AND device_id = $2 AND NOT is_protected`, [
      req.params.id,
      found.id,
    ]);
    res.json({ id: req.params.id });
  });

  return router;
}
