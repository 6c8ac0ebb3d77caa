import {
  ALLOWED_ORIGIN,
  buildDevice,
  count,
  signedInDevice,
  startTestServer,
  type TestServer,
} from '../support/server';

let server: TestServer;
/** The same server with other pricing settings, to show the pricing fields follow the configuration. */
let cowpayServer: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    LOGIN_MAX_FAILURES_PER_MAC: '5',
    LOGIN_MAX_FAILURES_PER_IP: '1000',
    PAYPAL_CLIENT_ID: 'AZ-live_Client123',
    CRYPTO_COINS: 'BTC:Bitcoin,XMR:Monero',
    IBOSTORE_URL: 'https://store.example.net/activate?mac={mac}',
  });
  cowpayServer = await startTestServer({
    PAYMENT_METHODS: 'cowpay',
    PRICE_EUR: '5',
    PAYPAL_CLIENT_ID: 'AZ-live_Client123',
  });
});
afterAll(() => Promise.all([server?.stop(), cowpayServer?.stop()]));

type Client = ReturnType<TestServer['client']>;
type Answer = Awaited<ReturnType<Client['request']>>;

const LIST = '/frontend/device/playlists';
const SAVE = '/frontend/device/savePlaylist';
const DELETE = (id: string) => `/frontend/device/deletePlayListUrl/${id}`;
const UNLOCK = (id: string) => `/frontend/device/unlockPlaylist/${id}`;

function save(client: Client, body: Record<string, unknown>, headers?: Record<string, string>) {
  return client.request('POST', SAVE, { body, headers });
}

async function saved(client: Client, body: Record<string, unknown>) {
  const res = await save(client, body);
  if (res.status !== 200) throw new Error(`save failed: ${res.status} ${res.text}`);
  return res.json.playlist as LegacyPlaylist;
}

interface LegacyPlaylist {
  _id: string;
  playlist_name: string;
  playlist_type: string;
  url: string | null;
  epg_url: string | null;
  username: string | null;
  password: string | null;
  playlist_code: string | null;
  is_protected: boolean;
}

async function listed(client: Client): Promise<LegacyPlaylist[]> {
  const res = await client.request('GET', LIST);
  expect(res.status).toBe(200);
  return res.json.playlists;
}

async function rowsOf(deviceId: string) {
  return server.db.dataSource.query(
    `SELECT id, name, type, url, epg_url, username, password, playlist_code, is_protected, pin_hash, updated_at
       FROM playlists WHERE device_id = $1 ORDER BY id`,
    [deviceId],
  );
}

function form(fields: Record<string, string>) {
  return {
    rawBody: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  };
}

function expectError(res: Answer, status: number, message: string) {
  expect(res.status).toBe(status);
  expect(res.json).toMatchObject({ status: 'error', message });
}

