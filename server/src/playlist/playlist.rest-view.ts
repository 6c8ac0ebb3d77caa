import { checkSaidIn } from '../playlist-check/check.view';
import { playlistDetails, type PlaylistView } from './playlist.view';

/** A playlist as the legacy portal reads it. The PIN is never sent, nor a locked one's details. */
export function legacyPlaylist(view: PlaylistView, locale: string) {
  const details = playlistDetails(view);
  return {
    _id: view.entity.id,
    playlist_name: view.entity.name,
    playlist_type: view.entity.type,
    url: details.url,
    epg_url: details.epgUrl,
    username: details.username,
    password: details.password,
    playlist_code: details.playlistCode,
    is_protected: view.entity.isProtected,
    locked_groups: view.entity.lockedGroups,
    last_check: details.lastCheck ? checkSaidIn(details.lastCheck, locale) : null,
  };
}
