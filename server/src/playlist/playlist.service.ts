import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { messages } from '../../../common/messages';
import { lockedGroupsSchema, playlistPinSchema, playlistSchema } from '../../../common/validation';
import type { RateLimits } from '../auth/rate-limits';
import { DomainError, saidError } from '../common/errors';
import { hashSecret, verifySecret } from '../common/secrets';
import { validate } from '../common/validate';
import { type DeviceEntity } from '../device/device.entity';
import { DEVICE_SWITCHED_MESSAGE, lockDevice } from '../device/device-lock';
import { adoptFormCheck } from './form-check';
import { PlaylistEntity } from './playlist.entity';
import type { PlaylistView } from './playlist.view';
import { UUID, isUniqueViolation } from '../db/constraints';

export const PLAYLIST_SAVED_MESSAGE = messages.playlist.saved;
export const PLAYLIST_UNLOCKED_MESSAGE = messages.playlist.unlocked;
export const PLAYLIST_NOT_FOUND_MESSAGE = messages.playlist.notFound;
export const PLAYLIST_NAME_TAKEN_MESSAGE = messages.playlist.nameTaken;

const searchSchema = z
  .string({ error: 'Search must be text' })
  .max(100, 'Search must be at most 100 characters')
  .nullish()
  .transform((value) => value?.trim() ?? '');

/**
 * A playlist as a form or the graph sends it (playlistSchema's input). These input types are what the transports
 * pass; the calls still validate what they are given, since a REST body (cast at its adapter) can hold anything.
 */
export type PlaylistInput = z.input<typeof playlistSchema>;
/** A playlist's PIN as typed; absent or null when the playlist is not protected. */
export type PlaylistPin = z.input<typeof playlistPinSchema> | null | undefined;
/** One playlist by id, with its PIN when it is protected. */
export interface PlaylistWithPin {
  id: string;
  pin?: PlaylistPin;
}
export interface PlaylistUpdate {
  id: string;
  currentPin?: PlaylistPin;
  playlist: PlaylistInput;
}

/** A playlist's locked groups as the owner sets them, with its PIN when it is protected. */
export interface PlaylistLockedGroups extends PlaylistWithPin {
  lockedGroups: unknown;
}

const lockedGroupsInput = z.object({ lockedGroups: lockedGroupsSchema });

/** Who is asking: the device whose playlists these are, and from where (for the PIN limits). */
export interface PlaylistCaller {
  deviceId: string;
  clientIp: string;
}

function locked(entity: PlaylistEntity): PlaylistView {
  return { entity, unlocked: false };
}

/**
 * A device's playlists: listing, adding, changing, deleting, and opening protected ones with their PIN. Every
 * call is scoped to the caller's device: another device's playlist id is answered exactly like an unknown one.
 */