describe('GET /frontend/device/playlists', () => {
  it('answers 401 when no device is signed in', async () => {
    const res = await server.client().request('GET', LIST);
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ status: 'error', message: 'You are not signed in.' });
  });

  it('returns the playlists, the device and the configured pricing in the legacy shape', async () => {
    const { client, device } = await signedInDevice(server);
    const created = await saved(client, {
      current_playlist_url_id: -1,
      playlist_name: 'Sports',
      playlist_type: 'general',
      playlist_url: 'http://lists.example.com/sports.m3u',
      xml_url: 'http://epg.example.com/guide.xml',
      protect: 0,
    });

    const res = await client.request('GET', LIST);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.json).toEqual({
      status: 'success',
      playlists: [
        {
          _id: created._id,
          playlist_name: 'Sports',
          playlist_type: 'general',
          url: 'http://lists.example.com/sports.m3u',
          epg_url: 'http://epg.example.com/guide.xml',
          username: null,
          password: null,
          playlist_code: null,
          is_protected: false,
          // No group locked (parental control by category).
          locked_groups: [],
          // Never checked yet (the playlist check).
          last_check: null,
        },
      ],
      device: {
        mac_address: device.macAddress,
        is_trial: 1,
        created_time: device.createdAt.toISOString(),
        expire_date: new Date(device.createdAt.getTime() + 7 * 86_400_000).toISOString(),
      },
      price: '8.99',
      coin_list: [
        { code: 'BTC', name: 'Bitcoin' },
        { code: 'XMR', name: 'Monero' },
      ],
      show_opay: 1,
      show_opay1: 1,
      show_mdls: 1,
      show_cowpay: 1,
      show_coin: 1,
      show_paypal: 1,
      paypal_client_id: 'AZ-live_Client123',
    });
  });

  it('follows PAYMENT_METHODS and PRICE_EUR, says show_mdls 0 without IBOSTORE_URL and sends no PayPal id while PayPal is off', async () => {
    const { client } = await signedInDevice(cowpayServer);
    const res = await client.request('GET', LIST);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      status: 'success',
      playlists: [],
      price: '5.00',
      show_opay: 0,
      show_opay1: 0,
      show_mdls: 0,
      show_cowpay: 1,
      show_coin: 0,
      show_paypal: 0,
      paypal_client_id: '',
    });
    expect(res.json.coin_list).toEqual([
      { code: 'BTC', name: 'Bitcoin' },
      { code: 'ETH', name: 'Ethereum' },
      { code: 'USDTTRC20', name: 'Tether (TRC-20)' },
      { code: 'LTC', name: 'Litecoin' },
    ]);
    expect(res.text).not.toContain('AZ-live_Client123');
  });

  it('lists a protected playlist with its URL, credentials and code null, and never sends its PIN', async () => {
    const { client } = await signedInDevice(server);
    await saved(client, {
      current_playlist_url_id: -1,
      playlist_name: 'Private XC',
      playlist_type: 'xc',
      playlist_url: 'http://secret-host.example.com:8080',
      xml_url: 'http://secret-epg.example.com/x.xml',
      username: 'secretuser',
      password: 'Secr3tPass!',
      protect: 'true',
      pin: '864209',
    });
    await saved(client, {
      current_playlist_url_id: -1,
      playlist_name: 'Private code',
      playlist_type: 'code',
      playlist_code: '975310',
      protect: 'true',
      pin: '864209',
    });

    const res = await client.request('GET', LIST);
    expect(res.status).toBe(200);
    for (const playlist of res.json.playlists as LegacyPlaylist[]) {
      expect(playlist).toMatchObject({
        is_protected: true,
        url: null,
        epg_url: null,
        username: null,
        password: null,
        playlist_code: null,
      });
      expect(Object.keys(playlist)).not.toContain('pin');
    }
    for (const secret of ['secret-host', 'secret-epg', 'secretuser', 'Secr3tPass', '975310', '864209', 'pin_hash']) {
      expect(res.text).not.toContain(secret);
    }
  });
});

