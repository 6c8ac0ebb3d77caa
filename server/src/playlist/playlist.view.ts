import type { CheckResult } from '../playlist-check/check-result';
import type { PlaylistEntity } from './playlist.entity';

/**
 * A playlist as a transport shows it: its record, and whether this answer may carry its details. A protected
 * playlist is shown unlocked only in the answer to the request that gave its PIN.
 */
export interface PlaylistView {
  entity: PlaylistEntity;
  unlocked: boolean;
  /** playlistDetails, worked out once per view: the graph asks for it once per field. */
  details?: PlaylistDetails;
}

export interface PlaylistDetails {
  locked: boolean;
  url: string | null;
  epgUrl: string | null;
  username: string | null;
  password: string | null;
  playlistCode: string | null;
  lastCheck: CheckResult | null;
}

/** The details of a playlist that a protected one keeps to itself until its PIN is given. */
export function playlistDetails(view: PlaylistView): PlaylistDetails {
  view.details ??= detailsOf(view);
  return view.details;
}

function detailsOf({ entity, unlocked }: PlaylistView): PlaylistDetails {
  const hidden = entity.isProtected && !unlocked;
  return {
    locked: hidden,
    url: hidden ? null : entity.url,
    epgUrl: hidden ? null : entity.epgUrl,
    username: hidden ? null : entity.username,
    password: hidden ? null : entity.password,
    playlistCode: hidden ? null : entity.playlistCode,
    // A check names what it found at the playlist's address (its guide URLs, channel names): details too.
    lastCheck: hidden ? null : ((entity.lastCheck as CheckResult | null) ?? null),
  };
}
