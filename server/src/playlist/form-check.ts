import { createHash } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import type { PlaylistValues } from '../../../common/validation';

/** How long a form's check waits for its playlist to be saved. */
const FORM_CHECK_TTL = '1 hour';

type SourceValues = Pick<PlaylistValues, 'type' | 'url' | 'epgUrl' | 'username' | 'password'>;

/**
 * The exact source a check fetched, for one device: validated values (as saved), credentials included, so a
 * playlist saved with other credentials or another guide never takes the check. Salted by the device, so the
 * stored key says nothing across devices.
 */
function sourceKey(deviceId: string, values: SourceValues): string {
  const source = [deviceId, values.type, values.url, values.username, values.password, values.epgUrl];
  return createHash('sha256').update(JSON.stringify(source)).digest('hex');
}

/** Keeps the result of a form's check for the device that ran it (its latest form check replaces any other). */
export async function rememberFormCheck(
  dataSource: DataSource,
  deviceId: string,
  values: SourceValues,
  result: unknown,
): Promise<void> {
  await dataSource.query(
    `INSERT INTO form_checks (device_id, source_key, result, checked_at) VALUES ($1, $2, $3, now())
      ON CONFLICT (device_id) DO UPDATE SET source_key = EXCLUDED.source_key, result = EXCLUDED.result,
        checked_at = EXCLUDED.checked_at`,
    [deviceId, sourceKey(deviceId, values), JSON.stringify(result)],
  );
}

/**
 * Gives a playlist just saved the device's form check of the same source, if one was run within the hour: the
 * server's own result, never one a client sends. Taken once.
 */
export async function adoptFormCheck(
  manager: EntityManager,
  deviceId: string,
  playlistId: string,
  values: SourceValues,
): Promise<void> {
  await manager.query(
    `WITH taken AS (
       DELETE FROM form_checks WHERE device_id = $1 AND source_key = $3
         AND checked_at > now() - interval '${FORM_CHECK_TTL}'
       RETURNING result, checked_at)
     UPDATE playlists SET last_check = taken.result, last_checked_at = taken.checked_at
       FROM taken WHERE playlists.id = $2 AND playlists.device_id = $1`,
    [deviceId, playlistId, sourceKey(deviceId, values)],
  );
}
