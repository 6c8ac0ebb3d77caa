import { defineMessage, defineMessages } from 'react-intl';
import type { PlaylistFormInput, PlaylistType as PlaylistKind, PlaylistValues } from '../../../../../common/validation';
import type { PlaylistFieldsFragment, PlaylistInput, PlaylistType } from '../../../__generated__/graphql';

export type { PlaylistKind };
export type Playlist = PlaylistFieldsFragment;

/** The add forms' headings, which are also the main view's buttons. */
export const ADD_HEADINGS = defineMessages<PlaylistKind>({
  general: { id: 'playlists.add.general', defaultMessage: 'Add Playlist' },
  xc: { id: 'playlists.add.xc', defaultMessage: 'Add XC Playlist' },
  code: { id: 'playlists.add.code', defaultMessage: 'Add Playlist Code' },
});

/** The PIN dialog's text for a protected playlist (editing, deleting or checking it). */
export const PIN_PROMPT = defineMessage<{ name: string }>({
  id: 'playlists.pin.protected',
  defaultMessage: '“{name}” is protected.',
});

const TO_GRAPHQL: Record<PlaylistKind, PlaylistType> = { general: 'GENERAL', xc: 'XC', code: 'CODE' };
const FROM_GRAPHQL: Record<PlaylistType, PlaylistKind> = { GENERAL: 'general', XC: 'xc', CODE: 'code' };

export function kindOf(type: PlaylistType): PlaylistKind {
  return FROM_GRAPHQL[type];
}

/** What the server stores, from the form's parsed values (the schema already nulled unused fields). */
export function toPlaylistInput(values: PlaylistValues): PlaylistInput {
  return {
    name: values.name,
    type: TO_GRAPHQL[values.type],
    url: values.url,
    epgUrl: values.epgUrl,
    username: values.username,
    password: values.password,
    playlistCode: values.playlistCode,
    isProtected: values.isProtected,
    pin: values.pin,
  };
}

/** The form's starting values: empty for an add, the playlist (and the PIN that opened it) for an edit. */
export function formDefaults(kind: PlaylistKind, playlist?: Playlist, pin?: string): PlaylistFormInput {
  return {
    type: kind,
    name: playlist?.name ?? '',
    url: playlist?.url ?? '',
    epgUrl: playlist?.epgUrl ?? '',
    username: playlist?.username ?? '',
    password: playlist?.password ?? '',
    playlistCode: playlist?.playlistCode ?? '',
    isProtected: playlist?.isProtected ?? false,
    pin: pin ?? '',
    pinConfirmation: pin ?? '',
  };
}

/** The table's URL cell: 'Protected', else the URL, else the code, else 'N/A'. */
export function urlCell(playlist: Playlist): string {
  if (playlist.isProtected) return 'Protected';
  return playlist.url || playlist.playlistCode || 'N/A';
}