describe('POST /frontend/device/savePlaylist', () => {
  it('answers 401 and stores nothing when no device is signed in', async () => {
    const before = await count(server, 'playlists');
    const res = await save(server.client(), {
      current_playlist_url_id: -1,
      playlist_name: 'Anon',
      playlist_type: 'code',
      playlist_code: '123456',
    });
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ status: 'error', message: 'You are not signed in.' });
    expect(await count(server, 'playlists')).toBe(before);
  });

  it('adds a playlist when current_playlist_url_id is -1, as a number or as text', async () => {
    const { client, device } = await signedInDevice(server);
    const asNumber = await save(client, {
      current_playlist_url_id: -1,
      playlist_name: 'Number id',
      playlist_type: 'general',
      playlist_url: 'http://a.example.com/list.m3u',
      protect: 0,
    });
    expect(asNumber.status).toBe(200);
    expect(asNumber.json).toMatchObject({
      status: 'success',
      message: 'Playlist saved.',
      playlist: { playlist_name: 'Number id', playlist_type: 'general', is_protected: false },
    });
    const asText = await save(client, {
      current_playlist_url_id: '-1',
      playlist_name: 'Text id',
      playlist_type: 'general',
      playlist_url: 'http://b.example.com/list.m3u',
      protect: 'false',
    });
    expect(asText.status).toBe(200);
    expect(asText.json.playlist._id).not.toBe(asNumber.json.playlist._id);
    expect((await listed(client)).map((p) => p.playlist_name)).toEqual(['Text id', 'Number id']);
    expect(await rowsOf(device.id)).toHaveLength(2);
  });

  it('reads protect as 1/0 on a general add and as "true"/"false" elsewhere, hashing the PIN', async () => {
    const { client, device } = await signedInDevice(server);
    const cases: Array<[Record<string, unknown>, boolean]> = [
      [{ playlist_type: 'general', playlist_url: 'http://g1.example.com/a.m3u', protect: 1, pin: '1111' }, true],
      [{ playlist_type: 'general', playlist_url: 'http://g0.example.com/a.m3u', protect: 0 }, false],
      [
        {
          playlist_type: 'xc',
          playlist_url: 'http://x.example.com',
          username: 'u',
          password: 'p',
          protect: 'true',
          pin: '2222',
        },
        true,
      ],
      [
        { playlist_type: 'xc', playlist_url: 'http://y.example.com', username: 'u', password: 'p', protect: 'false' },
        false,
      ],
      [{ playlist_type: 'code', playlist_code: '123456', protect: 'true', pin: '3333' }, true],
      [{ playlist_type: 'code', playlist_code: '654321', protect: 'false', pin: '4444' }, false],
    ];
    for (const [index, [fields, isProtected]] of cases.entries()) {
      const playlist = await saved(client, { current_playlist_url_id: -1, playlist_name: `P${index}`, ...fields });
      expect(playlist.is_protected).toBe(isProtected);
      const [row] = await server.db.dataSource.query(`SELECT is_protected, pin_hash FROM playlists WHERE id = $1`, [
        playlist._id,
      ]);
      expect(row.is_protected).toBe(isProtected);
      if (isProtected) {
        expect(row.pin_hash).toMatch(/^scrypt\$/);
        expect(row.pin_hash).not.toContain(String(fields.pin));
      } else {
        // An unprotected playlist keeps no PIN, even one that was sent.
        expect(row.pin_hash).toBeNull();
      }
    }
    expect(await rowsOf(device.id)).toHaveLength(cases.length);
  });

  it('accepts a form-urlencoded body like a JSON one, errors included', async () => {
    const { client } = await signedInDevice(server);
    const res = await client.request(
      'POST',
      SAVE,
      form({
        current_playlist_url_id: '-1',
        playlist_name: 'Form general',
        playlist_type: 'general',
        playlist_url: 'http://form.example.com/get.php?username=a&password=b&type=m3u_plus',
        xml_url: 'http://form.example.com/xmltv.php?username=a&password=b',
        username: '',
        password: '',
        protect: '1',
        pin: '5678',
      }),
    );
    expect(res.status).toBe(200);
    expect(res.json.playlist).toMatchObject({
      playlist_name: 'Form general',
      url: 'http://form.example.com/get.php?username=a&password=b&type=m3u_plus',
      epg_url: 'http://form.example.com/xmltv.php?username=a&password=b',
      username: null,
      is_protected: true,
    });
    const code = await client.request(
      'POST',
      SAVE,
      form({
        current_playlist_url_id: '-1',
        playlist_name: 'Form code',
        playlist_type: 'code',
        playlist_code: '246810',
      }),
    );
    expect(code.status).toBe(200);
    expect(code.json.playlist).toMatchObject({ playlist_type: 'code', playlist_code: '246810', url: null });

    const invalid = await client.request(
      'POST',
      SAVE,
      form({ current_playlist_url_id: '-1', playlist_name: '', playlist_type: 'xc', playlist_url: 'ftp:/broken' }),
    );
    expect(invalid.status).toBe(400);
    expect(invalid.json.errors).toEqual({
      playlist_name: 'Playlist name is required',
      playlist_url: 'Invalid URL',
      username: 'Username is required',
      password: 'Password is required',
    });
    expect((await listed(client)).map((p) => p.playlist_name)).toEqual(['Form code', 'Form general']);
  });

  it('stores xml_url as the guide URL and playlist_code for the code type, dropping fields the type does not use', async () => {
    const { client, device } = await signedInDevice(server);
    const general = await saved(client, {
      current_playlist_url_id: -1,
      playlist_name: 'With guide',
      playlist_type: 'general',
      playlist_url: 'https://lists.example.com/tv.m3u8',
      xml_url: 'https://guide.example.com/epg.xml.gz',
      username: 'not-used',
      password: 'not-used',
      playlist_code: '111111',
      protect: 0,
    });
    expect(general).toMatchObject({
      url: 'https://lists.example.com/tv.m3u8',
      epg_url: 'https://guide.example.com/epg.xml.gz',
      username: null,
      password: null,
      playlist_code: null,
    });
    const code = await saved(client, {
      current_playlist_url_id: -1,
      playlist_name: 'By code',
      playlist_type: 'code',
      playlist_code: '013579',
      playlist_url: 'http://ignored.example.com',
      xml_url: 'http://ignored.example.com/epg.xml',
      protect: 'false',
    });
    expect(code).toMatchObject({ playlist_code: '013579', url: null, epg_url: null });
    const rows = await rowsOf(device.id);
    expect(rows.find((r: { id: string }) => r.id === general._id)).toMatchObject({
      type: 'general',
      epg_url: 'https://guide.example.com/epg.xml.gz',
      playlist_code: null,
    });
    expect(rows.find((r: { id: string }) => r.id === code._id)).toMatchObject({
      type: 'code',
      playlist_code: '013579',
      url: null,
      epg_url: null,
    });
  });

  it('edits the playlist whose _id is sent as current_playlist_url_id, without adding one', async () => {
    const { client, device } = await signedInDevice(server);
    const original = await saved(client, {
      current_playlist_url_id: -1,
      playlist_name: 'Before',
      playlist_type: 'general',
      playlist_url: 'http://before.example.com/a.m3u',
      protect: 0,
    });
    const edited = await save(client, {
      current_playlist_url_id: original._id,
      playlist_name: 'After',
      playlist_type: 'xc',
      playlist_url: 'http://after.example.com:8000',
      username: 'bob',
      password: 'pa55.word',
      protect: 'false',
    });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({
      status: 'success',
      message: 'Playlist saved.',
      playlist: {
        _id: original._id,
        playlist_name: 'After',
        playlist_type: 'xc',
        url: 'http://after.example.com:8000',
        username: 'bob',
        password: 'pa55.word',
      },
    });
    const rows = await rowsOf(device.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: original._id, name: 'After', type: 'xc', username: 'bob' });
  });

  it('needs the current PIN to edit a protected playlist: missing is 400, wrong is 403 "Wrong PIN!"', async () => {
    const { client, device } = await signedInDevice(server);
    const locked = await saved(client, {
      current_playlist_url_id: -1,
      playlist_name: 'Kids',
      playlist_type: 'code',
      playlist_code: '121212',
      protect: 'true',
      pin: '4321',
    });
    const [before] = await rowsOf(device.id);
    const edit = {
      current_playlist_url_id: locked._id,
      playlist_name: 'Kids renamed',
      playlist_type: 'code',
      playlist_code: '343434',
      protect: 'false',
    };
    // Keyed by the field the PIN goes in (current_pin), not by the add form's `pin` or a generic `input`.
    const missing = await save(client, edit);
    expect(missing.status).toBe(400);
    expect(missing.json).toEqual({
      status: 'error',
      message: 'PIN is required in protected playlists',
      errors: { current_pin: 'PIN is required in protected playlists' },
    });
    const wrong = await save(client, { ...edit, current_pin: '0000' });
    expect(wrong.status).toBe(403);
    expect(wrong.json).toEqual({
      status: 'error',
      message: 'Wrong PIN!',
      errors: { current_pin: 'Please try again!' },
    });
    expect(await rowsOf(device.id)).toEqual([before]);

    const right = await save(client, { ...edit, current_pin: '4321' });
    expect(right.status).toBe(200);
    expect(right.json.playlist).toMatchObject({
      _id: locked._id,
      playlist_name: 'Kids renamed',
      playlist_code: '343434',
      is_protected: false,
    });
    const [after] = await rowsOf(device.id);
    expect(after.pin_hash).toBeNull();
  });

  it('reports every broken rule under the REST field name with the spec message, and stores nothing', async () => {
    const { client, device } = await signedInDevice(server);
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [
        { playlist_name: '', playlist_type: 'general', protect: 0 },
        { playlist_name: 'Playlist name is required', playlist_url: 'Playlist URL is required' },
      ],
      [
        { playlist_name: 'a', playlist_type: 'general', playlist_url: 'rtmp://x', xml_url: 'guide.xml', protect: 0 },
        { playlist_url: 'Invalid URL Format', xml_url: 'Invalid URL Format' },
      ],
      [
        { playlist_name: 'a', playlist_type: 'xc', protect: 'false' },
        { playlist_url: 'URL is required', username: 'Username is required', password: 'Password is required' },
      ],
      [
        { playlist_name: 'a', playlist_type: 'xc', playlist_url: 'host.example.com', username: 'u', password: 'p' },
        { playlist_url: 'Invalid URL' },
      ],
      [
        {
          playlist_name: 'a',
          playlist_type: 'xc',
          playlist_url: 'http://h.example.com',
          username: 'a b',
          password: 'p w',
        },
        {
          username: 'Username must not contain spaces, quotes or < >',
          password: 'Password may contain only letters, digits and !@#$%^&*)(+=._-',
        },
      ],
      [{ playlist_name: 'a', playlist_type: 'code' }, { playlist_code: 'Username is required' }],
      [
        { playlist_name: 'a', playlist_type: 'code', playlist_code: '12345a' },
        { playlist_code: 'Playlist code must be 6 digits (Only Numbers)' },
      ],
      [
        { playlist_name: 'a', playlist_type: 'code', playlist_code: '123456', protect: 'true' },
        { pin: 'PIN is required in protected playlists' },
      ],
      [
        { playlist_name: 'a', playlist_type: 'general', playlist_url: 'http://a.example.com', protect: 1, pin: '' },
        { pin: 'PIN is required in protected playlists' },
      ],
      [
        { playlist_name: 'a', playlist_type: 'm3u', playlist_url: 'http://a.example.com' },
        { playlist_type: 'Choose the kind of playlist: general, xc or code' },
      ],
      [
        { playlist_name: 'a', playlist_type: 'code', playlist_code: '123456', protect: 'maybe' },
        { protect: 'Must be true or false' },
      ],
    ];
    for (const [fields, errors] of cases) {
      const res = await save(client, { current_playlist_url_id: -1, ...fields });
      expect(res.status).toBe(400);
      expect(res.json.status).toBe('error');
      expect(res.json.errors).toEqual(errors);
      for (const message of Object.values(errors)) expect(res.json.message).toContain(message);
    }
    expect(await rowsOf(device.id)).toEqual([]);
  });

  it('ignores fields it does not take, as integrator scripts send them; wrong types are still refused', async () => {
    const { client, device } = await signedInDevice(server);
    const valid = {
      current_playlist_url_id: -1,
      playlist_name: 'From a script',
      playlist_type: 'code',
      playlist_code: '123456',
    };
    // Public integrator scripts of this API send these beside the playlist.
    const res = await save(client, { ...valid, email: 'me@example.com', whatsapp: '+201001234567', device_id: 42 });
    expect(res.status).toBe(200);
    expect(res.json.playlist).toMatchObject({ playlist_name: 'From a script', playlist_code: '123456' });
    // Names that exist on every JavaScript object are ignored too, and do not reach the playlist.
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      const body = `{"current_playlist_url_id":-1,"playlist_name":"Proto ${name}","playlist_type":"code","playlist_code":"123456","${name}":"x"}`;
      const proto = await client.request('POST', SAVE, {
        rawBody: body,
        headers: { 'content-type': 'application/json' },
      });
      expect([name, proto.status]).toEqual([name, 200]);
    }
    // A typo of a field it needs is no way round its check: the field is missing, and said so.
    const formed = await client.request('POST', SAVE, form({ playlist_name: 'Form typo', playlist_typ: 'code' }));
    expect(formed.status).toBe(400);
    expect(Object.keys(formed.json.errors ?? {})).toContain('playlist_type');
    // A known field of the wrong type is refused, storing nothing.
    const wrongType = await save(client, { ...valid, playlist_name: ['a', 'list'] });
    expect(wrongType.status).toBe(400);
    expect(wrongType.json.errors).toHaveProperty('playlist_name');
    const names = (await rowsOf(device.id)).map((row: { name: string }) => row.name).sort();
    expect(names).toEqual([
      'From a script',
      'Proto __proto__',
      'Proto constructor',
      'Proto hasOwnProperty',
      'Proto toString',
    ]);
  });

  it('keeps a URL of more than 5,000 characters intact', async () => {
    const { client, device } = await signedInDevice(server);
    const longUrl = `http://provider.example.com/get.php?username=u&password=p&token=${'Zx9-_.~'.repeat(800)}&type=m3u_plus&output=ts`;
    expect(longUrl.length).toBeGreaterThan(5000);
    const longEpg = `http://provider.example.com/xmltv.php?token=${'e1'.repeat(2600)}`;
    const created = await saved(client, {
      current_playlist_url_id: -1,
      playlist_name: 'Long token',
      playlist_type: 'general',
      playlist_url: longUrl,
      xml_url: longEpg,
      protect: 0,
    });
    expect(created.url).toBe(longUrl);
    const [listedPlaylist] = await listed(client);
    expect(listedPlaylist?.url).toBe(longUrl);
    expect(listedPlaylist?.url).toHaveLength(longUrl.length);
    expect(listedPlaylist?.epg_url).toBe(longEpg);
    const [row] = await rowsOf(device.id);
    expect(row.url).toBe(longUrl);

    // And through a form body, where the URL is percent-encoded on the way.
    const viaForm = await client.request(
      'POST',
      SAVE,
      form({
        current_playlist_url_id: created._id,
        playlist_name: 'Long token',
        playlist_type: 'general',
        playlist_url: `${longUrl}&x=%20`,
        protect: '0',
      }),
    );
    expect(viaForm.status).toBe(200);
    expect(viaForm.json.playlist.url).toBe(`${longUrl}&x=%20`);
  });
});

