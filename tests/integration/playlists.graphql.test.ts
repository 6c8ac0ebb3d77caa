import { count, signedInDevice, startTestServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ PLAYLIST_MAX_PER_DEVICE: '5', LOGIN_MAX_FAILURES_PER_MAC: '3' });
});
afterAll(() => server.stop());

const FIELDS = 'id name type isProtected locked url epgUrl username password playlistCode createdAt updatedAt';
const CREATE = `mutation($input: PlaylistInput!) { createPlaylist(input: $input) { message playlist { ${FIELDS} } } }`;
const UPDATE = `mutation($input: UpdatePlaylistInput!) { updatePlaylist(input: $input) { message playlist { ${FIELDS} } } }`;
const DELETE = `mutation($input: DeletePlaylistInput!) { deletePlaylist(input: $input) { id message } }`;
const UNLOCK = `mutation($input: UnlockPlaylistInput!) { unlockPlaylist(input: $input) { message playlist { ${FIELDS} } } }`;
const LIST = `query($search: String) { playlists(search: $search) { ${FIELDS} } }`;
const ONE = `query($id: ID!) { playlist(id: $id) { ${FIELDS} } }`;
const LIST_NAMES = `query($search: String) { playlists(search: $search) { name } }`;
const TWO_LISTS = 'query Names { playlists { name } } query Codes { playlists { playlistCode } }';

type Client = Awaited<ReturnType<typeof signedInDevice>>['client'];

async function create(client: Client, input: Record<string, unknown>) {
  const res = await client.gql(CREATE, { input });
  if (!res.json.data) throw new Error(JSON.stringify(res.json.errors));
  return res.json.data.createPlaylist.playlist;
}

function errorOf(res: { json: { errors?: Array<{ message: string; extensions: Record<string, unknown> }> } }) {
  const error = res.json.errors?.[0];
  if (!error) throw new Error('expected an error');
  return error;
}