export class PlaylistService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly rateLimits: RateLimits,
    private readonly options: { maxPerDevice: number },
  ) {}

  /**
   * The device's playlists, newest first; with a search, those whose name contains it ignoring case. A page:
   * `first` of them (all when absent), after the one whose id is `after`.
   */
  async list(
    device: Pick<DeviceEntity, 'id'>,
    search?: z.input<typeof searchSchema>,
    page: { first?: number | null; after?: string | null } = {},
    /** Read each playlist's last check too (only for an answer that shows it). */
    read: { lastCheck?: boolean } = {},
  ): Promise<PlaylistView[]> {
    const found = await this.matching(device, search);
    const first = page.first ?? null;
    if (first !== null && (!Number.isInteger(first) || first < 1 || first > 1000)) {
      throw new DomainError('BAD_USER_INPUT', '`first` is from 1 to 1000.', { first: '`first` is from 1 to 1000.' });
    }
    let start = 0;
    if (page.after !== undefined && page.after !== null) {
      const index = found.findIndex((p) => p.id === page.after);
      if (index < 0) {
        const message = '`after` is not one of these playlists: start again from the first page.';
        throw new DomainError('BAD_USER_INPUT', message, { after: message });
      }
      start = index + 1;
    }
    const shown = found.slice(start, first === null ? undefined : start + first);
    if (read.lastCheck) await this.readLastChecks(shown);
    return shown.map(locked);
  }

  /** A playlist's last check (null when never checked), read on its own: the playlist reads leave it out. */
  async lastCheckOf(deviceId: string, id: string): Promise<unknown> {
    const [row] = (await this.dataSource.query(`SELECT last_check FROM playlists WHERE id = $1 AND device_id = $2`, [
      playlistIdOf(id),
      deviceId,
    ])) as { last_check: unknown }[];
    return row?.last_check ?? null;
  }

  /** Reads the last checks of these playlists (one statement), into their records. */
  async readLastChecks(entities: PlaylistEntity[]): Promise<void> {
    if (entities.length === 0) return;
    const rows = (await this.dataSource.query(`SELECT id, last_check FROM playlists WHERE id = ANY($1::uuid[])`, [
      entities.map((entity) => entity.id),
    ])) as { id: string; last_check: unknown }[];
    const byId = new Map(rows.map((row) => [row.id, row.last_check]));
    for (const entity of entities) entity.lastCheck = byId.get(entity.id) ?? null;
  }

  /** How many playlists `list` pages through with this search. */
  async count(device: Pick<DeviceEntity, 'id'>, search?: z.input<typeof searchSchema>): Promise<number> {
    return (await this.matching(device, search)).length;
  }

  private async matching(device: Pick<DeviceEntity, 'id'>, search?: z.input<typeof searchSchema>) {
    const term = validate(searchSchema, search).toLocaleLowerCase();
    const all = await this.dataSource
      .getRepository(PlaylistEntity)
      .find({ where: { deviceId: device.id }, order: { createdAt: 'DESC', id: 'ASC' } });
    return term ? all.filter((p) => p.name.toLocaleLowerCase().includes(term)) : all;
  }

  /** One of the device's playlists, locked if protected. */
  async get(deviceId: string, id: string): Promise<PlaylistView> {
    return locked(await this.find(deviceId, id));
  }

  /** Adds a playlist, within the device's limit; names are unique per device, ignoring case. */
  async create(caller: PlaylistCaller, input: PlaylistInput): Promise<PlaylistView> {
    const { pin, ...c } = validate(playlistSchema, input);
    const pinHash = pin ? await hashSecret(pin) : null;
    // One statement: the device row is locked only while it has room (PostgreSQL re-checks the count on the
    // row's newest version once the lock is granted, and the playlists trigger counts each add), so concurrent
    // adds queue on the lock and the limit holds under any concurrency.
    const [row] = (await this.mapConflicts(() =>
      this.dataSource.query(
        `WITH room AS (SELECT id FROM devices WHERE id = $1 AND playlist_count < $11 FOR UPDATE)
        INSERT INTO playlists (device_id, name, type, url, epg_url, username, password, playlist_code, is_protected, pin_hash)
          SELECT room.id, $2::varchar, $3::varchar, $4::text, $5::text, $6::varchar, $7::varchar, $8::varchar,
            $9::boolean, $10::text FROM room
          RETURNING id`,
        [
          caller.deviceId,
          c.name,
          c.type,
          c.url,
          c.epgUrl,
          c.username,
          c.password,
          c.playlistCode,
          c.isProtected,
          pinHash,
          this.options.maxPerDevice,
        ],
      ),
    )) as Array<{ id: string }>;
    if (row) {
      await adoptFormCheck(this.dataSource.manager, caller.deviceId, row.id, c);
      // Deleted by another request the moment it was added: said like any playlist that is gone.
      const entity = await this.dataSource.manager.findOneBy(PlaylistEntity, { id: row.id });
      if (!entity) throw new DomainError('NOT_FOUND', PLAYLIST_NOT_FOUND_MESSAGE);
      return { entity, unlocked: true };
    }
    const [device] = (await this.dataSource.query(`SELECT 1 FROM devices WHERE id = $1`, [
      caller.deviceId,
    ])) as unknown[];
    // Signed in a moment ago, and absorbed since by a Switch MAC onto its MAC: nothing was added.
    if (!device) throw new DomainError('CONFLICT', DEVICE_SWITCHED_MESSAGE);
    throw saidError('BAD_USER_INPUT', messages.playlist.tooMany, { max: this.options.maxPerDevice });
  }

  /** Replaces a playlist. A protected one needs its current PIN. */
  async update(caller: PlaylistCaller, input: PlaylistUpdate) {
    const { pin, ...playlist } = validate(playlistSchema, input.playlist);
    const existing = await this.find(caller.deviceId, input.id);
    await this.requirePin(caller, existing, input.currentPin, 'currentPin');
    const pinHash = pin ? await hashSecret(pin) : null;
    return this.mapConflicts(() =>
      this.dataSource.transaction(async (manager) => {
        // The device first, as every change to it (its playlists' trigger writes to its row): a Switch MAC moving
        // them waits, or is waited for, instead of deadlocking.
        await lockDevice(manager, caller.deviceId);
        const result = await manager.update(
          PlaylistEntity,
          { id: existing.id, deviceId: caller.deviceId },
          { ...playlist, pinHash },
        );
        if (!result.affected) throw new DomainError('NOT_FOUND', PLAYLIST_NOT_FOUND_MESSAGE);
        await adoptFormCheck(manager, caller.deviceId, existing.id, playlist);
        return { entity: await manager.findOneByOrFail(PlaylistEntity, { id: existing.id }), unlocked: true };
      }),
    );
  }

  /** Deletes a playlist. A protected one needs its PIN. */
  async delete(caller: PlaylistCaller, input: PlaylistWithPin): Promise<string> {
    const existing = await this.find(caller.deviceId, input.id);
    await this.requirePin(caller, existing, input.pin);
    return this.dataSource.transaction(async (manager) => {
      await lockDevice(manager, caller.deviceId);
      const result = await manager.delete(PlaylistEntity, { id: existing.id, deviceId: caller.deviceId });
      // Deleted meanwhile, or moved with its record by a Switch MAC.
      if (!result.affected) throw new DomainError('NOT_FOUND', PLAYLIST_NOT_FOUND_MESSAGE);
      return existing.id;
    });
  }

  /**
   * Parental control by category: replaces the groups of a playlist that a TV keeps behind the parent PIN. A
   * protected playlist needs its PIN, as for an edit.
   */
  async setLockedGroups(caller: PlaylistCaller, input: PlaylistLockedGroups): Promise<PlaylistView> {
    const { lockedGroups } = validate(lockedGroupsInput, { lockedGroups: input.lockedGroups });
    const existing = await this.find(caller.deviceId, input.id);
    await this.requirePin(caller, existing, input.pin);
    return this.dataSource.transaction(async (manager) => {
      await lockDevice(manager, caller.deviceId);
      const result = await manager.update(
        PlaylistEntity,
        { id: existing.id, deviceId: caller.deviceId },
        { lockedGroups },
      );
      if (!result.affected) throw new DomainError('NOT_FOUND', PLAYLIST_NOT_FOUND_MESSAGE);
      return { entity: await manager.findOneByOrFail(PlaylistEntity, { id: existing.id }), unlocked: true };
    });
  }

  /** Opens a playlist with its PIN: the one answer that carries a protected playlist's details. */
  async unlock(caller: PlaylistCaller, input: PlaylistWithPin): Promise<PlaylistView> {
    const existing = await this.find(caller.deviceId, input.id);
    await this.requirePin(caller, existing, input.pin);
    return { entity: existing, unlocked: true };
  }

  private async find(deviceId: string, id: string): Promise<PlaylistEntity> {
    const found = await this.dataSource.manager.findOneBy(PlaylistEntity, { id: playlistIdOf(id), deviceId });
    if (!found) throw new DomainError('NOT_FOUND', PLAYLIST_NOT_FOUND_MESSAGE);
    return found;
  }

  /** The protected playlist's PIN, sent in `field` (an edit's `currentPin`, a delete's or unlock's `pin`). */
  private async requirePin(
    caller: PlaylistCaller,
    playlist: PlaylistEntity,
    pin: PlaylistPin,
    field: 'pin' | 'currentPin' = 'pin',
  ): Promise<void> {
    if (!playlist.isProtected || !playlist.pinHash) return;
    const checked = playlistPinSchema.safeParse(pin ?? undefined);
    if (!checked.success) {
      const message = checked.error.issues[0]?.message ?? messages.playlist.wrongPin;
      throw new DomainError('BAD_USER_INPUT', message, { [field]: message });
    }
    const hash = playlist.pinHash;
    if (!(await this.rateLimits.checkPin(caller.deviceId, caller.clientIp, () => verifySecret(checked.data, hash)))) {
      throw new DomainError('FORBIDDEN', messages.playlist.wrongPin, { [field]: messages.playlist.tryAgain });
    }
  }

  /** A second playlist of the same name on a device is a conflict the owner can fix, not a fault. */
  private async mapConflicts<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (isUniqueViolation(err, 'uq_playlists_device_name')) {
        throw new DomainError('CONFLICT', PLAYLIST_NAME_TAKEN_MESSAGE, { name: PLAYLIST_NAME_TAKEN_MESSAGE });
      }
      throw err;
    }
  }
}

/**
 * A playlist id as sent (graph ids may arrive as numbers); a malformed one cannot be a playlist, and never reaches
 * the uuid column.
 */
function playlistIdOf(id: unknown): string {
  const playlistId = typeof id === 'number' ? String(id) : id;
  if (typeof playlistId !== 'string' || !UUID.test(playlistId)) {
    throw new DomainError('NOT_FOUND', PLAYLIST_NOT_FOUND_MESSAGE);
  }
  return playlistId;
}