describe('DELETE /frontend/device/deletePlayListUrl/{id}', () => {
  it('deletes the playlist and says so', async () => {
    const { client, device } = await signedInDevice(server);
    const keep = await saved(client, {
      current_playlist_url_id: -1,
      playlist_name: 'Keep',
      playlist_type: 'code',
      playlist_code: '111111',
    });
    const gone = await saved(client, {
      current_playlist_url_id: -1,
      playlist_name: 'Gone',
      playlist_type: 'code',
      playlist_code: '222222',
    });
    const res = await client.request('DELETE', DELETE(gone._id));
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: 'success', message: 'Playlist has been deleted.' });
    expect((await rowsOf(device.id)).map((r: { id: string }) => r.id)).toEqual([keep._id]);
    // Deleted once: a second time it is unknown.
    expectError(await client.request('DELETE', DELETE(gone._id)), 404, 'This playlist does not exist.');
  });

  it('needs the PIN of a protected playlist in the JSON body', async () => {
    const { client, device } = await signedInDevice(server);
    const locked = await saved(client, {
      current_playlist_url_id: -1,
      playlist_name: 'Locked',
      playlist_type: 'general',
      playlist_url: 'http://locked.example.com/a.m3u',
      protect: 1,
      pin: '9999',
    });
    expectError(await client.request('DELETE', DELETE(locked._id)), 400, 'PIN is required in protected playlists');
    const wrong = await client.request('DELETE', DELETE(locked._id), { body: { pin: '1234' } });
    expect(wrong.status).toBe(403);
    expect(wrong.json).toMatchObject({ status: 'error', message: 'Wrong PIN!' });
    expectError(
      await client.request('DELETE', DELETE(locked._id), { body: { code: '9999' } }),
      400,
      'Unknown field: "code".',
    );
    expect(await rowsOf(device.id)).toHaveLength(1);

    const right = await client.request('DELETE', DELETE(locked._id), { body: { pin: '9999' } });
    expect(right.status).toBe(200);
    expect(right.json).toEqual({ status: 'success', message: 'Playlist has been deleted.' });
    expect(await rowsOf(device.id)).toEqual([]);
  });

  it('answers 404 for another device’s playlist or a malformed id, and the row stays', async () => {
    const owner = await signedInDevice(server);
    const other = await signedInDevice(server);
    const mine = await saved(owner.client, {
      current_playlist_url_id: -1,
      playlist_name: 'Mine',
      playlist_type: 'general',
      playlist_url: 'http://mine.example.com/a.m3u',
      protect: 0,
    });
    const before = await rowsOf(owner.device.id);
    expectError(await other.client.request('DELETE', DELETE(mine._id)), 404, 'This playlist does not exist.');
    for (const id of [
      '123',
      'not-a-uuid',
      encodeURIComponent("' OR 1=1 --"),
      '00000000-0000-0000-0000-000000000000',
      `${mine._id}x`,
    ]) {
      expectError(await owner.client.request('DELETE', DELETE(id)), 404, 'This playlist does not exist.');
    }
    expect(await rowsOf(owner.device.id)).toEqual(before);
  });

  it('answers 401 when no device is signed in', async () => {
    const { device } = await buildDevice(server);
    const res = await server.client().request('DELETE', DELETE('00000000-0000-0000-0000-000000000000'));
    expect(res.status).toBe(401);
    expect(device.id).toBeTruthy();
  });
});

