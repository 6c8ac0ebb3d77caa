import type { CheckResult } from '../playlist-check/check-result';
import type { PlaylistType } from '../../../common/validation';
import type { PlaylistEntity } from './playlist.entity';

/**
 * A playlist as a transport shows it: its record, and whether this answer may carry its details. A protected
 * playlist is shown unlocked only in the answer to the request that gave its PIN.
 */
export interface PlaylistView {
  entity: PlaylistEntity;
  unlocked: boolean;
}

export interface PlaylistDetails {
  locked: boolean;
  url: string | null;
  epgUrl: string | null;
  username: string | null;
  password: string | null;
  playlistCode: string | null;
  /** Null while locked or never checked; undefined when not read with the playlist (the graph reads it then). */
  lastCheck: CheckResult | null | undefined;
}

/** A playlist as the graph answers it (the schema's Playlist, field for field). */
export interface GraphPlaylist extends PlaylistDetails {
  id: string;
  name: string;
  type: Uppercase<PlaylistType>;
  isProtected: boolean;
  lockedGroups: string[];
  createdAt: Date;
  updatedAt: Date;
}

export function graphPlaylist(view: PlaylistView): GraphPlaylist {
  const { entity } = view;
  return {
    id: entity.id,
    name: entity.name,
    type: entity.type.toUpperCase() as Uppercase<PlaylistType>,
    isProtected: entity.isProtected,
    // Not a detail a PIN keeps: the owner's settings, which a TV needs before it shows the playlist (schema).
    lockedGroups: entity.lockedGroups,
    ...playlistDetails(view),
    createdAt: entity.createdAt,
    updatedAt: entity.updatedAt,
  };
}

/** The details of a playlist that a protected one keeps to itself until its PIN is given. */
export function playlistDetails({ entity, unlocked }: PlaylistView): PlaylistDetails {
  const hidden = entity.isProtected && !unlocked;
  return {
    locked: hidden,
    url: hidden ? null : entity.url,
    epgUrl: hidden ? null : entity.epgUrl,
    username: hidden ? null : entity.username,
    password: hidden ? null : entity.password,
    playlistCode: hidden ? null : entity.playlistCode,
    // A check names what it found at the playlist's address (its guide URLs, channel names): details too.
    lastCheck: hidden ? null : (entity.lastCheck as CheckResult | null | undefined),
  };
}