describe('playlists through the graph', () => {
  it('adds each kind of playlist, stores only the fields of its kind, and lists them newest first', async () => {
    const { client } = await signedInDevice(server);
    const longUrl = `https://provider.example.com/get.php?token=${'a1B2c3'.repeat(700)}&type=m3u_plus`;
    const general = await create(client, {
      name: 'Sports',
      type: 'GENERAL',
      url: longUrl,
      epgUrl: 'http://epg.example.com/guide.xml',
      username: 'ignored',
    });
    expect(general).toMatchObject({ type: 'GENERAL', url: longUrl, username: null, locked: false });
    expect(general.url).toHaveLength(longUrl.length);

    const xc = await create(client, {
      name: 'Xtream',
      type: 'XC',
      url: 'http://line.example.com:8080',
      username: 'alice',
      password: 'p@ss.W0rd',
    });
    expect(xc).toMatchObject({ type: 'XC', username: 'alice', password: 'p@ss.W0rd', epgUrl: null });

    const code = await create(client, { name: 'By code', type: 'CODE', playlistCode: '123456', url: 'http://x.y' });
    expect(code).toMatchObject({ type: 'CODE', playlistCode: '123456', url: null });

    const list = await client.gql(LIST);
    expect(list.json.data.playlists.map((p: { name: string }) => p.name)).toEqual(['By code', 'Xtream', 'Sports']);
    const search = await client.gql(LIST, { search: 'XTR' });
    expect(search.json.data.playlists.map((p: { name: string }) => p.name)).toEqual(['Xtream']);
    // LIKE wildcards are taken literally.
    expect((await client.gql(LIST, { search: '%' })).json.data.playlists).toEqual([]);
  });

  it("takes a playlist's PIN as typed, 100 characters and spaces included, up to 1,000", async () => {
    const { client } = await signedInDevice(server);
    const pin = ` ${'Long pin '.repeat(11)}`.slice(0, 100);
    const kept = await create(client, {
      name: 'Long PIN',
      type: 'CODE',
      playlistCode: '123456',
      isProtected: true,
      pin,
    });
    const opened = await client.gql(UNLOCK, { input: { id: kept.id, pin } });
    expect(opened.json.data?.unlockPlaylist.playlist.playlistCode).toBe('123456');
    // Cut to 64, or trimmed, it is not the PIN.
    const cut = await client.gql(UNLOCK, { input: { id: kept.id, pin: pin.slice(0, 64) } });
    expect(errorOf(cut).extensions.code).toBe('FORBIDDEN');
    const tooLong = await client.gql(CREATE, {
      input: { name: 'Too long', type: 'CODE', playlistCode: '123456', isProtected: true, pin: 'x'.repeat(1001) },
    });
    expect(errorOf(tooLong).extensions.fieldErrors).toEqual({ pin: 'PIN must be at most 1,000 characters' });
  });

  it('answers every broken rule with the spec message for its field and stores nothing', async () => {
    const { client } = await signedInDevice(server);
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [
        { name: '', type: 'GENERAL' },
        { name: 'Playlist name is required', url: 'Playlist URL is required' },
      ],
      [
        { name: 'a', type: 'GENERAL', url: 'rtmp://x', epgUrl: 'guide' },
        { url: 'Invalid URL Format', epgUrl: 'Invalid URL Format' },
      ],
      [
        { name: 'a', type: 'XC' },
        { url: 'URL is required', username: 'Username is required', password: 'Password is required' },
      ],
      [{ name: 'a', type: 'XC', url: 'line.example.com', username: 'u', password: 'p' }, { url: 'Invalid URL' }],
      [{ name: 'a', type: 'CODE' }, { playlistCode: 'Username is required' }],
      [
        { name: 'a', type: 'CODE', playlistCode: '12ab56' },
        { playlistCode: 'Playlist code must be 6 digits (Only Numbers)' },
      ],
      [
        { name: 'a', type: 'CODE', playlistCode: '123456', isProtected: true },
        { pin: 'PIN is required in protected playlists' },
      ],
      [
        { name: 'x'.repeat(101), type: 'CODE', playlistCode: '123456' },
        { name: 'Playlist name must be at most 100 characters' },
      ],
      [
        { name: '<script>alert(1)</script>', type: 'CODE', playlistCode: '123456' },
        { name: 'Playlist name must not contain < > or control characters' },
      ],
      [
        { name: 'a', type: 'GENERAL', url: `https://x.example.com/${'a'.repeat(8200)}` },
        { url: 'URLs must be at most 8,192 characters' },
      ],
      [
        { name: 'a', type: 'XC', url: 'http://h.example.com', username: 'u', password: 'p w<' },
        { password: 'Password may contain only letters, digits and !@#$%^&*)(+=._-' },
      ],
    ];
    for (const [input, fieldErrors] of cases) {
      const error = errorOf(await client.gql(CREATE, { input }));
      expect(error.extensions.code).toBe('BAD_USER_INPUT');
      expect(error.extensions.fieldErrors).toEqual(fieldErrors);
    }
    // Wrong types are refused by the graph itself.
    const wrongType = await client.gql(CREATE, { input: { name: 42, type: 'NOPE' } });
    expect(errorOf(wrongType).extensions.code).toBe('BAD_USER_INPUT');
    expect(await count(server, 'playlists')).toBeGreaterThanOrEqual(0);
    expect((await client.gql(LIST)).json.data.playlists).toEqual([]);
  });

  it('keeps unicode names intact and refuses a second playlist of the same name', async () => {
    const { client } = await signedInDevice(server);
    const first = await create(client, { name: 'Ελληνικά 📺 TV', type: 'CODE', playlistCode: '000001' });
    expect(first.name).toBe('Ελληνικά 📺 TV');
    const duplicate = errorOf(
      await client.gql(CREATE, { input: { name: 'ελληνικά 📺 tv', type: 'CODE', playlistCode: '000002' } }),
    );
    expect(duplicate.extensions.code).toBe('CONFLICT');
    expect(duplicate.message).toBe('A playlist with this name already exists on this device.');
    expect((await client.gql(LIST)).json.data.playlists).toHaveLength(1);
  });

  it('holds a device to its playlist limit, even when adds arrive together', async () => {
    const { client } = await signedInDevice(server);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        client.gql(CREATE, { input: { name: `P${i}`, type: 'CODE', playlistCode: '123456' } }),
      ),
    );
    const refused = results.filter((r) => r.json.errors);
    expect(refused).toHaveLength(3);
    expect(refused[0] && errorOf(refused[0]).message).toBe(
      'This device already has 5 playlists, the most it can hold. Delete one before adding another.',
    );
    expect((await client.gql(LIST)).json.data.playlists).toHaveLength(5);
  });

  it('never sends a protected playlist’s details or PIN until the PIN is given, and checks the PIN on the server', async () => {
    const { client, device } = await signedInDevice(server);
    const secretUrl = 'https://secret.example.com/list.m3u?token=s3cr3t';
    const created = await create(client, {
      name: 'Kids',
      type: 'GENERAL',
      url: secretUrl,
      isProtected: true,
      pin: '4321',
    });

    const list = await client.gql(LIST);
    const listed = list.json.data.playlists[0];
    expect(listed).toMatchObject({ isProtected: true, locked: true, url: null, epgUrl: null });
    expect(list.text).not.toContain('s3cr3t');
    expect(list.text).not.toContain('4321');
    expect((await client.gql(ONE, { id: created.id })).text).not.toContain('s3cr3t');

    const [row] = await server.db.dataSource.query(`SELECT pin_hash FROM playlists WHERE id = $1`, [created.id]);
    expect(row.pin_hash).toMatch(/^scrypt\$/);
    expect(row.pin_hash).not.toContain('4321');

    const wrong = errorOf(await client.gql(UNLOCK, { input: { id: created.id, pin: '0000' } }));
    expect(wrong).toMatchObject({
      message: 'Wrong PIN!',
      extensions: { code: 'FORBIDDEN', fieldErrors: { pin: 'Please try again!' } },
    });

    const unlocked = await client.gql(UNLOCK, { input: { id: created.id, pin: '4321' } });
    expect(unlocked.json.data.unlockPlaylist.playlist).toMatchObject({ locked: false, url: secretUrl });

    // Editing and deleting need the PIN too. Every wrong PIN counts against the device (this one has had one, and
    // the limit here is 3), so these wrong ones are tried on a second device, with a playlist of its own.
    const second = await signedInDevice(server);
    const other = await create(second.client, {
      name: 'Kids',
      type: 'GENERAL',
      url: secretUrl,
      isProtected: true,
      pin: '4321',
    });
    const edit = { id: other.id, playlist: { name: 'Kids 2', type: 'GENERAL', url: secretUrl, isProtected: false } };
    expect(errorOf(await second.client.gql(UPDATE, { input: edit })).extensions.code).toBe('BAD_USER_INPUT');
    expect(errorOf(await second.client.gql(UPDATE, { input: { ...edit, currentPin: '1111' } })).message).toBe(
      'Wrong PIN!',
    );
    expect(errorOf(await second.client.gql(DELETE, { input: { id: other.id, pin: '1111' } })).message).toBe(
      'Wrong PIN!',
    );
    const [still] = await server.db.dataSource.query(`SELECT name FROM playlists WHERE id = $1`, [other.id]);
    expect(still.name).toBe('Kids');

    const edited = await second.client.gql(UPDATE, { input: { ...edit, currentPin: '4321' } });
    expect(edited.json.data.updatePlaylist.playlist).toMatchObject({
      name: 'Kids 2',
      isProtected: false,
      locked: false,
    });
    const [after] = await server.db.dataSource.query(`SELECT pin_hash FROM playlists WHERE id = $1`, [other.id]);
    expect(after.pin_hash).toBeNull();
    expect(device.id).toBeTruthy();
  });

  it('limits wrong PINs like sign-in attempts, then tells the owner when to try again', async () => {
    const { client } = await signedInDevice(server);
    const created = await create(client, {
      name: 'Locked',
      type: 'CODE',
      playlistCode: '123456',
      isProtected: true,
      pin: '9876',
    });
    for (let i = 0; i < 3; i += 1) {
      expect(errorOf(await client.gql(UNLOCK, { input: { id: created.id, pin: `000${i}` } })).message).toBe(
        'Wrong PIN!',
      );
    }
    const limited = errorOf(await client.gql(UNLOCK, { input: { id: created.id, pin: '9876' } }));
    expect(limited.extensions.code).toBe('RATE_LIMITED');
    expect(limited.message).toMatch(/^Too many wrong PINs\. Please try again in \d+ minutes?\.$/);
    // Aliases cannot multiply guesses: each is counted, and mutations run one after another, stopping at the
    // first failure.
    const aliased = await client.gql(
      `mutation { a: unlockPlaylist(input: {id: "${created.id}", pin: "9876"}) { message } b: unlockPlaylist(input: {id: "${created.id}", pin: "9876"}) { message } }`,
    );
    expect(aliased.json.data).toBeNull();
    expect(aliased.json.errors.map((e: { extensions: { code: string } }) => e.extensions.code)).toEqual([
      'RATE_LIMITED',
    ]);
  });

  it('keeps every device to its own playlists: another device’s id is unknown, and nothing changes', async () => {
    const owner = await signedInDevice(server);
    const other = await signedInDevice(server);
    const mine = await create(owner.client, { name: 'Mine', type: 'GENERAL', url: 'http://mine.example.com/a.m3u' });

    const read = errorOf(await other.client.gql(ONE, { id: mine.id }));
    expect(read).toMatchObject({ message: 'This playlist does not exist.', extensions: { code: 'NOT_FOUND' } });
    const update = await other.client.gql(UPDATE, {
      input: { id: mine.id, playlist: { name: 'Stolen', type: 'GENERAL', url: 'http://evil.example.com' } },
    });
    expect(errorOf(update).extensions.code).toBe('NOT_FOUND');
    expect(errorOf(await other.client.gql(DELETE, { input: { id: mine.id } })).extensions.code).toBe('NOT_FOUND');
    expect(errorOf(await other.client.gql(UNLOCK, { input: { id: mine.id, pin: '1' } })).extensions.code).toBe(
      'NOT_FOUND',
    );
    expect((await other.client.gql(LIST)).json.data.playlists).toEqual([]);

    // Malformed ids are simply unknown, never a server error.
    for (const id of ['1', 'not-a-uuid', "' OR 1=1 --", '00000000-0000-0000-0000-000000000000']) {
      expect(errorOf(await owner.client.gql(ONE, { id })).extensions.code).toBe('NOT_FOUND');
    }
    const [row] = await server.db.dataSource.query(`SELECT name, url FROM playlists WHERE id = $1`, [mine.id]);
    expect(row).toEqual({ name: 'Mine', url: 'http://mine.example.com/a.m3u' });

    const deleted = await owner.client.gql(DELETE, { input: { id: mine.id } });
    expect(deleted.json.data.deletePlaylist).toEqual({ id: mine.id, message: 'Playlist has been deleted.' });
    expect((await owner.client.gql(LIST)).json.data.playlists).toEqual([]);
  });

  it('lists each device its own playlists, and every change at once, whichever transport made it', async () => {
    const owner = await signedInDevice(server);
    const other = await signedInDevice(server);
    await create(owner.client, { name: 'First', type: 'CODE', playlistCode: '111111' });
    const names = async (client: Client) =>
      ((await client.gql(LIST)).json.data.playlists as Array<{ name: string }>).map((p) => p.name);

    const first = await owner.client.gql(LIST);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect((await owner.client.gql(LIST)).text).toBe(first.text);
    // The same operation from another device is that device's answer.
    expect(await names(other.client)).toEqual([]);

    // Changes through REST, through the graph, and by deletion all show at once.
    const saved = await owner.client.request('POST', '/frontend/device/savePlaylist', {
      body: { current_playlist_url_id: -1, playlist_name: 'Second', playlist_type: 'code', playlist_code: '222222' },
    });
    expect(saved.status).toBe(200);
    expect(await names(owner.client)).toEqual(['Second', 'First']);
    const renamed = await owner.client.gql(UPDATE, {
      input: { id: saved.json.playlist._id, playlist: { name: 'Renamed', type: 'CODE', playlistCode: '222222' } },
    });
    expect(renamed.json.errors).toBeUndefined();
    // Their length is exact.
    expect(Number(renamed.headers.get('content-length'))).toBe(Buffer.byteLength(renamed.text));
    expect(await names(owner.client)).toEqual(['Renamed', 'First']);
    await owner.client.request('DELETE', `/frontend/device/deletePlayListUrl/${saved.json.playlist._id}`);
    expect(await names(owner.client)).toEqual(['First']);

    const rest = await owner.client.request('GET', '/frontend/device/playlists');
    expect(rest.json.playlists.map((p: { playlist_name: string }) => p.playlist_name)).toEqual(['First']);
  });

  it('answers each question with its own answer: document, operation name and variables', async () => {
    const owner = await signedInDevice(server);
    await create(owner.client, { name: 'Alpha', type: 'CODE', playlistCode: '111111' });
    await create(owner.client, { name: 'Beta', type: 'CODE', playlistCode: '222222' });
    const ask = async (body: Record<string, unknown>) => {
      const res = await owner.client.request('POST', '/graphql', { body });
      expect(res.json.errors).toBeUndefined();
      return res.json.data.playlists as Array<Record<string, unknown>>;
    };
    // Extra variables are ignored by the operation.
    const padding = 'x'.repeat(400);
    const questions: Array<[Record<string, unknown>, unknown]> = [
      [{ query: LIST_NAMES, variables: { search: 'alp' } }, [{ name: 'Alpha' }]],
      [{ query: LIST_NAMES, variables: { search: 'bet' } }, [{ name: 'Beta' }]],
      [{ query: LIST_NAMES, variables: { search: 'alp', padding } }, [{ name: 'Alpha' }]],
      [{ query: LIST_NAMES, variables: { search: 'bet', padding } }, [{ name: 'Beta' }]],
      [{ query: TWO_LISTS, operationName: 'Names' }, [{ name: 'Beta' }, { name: 'Alpha' }]],
      [{ query: TWO_LISTS, operationName: 'Codes' }, [{ playlistCode: '222222' }, { playlistCode: '111111' }]],
      [{ query: '{ playlists { name } }' }, [{ name: 'Beta' }, { name: 'Alpha' }]],
      [{ query: '{ playlists { playlistCode } }' }, [{ playlistCode: '222222' }, { playlistCode: '111111' }]],
    ];
    // Twice round: a question asked before is answered the same.
    for (let round = 0; round < 2; round += 1)
      for (const [body, expected] of questions) expect(await ask(body)).toEqual(expected);
  });

  it('sends a long list compressed to clients that take gzip, through the graph and REST', async () => {
    const owner = await signedInDevice(server);
    // Provider URLs carry long tokens; five such playlists make an answer well over compression's 1 KB threshold.
    const token = 'a1b2c3d4'.repeat(40);
    for (let n = 1; n <= 5; n += 1)
      await create(owner.client, {
        name: `Pack ${n}`,
        type: 'GENERAL',
        url: `http://lists.example.com/${n}.m3u?t=${token}`,
      });
    const graph = await owner.client.gql(LIST, undefined, { 'accept-encoding': 'gzip' });
    expect(graph.headers.get('content-encoding')).toBe('gzip');
    expect(graph.json.data.playlists).toHaveLength(5);
    const rest = await owner.client.request('GET', '/frontend/device/playlists', {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(rest.headers.get('content-encoding')).toBe('gzip');
    expect(rest.json.playlists).toHaveLength(5);
  });

  it('asks to sign in first', async () => {
    const res = await server.client().gql(LIST);
    expect(errorOf(res)).toMatchObject({ message: 'You are not signed in.', extensions: { code: 'UNAUTHENTICATED' } });
  });
});

describe('a root field that fails leaves its siblings their answers', () => {
  it('signed out, pricing still answers beside a playlist look-up that fails', async () => {
    const res = await server
      .client()
      .gql(`query { pricing { price currency } playlist(id: "00000000-0000-4000-8000-000000000000") { id } }`);
    expect(res.json.data).toEqual({ pricing: { price: '8.99', currency: 'EUR' }, playlist: null });
    expect(res.json.errors).toEqual([
      expect.objectContaining({ path: ['playlist'], extensions: { code: 'UNAUTHENTICATED' } }),
    ]);
  });

  it("signed in, an id that is not one of the device's playlists is null with NOT_FOUND, the rest answered", async () => {
    const { client, device } = await signedInDevice(server);
    const res = await client.gql(
      `query { currentDevice { id } playlist(id: "00000000-0000-4000-8000-000000000000") { id } }`,
    );
    expect(res.json.data).toEqual({ currentDevice: { id: device.id }, playlist: null });
    expect(res.json.errors[0].extensions.code).toBe('NOT_FOUND');
  });
});
