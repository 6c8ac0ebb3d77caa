// The load benchmark's yardstick (load.mjs): the portal's traffic (device check, playlist list, save, delete) as
// the least an Express route can do for it, in the product's own process, on its pool, with the statements the
// product sends. No validation, no rate limits, no GraphQL: the cost of everything the product adds is the gap
// between these routes and the real ones. Never part of the product: bench-main.mjs serves it on a port of its own.
import { createHmac, timingSafeEqual } from 'node:crypto';
import express from 'express';

/** A session and its device, read together. */
const SESSION_WITH_DEVICE = `SELECT d.* FROM sessions s JOIN devices d ON d.id = (s.sess ->> 'deviceId')::uuid
  WHERE s.sid = $1 AND s.expire >= to_timestamp($2)`;

export function baselineApp({ dataSource, secret, cookieName, maxPlaylistsPerDevice }) {
  const app = express();
  app.disable('x-powered-by');

  /** The session's device from express-session's signed cookie (`s:<sid>.<HMAC-SHA256 of sid>`), or a 401. */
  async function device(req, res) {
    const cookie = req.headers.cookie
      ?.split(/;\s*/)
      .find((c) => c.startsWith(`${cookieName}=`))
      ?.slice(cookieName.length + 1);
    const signed = cookie && decodeURIComponent(cookie);
    let found;
    if (signed?.startsWith('s:')) {
      const dot = signed.lastIndexOf('.');
      const sid = signed.slice(2, dot);
      const mac = Buffer.from(createHmac('sha256', secret).update(sid).digest('base64').replace(/=+$/, ''));
      const given = Buffer.from(signed.slice(dot + 1));
      if (mac.length === given.length && timingSafeEqual(mac, given)) {
        [found] = await dataSource.query(SESSION_WITH_DEVICE, [sid, Math.floor(Date.now() / 1000)]);
      }
    }
    if (!found) res.status(401).json({ status: 'error', message: 'Not signed in.' });
    return found;
  }

  app.get('/bench/baseline/device', async (req, res) => {
    const found = await device(req, res);
    if (found) res.json({ device: found });
  });

  app.get('/bench/baseline/playlists', async (req, res) => {
    const found = await device(req, res);
    if (!found) return;
    const playlists = await dataSource.query(
      `SELECT * FROM playlists WHERE device_id = $1 ORDER BY created_at DESC, id ASC`,
      [found.id],
    );
    res.json({ playlists });
  });

  app.post('/bench/baseline/playlists', express.json({ limit: '100kb' }), async (req, res) => {
    const found = await device(req, res);
    if (!found) return;
    const { name, url } = req.body;
    const [playlist] = await dataSource.query(
      `WITH room AS (SELECT id FROM devices WHERE id = $1 AND playlist_count < $4 FOR UPDATE)
      INSERT INTO playlists (device_id, name, type, url) SELECT room.id, $2::varchar, 'general', $3::text FROM room
        RETURNING *`,
      [found.id, name, url, maxPlaylistsPerDevice],
    );
    res.json({ playlist });
  });

  app.delete('/bench/baseline/playlists/:id', async (req, res) => {
    const found = await device(req, res);
    if (!found) return;
    await dataSource.query(`DELETE FROM playlists WHERE id = $1 AND device_id = $2 AND NOT is_protected`, [
      req.params.id,
      found.id,
    ]);
    res.json({ id: req.params.id });
  });

  return app;
}
