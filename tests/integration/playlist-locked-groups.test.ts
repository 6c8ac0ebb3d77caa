import { messages } from '../../common/messages';
import { localizer } from '../../server/src/i18n/localizer';
import { buildDevice, signedInDevice, startTestServer, type TestServer } from '../support/server';

/**
 * Parental control by category (the landing page's "content access by category"): the owner locks some of a
 * playlist's groups, through the graph or REST; the owner and the device's TV read them; nothing else sets them.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ LOGIN_MAX_FAILURES_PER_MAC: '5', LOGIN_MAX_FAILURES_PER_IP: '1000' });
});
afterAll(() => server.stop());

const FIELDS = 'id name isProtected locked url lockedGroups';
const CREATE = `mutation($input: PlaylistInput!) { createPlaylist(input: $input) { playlist { ${FIELDS} } } }`;
const UPDATE = `mutation($input: UpdatePlaylistInput!) { updatePlaylist(input: $input) { playlist { ${FIELDS} } } }`;
const SET = `mutation($input: SetPlaylistLockedGroupsInput!) {
  setPlaylistLockedGroups(input: $input) { message playlist { ${FIELDS} } }
}`;
const LIST = `query { playlists { ${FIELDS} } currentDevice { playlistsVersion } }`;
const ar = (english: string) => localizer().text('ar', english);

type Client = ReturnType<TestServer['client']>;
interface GqlError {
  message: string;
  extensions: { code: string; fieldErrors?: Record<string, string> };
}

async function create(client: Client, input: Record<string, unknown>) {
  const res = await client.gql(CREATE, { input });
  if (!res.json.data) throw new Error(JSON.stringify(res.json.errors));
  return res.json.data.createPlaylist.playlist as { id: string; lockedGroups: string[] };
}

function errorOf(res: { json: { errors?: GqlError[] } }): GqlError {
  const error = res.json.errors?.[0];
  if (!error) throw new Error('expected an error');
  return error;
}

function tvOf(token: string) {
  const client = server.client();
  return (query: string, variables?: Record<string, unknown>) =>
    client.gql(query, variables, { authorization: `Bearer ${token}` });
}

describe('a playlist’s locked groups', () => {
  it('are set by the owner, trimmed and once each, and read by the owner, the TV and REST alike', async () => {
    const { client, deviceToken } = await signedInDevice(server);
    const playlist = await create(client, { name: 'Family', type: 'GENERAL', url: 'http://tv.example.com/a.m3u' });
    expect(playlist.lockedGroups).toEqual([]);
    const before = (await client.gql(LIST)).json.data.currentDevice.playlistsVersion;

    const res = await client.gql(SET, {
      input: { id: playlist.id, lockedGroups: ['  Adults ', 'Sport', 'Adults', '', '   ', 'sport', 'أفلام للكبار'] },
    });
    expect(res.json.errors).toBeUndefined();
    expect(res.json.data.setPlaylistLockedGroups).toEqual({
      message: messages.lockedGroups.saved,
      playlist: expect.objectContaining({
        id: playlist.id,
        lockedGroups: ['Adults', 'Sport', 'sport', 'أفلام للكبار'],
      }),
    });

    const owner = (await client.gql(LIST)).json.data;
    expect(owner.playlists[0].lockedGroups).toEqual(['Adults', 'Sport', 'sport', 'أفلام للكبار']);
    // The TV's start-up revalidates by this version: a change of locked groups reaches it.
    expect(owner.currentDevice.playlistsVersion).not.toBe(before);
    const tv = (await tvOf(deviceToken)(LIST)).json.data;
    expect(tv.playlists[0].lockedGroups).toEqual(['Adults', 'Sport', 'sport', 'أفلام للكبار']);
    const rest = await client.request('GET', '/frontend/device/playlists');
    expect(rest.json.playlists[0].locked_groups).toEqual(['Adults', 'Sport', 'sport', 'أفلام للكبار']);

    // Editing the playlist keeps them; an empty list unlocks every group.
    const edit = await client.gql(UPDATE, {
      input: { id: playlist.id, playlist: { name: 'Family 2', type: 'GENERAL', url: 'http://tv.example.com/b.m3u' } },
    });
    expect(edit.json.data.updatePlaylist.playlist.lockedGroups).toEqual(['Adults', 'Sport', 'sport', 'أفلام للكبار']);
    const cleared = await client.gql(SET, { input: { id: playlist.id, lockedGroups: [] } });
    expect(cleared.json.data.setPlaylistLockedGroups.playlist.lockedGroups).toEqual([]);
  });

  it('refuses a list beyond the limits with a clear message in each language, changing nothing', async () => {
    const { client } = await signedInDevice(server);
    const playlist = await create(client, { name: 'Limits', type: 'GENERAL', url: 'http://tv.example.com/a.m3u' });
    await client.gql(SET, { input: { id: playlist.id, lockedGroups: ['Kept'] } });
    const cases: Array<[unknown[], string]> = [
      [Array.from({ length: 501 }, (_, i) => `Group ${i}`), messages.lockedGroups.tooMany],
      [['x'.repeat(201)], messages.lockedGroups.tooLong],
      [['News\u0007'], messages.lockedGroups.controlCharacters],
    ];
    for (const [lockedGroups, message] of cases) {
      const english = errorOf(await client.gql(SET, { input: { id: playlist.id, lockedGroups } }));
      expect(english.extensions).toEqual({ code: 'BAD_USER_INPUT', fieldErrors: { lockedGroups: message } });
      const arabic = errorOf(
        await client.gql(SET, { input: { id: playlist.id, lockedGroups } }, { 'accept-language': 'ar' }),
      );
      expect(arabic.extensions.fieldErrors).toEqual({ lockedGroups: ar(message) });
      expect(ar(message)).not.toBe(message);
    }
    // At the limits exactly, a list is taken.
    const most = Array.from({ length: 500 }, (_, i) => `${i} ${'g'.repeat(190)}`);
    const taken = await client.gql(SET, { input: { id: playlist.id, lockedGroups: most } });
    expect(taken.json.data.setPlaylistLockedGroups.playlist.lockedGroups).toHaveLength(500);
    await client.gql(SET, { input: { id: playlist.id, lockedGroups: ['Kept'] } });

    // REST bodies can hold anything: each shape gets its message, under the field name REST uses.
    const path = `/frontend/device/lockedGroups/${playlist.id}`;
    const notList = await client.request('POST', path, { body: { locked_groups: 'Adults' } });
    expect(notList.status).toBe(400);
    expect(notList.json.errors).toEqual({ locked_groups: messages.lockedGroups.notList });
    const notText = await client.request('POST', path, { body: { locked_groups: ['Adults', 3] } });
    expect(notText.json.errors).toEqual({ locked_groups: messages.lockedGroups.notText });
    const unknown = await client.request('POST', path, { body: { groups: ['Adults'] } });
    expect(unknown.status).toBe(400);
    expect((await client.gql(LIST)).json.data.playlists[0].lockedGroups).toEqual(['Kept']);
  });

  it('on a protected playlist need its PIN, and while locked stay readable for the TV', async () => {
    const { client, deviceToken } = await signedInDevice(server);
    const playlist = await create(client, {
      name: 'Protected',
      type: 'GENERAL',
      url: 'http://tv.example.com/secret.m3u',
      isProtected: true,
      pin: '2468',
    });
    const input = { id: playlist.id, lockedGroups: ['Adults'] };
    expect(errorOf(await client.gql(SET, { input })).extensions).toEqual({
      code: 'BAD_USER_INPUT',
      fieldErrors: { pin: messages.playlist.pinRequired },
    });
    expect(errorOf(await client.gql(SET, { input: { ...input, pin: '1357' } })).extensions.code).toBe('FORBIDDEN');
    const set = await client.gql(SET, { input: { ...input, pin: '2468' } });
    expect(set.json.data.setPlaylistLockedGroups.playlist).toMatchObject({ locked: false, lockedGroups: ['Adults'] });

    const tv = (await tvOf(deviceToken)(LIST)).json.data.playlists[0];
    expect(tv).toMatchObject({ locked: true, url: null, lockedGroups: ['Adults'] });

    const rest = await client.request('POST', `/frontend/device/lockedGroups/${playlist.id}`, {
      body: { locked_groups: ['Adults', 'Horror'], pin: '2468' },
    });
    expect(rest.status).toBe(200);
    expect(rest.json).toMatchObject({
      status: 'success',
      message: messages.lockedGroups.saved,
      playlist: { _id: playlist.id, locked_groups: ['Adults', 'Horror'] },
    });
  });

  it('are set only by the owner of the playlist: not by its TV, another device or nobody', async () => {
    const { client, deviceToken } = await signedInDevice(server);
    const playlist = await create(client, { name: 'Mine', type: 'GENERAL', url: 'http://tv.example.com/a.m3u' });
    const input = { id: playlist.id, lockedGroups: ['Adults'] };

    expect(errorOf(await tvOf(deviceToken)(SET, { input })).extensions.code).toBe('FORBIDDEN');
    const stranger = await signedInDevice(server);
    expect(errorOf(await stranger.client.gql(SET, { input })).extensions.code).toBe('NOT_FOUND');
    expect(errorOf(await server.client().gql(SET, { input })).extensions.code).toBe('UNAUTHENTICATED');
    const other = await buildDevice(server);
    expect(errorOf(await tvOf(other.deviceToken)(SET, { input })).extensions.code).toBe('FORBIDDEN');
    const rest = await server.client().request('POST', `/frontend/device/lockedGroups/${playlist.id}`, {
      body: { locked_groups: ['Adults'] },
    });
    expect(rest.status).toBe(401);

    expect((await client.gql(LIST)).json.data.playlists[0].lockedGroups).toEqual([]);
  });
});