describe('POST /frontend/device/unlockPlaylist/{id}', () => {
  it('returns the details of a protected playlist for its PIN only, and the list stays locked', async () => {
    const { client } = await signedInDevice(server);
    const locked = await saved(client, {
      current_playlist_url_id: -1,
      playlist_name: 'Locked XC',
      playlist_type: 'xc',
      playlist_url: 'http://xc.example.com:25461',
      xml_url: 'http://xc.example.com:25461/xmltv.php',
      username: 'viewer',
      password: 'S3cret!',
      protect: 'true',
      pin: '7777',
    });
    const wrong = await client.request('POST', UNLOCK(locked._id), { body: { pin: '7778' } });
    expect(wrong.status).toBe(403);
    expect(wrong.json).toMatchObject({ status: 'error', message: 'Wrong PIN!' });
    expect(wrong.text).not.toContain('S3cret');
    expectError(
      await client.request('POST', UNLOCK(locked._id), { body: {} }),
      400,
      'PIN is required in protected playlists',
    );

    const right = await client.request('POST', UNLOCK(locked._id), { body: { pin: '7777' } });
    expect(right.status).toBe(200);
    expect(right.json).toEqual({
      status: 'success',
      message: 'Playlist unlocked.',
      playlist: {
        _id: locked._id,
        playlist_name: 'Locked XC',
        playlist_type: 'xc',
        url: 'http://xc.example.com:25461',
        epg_url: 'http://xc.example.com:25461/xmltv.php',
        username: 'viewer',
        password: 'S3cret!',
        playlist_code: null,
        is_protected: true,
        locked_groups: [],
        last_check: null,
      },
    });
    expect(right.text).not.toContain('7777');
    const [again] = await listed(client);
    expect(again).toMatchObject({ _id: locked._id, url: null, username: null, password: null });

    const other = await signedInDevice(server);
    expectError(
      await other.client.request('POST', UNLOCK(locked._id), { body: { pin: '7777' } }),
      404,
      'This playlist does not exist.',
    );
  });
});

