import type { DeviceFieldsFragment, PlaylistFieldsFragment } from '../__generated__/graphql';

type DeviceResult = DeviceFieldsFragment & { __typename: 'Device' };

/** A signed-in device as the graph returns it, in its trial unless overridden. */
export function buildDevice(overrides: Partial<DeviceResult> = {}): DeviceResult {
  return {
    __typename: 'Device',
    id: 'device-1',
    macAddress: 'a1:b2:c3:d4:e5:f6',
    status: 'TRIAL',
    isTrial: 1,
    createdAt: '2026-11-14T09:30:00.000Z',
    expireDate: '2026-11-21T09:30:00.000Z',
    hasParentPin: false,
    ...overrides,
  };
}

type PlaylistResult = PlaylistFieldsFragment & { __typename: 'Playlist' };

/** A playlist as the graph returns it: an unprotected general playlist unless overridden. */
export function buildPlaylist(overrides: Partial<PlaylistResult> = {}): PlaylistResult {
  return {
    __typename: 'Playlist',
    id: 'playlist-1',
    name: 'Sports',
    type: 'GENERAL',
    isProtected: false,
    locked: false,
    url: 'http://provider.example/sports.m3u',
    epgUrl: null,
    username: null,
    password: null,
    playlistCode: null,
    ...overrides,
  };
}