describe('cross-site requests to the playlist paths', () => {
  const EVIL = 'https://evil.example.com';
  const CROSS_SITE: Array<Record<string, string>> = [
    { origin: EVIL },
    { origin: 'null' },
    { 'sec-fetch-site': 'cross-site' },
  ];

  it('refuses every state-changing path from another site, changing nothing, and allows the portal’s origin', async () => {
    const { client, device } = await signedInDevice(server);
    const open = await saved(client, {
      current_playlist_url_id: -1,
      playlist_name: 'Open',
      playlist_type: 'code',
      playlist_code: '101010',
    });
    const locked = await saved(client, {
      current_playlist_url_id: -1,
      playlist_name: 'Shut',
      playlist_type: 'code',
      playlist_code: '202020',
      protect: 'true',
      pin: '5555',
    });
    const before = await rowsOf(device.id);

    const attempts: Array<(headers: Record<string, string>) => Promise<Answer>> = [
      (headers) =>
        save(
          client,
          { current_playlist_url_id: -1, playlist_name: 'Forged', playlist_type: 'code', playlist_code: '303030' },
          headers,
        ),
      (headers) =>
        save(
          client,
          {
            current_playlist_url_id: open._id,
            playlist_name: 'Forged edit',
            playlist_type: 'code',
            playlist_code: '404040',
          },
          headers,
        ),
      (headers) =>
        client.request('POST', SAVE, {
          ...form({
            current_playlist_url_id: '-1',
            playlist_name: 'Forged form',
            playlist_type: 'code',
            playlist_code: '505050',
          }),
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        }),
      (headers) => client.request('POST', UNLOCK(locked._id), { body: { pin: '5555' }, headers }),
      (headers) => client.request('DELETE', DELETE(open._id), { headers }),
      (headers) => client.request('DELETE', DELETE(locked._id), { body: { pin: '5555' }, headers }),
    ];
    for (const attempt of attempts) {
      for (const headers of CROSS_SITE) {
        const res = await attempt(headers);
        expect(res.status).toBe(403);
        expect(res.json).toEqual({ status: 'error', message: 'Requests from other sites are not allowed.' });
        expect(res.text).not.toContain('202020');
        expect(res.headers.get('access-control-allow-origin')).toBeNull();
      }
    }
    expect(await rowsOf(device.id)).toEqual(before);
    // Reading is allowed, but another site's page gets no CORS grant to see the answer.
    const read = await client.request('GET', LIST, { headers: { origin: EVIL } });
    expect(read.headers.get('access-control-allow-origin')).toBeNull();

    // From the portal's own origin each call goes through.
    const allowed = { origin: ALLOWED_ORIGIN };
    const statuses: number[] = [];
    for (const attempt of attempts) {
      const res = await attempt(allowed);
      statuses.push(res.status);
      expect(res.headers.get('access-control-allow-origin')).toBe(ALLOWED_ORIGIN);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await listed(client)).map((p) => p.playlist_name).sort()).toEqual(['Forged', 'Forged form']);
  });
});
