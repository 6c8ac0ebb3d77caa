import { randomUUID } from 'node:crypto';
import { describeValue, pathSegment, runProbes, type Probe } from '../support/probes';
import { buildDevice, signedInDevice, startTestServer, type TestServer } from '../support/server';

/**
 * A sweep of hostile input through every playlist and settings call of both transports. Every answer must be
 * a refusal the caller can act on (4xx, or a GraphQL error with a known code), never a server error, and the
 * stored devices and playlists must be exactly as before.
 *
 * So that no hostile value is ever stored, each probe is aimed where even a value that is valid text must be
 * refused after validation: fields other than the name are sent with the name of an existing playlist (the
 * write reaches the database and is refused by the unique name index: CONFLICT), and names are sent to a device
 * already holding its limit of playlists (refused by the limit, after validation). What valid hostile text does
 * when it is stored is checked separately, on a device of its own, outside the snapshot.
 */

const PLAYLIST_LIMIT = 4;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    PLAYLIST_MAX_PER_DEVICE: String(PLAYLIST_LIMIT),
    // Large enough that wrong PINs and MACs are answered for what they are, not masked by a lock-out.
    LOGIN_MAX_FAILURES_PER_MAC: '100000',
    LOGIN_MAX_FAILURES_PER_IP: '100000',
  });
});
afterAll(() => server.stop());

type Client = ReturnType<TestServer['client']>;

const HUGE = 'x'.repeat(100_000);
const HOSTILE_TEXT: string[] = [
  '',
  '   ',
  HUGE,
  `http://example.com/${'y'.repeat(99_970)}`,
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  'Ελληνικά 📺 TV',
  'مرحبا \u202Eevil.m3u\u202C',
  'zero\u200Bwidth\u200D\uFEFF',
  '\uD83D',
  '\u0958'.repeat(100),
  '👨‍👩‍👧‍👦'.repeat(30),
  'a\u0000b',
  '\u0000',
  'tab\there\nnew\rline',
  '\u001b[31mred\u001b[0m',
  '\u0085\u009f\u007f',
  "' OR '1'='1' --",
  "'; DROP TABLE playlists; --",
  '1); DELETE FROM devices; --',
  '%_\\%',
  '${7*7}{{7*7}}',
  'http://example.com/a\u0000b',
  'http://example.com/\u202Egpj.exe',
  'ftp://user:pass@example.com/../../etc/passwd',
  '１２３４５６',
];
const WRONG_TYPES: unknown[] = [-1, 1.5, 1e308, true, false, null, [], ['x'], {}, { $ne: null }];
const HOSTILE: unknown[] = [...HOSTILE_TEXT, ...WRONG_TYPES];
/**
 * A shorter list for paths that repeat a validation already swept with every value (edits, form bodies): one
 * of each kind of hostility.
 */
const SHORT: unknown[] = [
  '',
  HUGE,
  '<script>alert(1)</script>',
  'مرحبا \u202Eevil.m3u\u202C',
  '\uD83D',
  '\u0958'.repeat(100),
  'a\u0000b',
  'http://example.com/a\u0000b',
  '\u001b[31mred\u001b[0m',
  "'; DROP TABLE playlists; --",
];
const SHORT_WITH_TYPES: unknown[] = [...SHORT, 1e308, null, ['x'], { $ne: null }];

async function snapshot() {
  const query = (sql: string) => server.db.dataSource.query(sql);
  return {
    playlists: await query(`SELECT * FROM playlists ORDER BY id`),
    devices: await query(`SELECT * FROM devices ORDER BY id`),
    tokens: await query(`SELECT id, device_id, revoked_at FROM device_tokens ORDER BY id`),
    macChanges: await query(`SELECT * FROM device_mac_changes ORDER BY id`),
  };
}

const PLAYLIST_FIELDS = 'id name type isProtected locked url epgUrl username password playlistCode';
const GQL = {
  create: `mutation($input: PlaylistInput!) { createPlaylist(input: $input) { message playlist { ${PLAYLIST_FIELDS} } } }`,
  update: `mutation($input: UpdatePlaylistInput!) { updatePlaylist(input: $input) { message playlist { ${PLAYLIST_FIELDS} } } }`,
  delete: `mutation($input: DeletePlaylistInput!) { deletePlaylist(input: $input) { id message } }`,
  unlock: `mutation($input: UnlockPlaylistInput!) { unlockPlaylist(input: $input) { message playlist { ${PLAYLIST_FIELDS} } } }`,
  changeKey: `mutation($input: ChangeDeviceKeyInput!) { changeDeviceKey(input: $input) { message } }`,
  changePin: `mutation($input: ChangeParentPinInput!) { changeParentPin(input: $input) { message } }`,
  checkPin: `mutation($input: CheckParentPinInput!) { checkParentPin(input: $input) { valid } }`,
  switchMac: `mutation($input: SwitchMacAddressInput!) { switchMacAddress(input: $input) { message } }`,
};

/** For each playlist field (graph name, REST name): a valid playlist that uses that field. */
const FIELD_BASES: Array<{ graph: string; rest: string; input: Record<string, unknown> }> = [
  {
    graph: 'type',
    rest: 'playlist_type',
    input: { url: 'http://a.example.com/l.m3u', username: 'u', password: 'p', playlistCode: '123456' },
  },
  { graph: 'url', rest: 'playlist_url', input: { type: 'GENERAL' } },
  { graph: 'epgUrl', rest: 'xml_url', input: { type: 'GENERAL', url: 'http://a.example.com/l.m3u' } },
  { graph: 'username', rest: 'username', input: { type: 'XC', url: 'http://h.example.com', password: 'p' } },
  { graph: 'password', rest: 'password', input: { type: 'XC', url: 'http://h.example.com', username: 'u' } },
  { graph: 'playlistCode', rest: 'playlist_code', input: { type: 'CODE' } },
  { graph: 'isProtected', rest: 'protect', input: { type: 'CODE', playlistCode: '123456', pin: '1234' } },
  { graph: 'pin', rest: 'pin', input: { type: 'CODE', playlistCode: '123456', isProtected: true } },
];
const REST_NAMES: Record<string, string> = {
  name: 'playlist_name',
  type: 'playlist_type',
  url: 'playlist_url',
  epgUrl: 'xml_url',
  username: 'username',
  password: 'password',
  playlistCode: 'playlist_code',
  isProtected: 'protect',
  pin: 'pin',
};

/** A playlist input in the graph's names → the same in the REST adapter's names (types in lower case). */
function toRest(input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(input).map(([key, value]) => [
      REST_NAMES[key] ?? key,
      key === 'type' && typeof value === 'string' ? value.toLowerCase() : value,
    ]),
  );
}

function formBody(fields: Record<string, unknown>) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) params.set(key, String(value));
  return { rawBody: params.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
}

interface World {
  owner: Awaited<ReturnType<typeof signedInDevice>>;
  full: Awaited<ReturnType<typeof signedInDevice>>;
  news: string;
  kids: string;
  otherIds: string[];
  activeMac: string;
}

let world: World;

beforeAll(async () => {
  const owner = await signedInDevice(server);
  const caller = (deviceId: string) => ({ deviceId, clientIp: '127.0.0.1' });
  const playlists = server.services.playlists;
  const news = await playlists.create(caller(owner.device.id), {
    name: 'News',
    type: 'general',
    url: 'http://news.example.com/l.m3u',
  });
  const kids = await playlists.create(caller(owner.device.id), {
    name: 'Kids',
    type: 'code',
    playlistCode: '135790',
    isProtected: true,
    pin: '1357',
  });
  await playlists.create(caller(owner.device.id), {
    name: 'Café',
    type: 'xc',
    url: 'http://cafe.example.com',
    username: 'u',
    password: 'p',
  });
  await server.services.devices.changeParentPin(owner.device.id, { pin: '2468' });

  const full = await signedInDevice(server);
  for (let i = 0; i < PLAYLIST_LIMIT; i += 1) {
    await playlists.create(caller(full.device.id), { name: `Full ${i}`, type: 'code', playlistCode: '123456' });
  }

  const other = await buildDevice(server);
  const otherOpen = await playlists.create(caller(other.device.id), {
    name: 'News',
    type: 'code',
    playlistCode: '111111',
  });
  const otherLocked = await playlists.create(caller(other.device.id), {
    name: 'Theirs',
    type: 'code',
    playlistCode: '222222',
    isProtected: true,
    pin: '1357',
  });

  const active = await buildDevice(server);
  await server.db.dataSource.query(`UPDATE devices SET licence_expires_at = now() + interval '1 year' WHERE id = $1`, [
    active.device.id,
  ]);

  world = {
    owner,
    full,
    news: news.entity.id,
    kids: kids.entity.id,
    otherIds: [otherOpen.entity.id, otherLocked.entity.id, otherOpen.entity.id.toUpperCase()],
    activeMac: active.device.macAddress,
  };
});

/** Ids that are not one of the owner's playlists. */
function foreignIds(): unknown[] {
  return [
    ...world.otherIds,
    '00000000-0000-0000-0000-000000000000',
    randomUUID(),
    `${world.news}x`,
    ` ${world.news}`,
    `${world.news.slice(0, -1)}g`,
    '1',
    '-1',
    "' OR 1=1 --",
  ];
}

function graphProbes(): Probe[] {
  const { owner, full, news, kids } = world;
  const probes: Probe[] = [];
  const graph = (
    label: string,
    client: Client,
    query: string,
    variables: Record<string, unknown>,
    extra: Partial<Probe> = {},
  ) => probes.push({ label: `graph ${label}`, transport: 'graph', send: () => client.gql(query, variables), ...extra });

  for (const value of HOSTILE) {
    const v = describeValue(value);
    // createPlaylist: the name on the full device, every other field under an existing name.
    graph(`createPlaylist name=${v}`, full.client, GQL.create, {
      input: { name: value, type: 'CODE', playlistCode: '123456' },
    });
    for (const base of FIELD_BASES) {
      graph(`createPlaylist ${base.graph}=${v}`, owner.client, GQL.create, {
        input: { name: 'News', type: 'GENERAL', ...base.input, [base.graph]: value },
      });
    }
    // updatePlaylist: the id, the current PIN, the name (behind a wrong PIN) and every other field.
    graph(`updatePlaylist id=${v}`, owner.client, GQL.update, {
      input: { id: value, playlist: { name: 'News', type: 'CODE', playlistCode: '123456' } },
    });
    graph(`deletePlaylist id=${v}`, owner.client, GQL.delete, { input: { id: value } });
    graph(`unlockPlaylist id=${v}`, owner.client, GQL.unlock, { input: { id: value, pin: '1357' } });
    graph(`changeDeviceKey deviceKey=${v}`, owner.client, GQL.changeKey, { input: { deviceKey: value } });
    graph(`changeParentPin pin=${v}`, owner.client, GQL.changePin, { input: { pin: value } });
    graph(`switchMacAddress macAddress=${v}`, owner.client, GQL.switchMac, {
      input: { macAddress: value, deviceKey: '000000' },
    });
    // The key, aimed at a registered MAC: no hostile value is a key, so none can open it.
    graph(`switchMacAddress deviceKey=${v}`, owner.client, GQL.switchMac, {
      input: { macAddress: world.activeMac, deviceKey: value },
    });
    // The whole input replaced by a hostile value.
    graph(`createPlaylist input=${v}`, owner.client, GQL.create, { input: value });
  }
  for (const value of SHORT_WITH_TYPES) {
    const v = describeValue(value);
    // PINs to check: each well-formed one costs a deliberately slow hash, so one value of each kind.
    graph(`updatePlaylist currentPin=${v}`, owner.client, GQL.update, {
      input: { id: kids, currentPin: value, playlist: { name: 'News', type: 'CODE', playlistCode: '123456' } },
    });
    graph(`deletePlaylist pin=${v}`, owner.client, GQL.delete, { input: { id: kids, pin: value } });
    graph(`unlockPlaylist pin=${v}`, owner.client, GQL.unlock, { input: { id: kids, pin: value } });
    graph(
      `checkParentPin pin=${v}`,
      owner.client,
      GQL.checkPin,
      { input: { pin: value } },
      {
        refusedData: (data) => data.checkParentPin?.valid === false,
      },
    );
    // The name of an edit, checked before the (wrong) PIN.
    graph(`updatePlaylist name=${v}`, owner.client, GQL.update, {
      input: { id: kids, currentPin: '0000', playlist: { name: value, type: 'CODE', playlistCode: '123456' } },
    });
  }
  // Every other field of an edit, under another playlist's name (the same validation as an add, another write).
  for (const value of SHORT) {
    for (const base of FIELD_BASES) {
      graph(`updatePlaylist ${base.graph}=${describeValue(value)}`, owner.client, GQL.update, {
        input: { id: news, playlist: { name: 'Kids', type: 'GENERAL', ...base.input, [base.graph]: value } },
      });
    }
  }
  for (const id of foreignIds()) {
    const v = describeValue(id);
    graph(`updatePlaylist foreign id=${v}`, owner.client, GQL.update, {
      input: { id, currentPin: '1357', playlist: { name: 'Stolen', type: 'CODE', playlistCode: '123456' } },
    });
    graph(`deletePlaylist foreign id=${v}`, owner.client, GQL.delete, { input: { id, pin: '1357' } });
    graph(`unlockPlaylist foreign id=${v}`, owner.client, GQL.unlock, { input: { id, pin: '1357' } });
  }
  // Names already used on the device, however they are written.
  for (const name of ['News', 'NEWS', '  news  ', 'kids', 'Cafe\u0301', 'CAFe\u0301']) {
    graph(`createPlaylist duplicate name=${describeValue(name)}`, owner.client, GQL.create, {
      input: { name, type: 'CODE', playlistCode: '123456' },
    });
  }
  // Renaming a playlist to another's name, however it is written.
  for (const name of ['Kids', 'KIDS', '  kids ', 'Cafe\u0301', 'CAFe\u0301']) {
    graph(`updatePlaylist duplicate name=${describeValue(name)}`, owner.client, GQL.update, {
      input: { id: news, playlist: { name, type: 'CODE', playlistCode: '123456' } },
    });
  }
  // MAC addresses that are taken: the device's own, and an activated device's.
  for (const mac of [owner.device.macAddress, owner.device.macAddress.toUpperCase(), world.activeMac]) {
    graph(`switchMacAddress taken=${mac}`, owner.client, GQL.switchMac, {
      input: { macAddress: mac, deviceKey: '000000' },
    });
  }
  // Extra and misspelt fields, and aliases of a refused mutation.
  graph('createPlaylist unknown field', owner.client, GQL.create, {
    input: { name: 'Extra', type: 'CODE', playlistCode: '123456', deviceId: world.otherIds[0] },
  });
  graph('changeDeviceKey unknown field', owner.client, GQL.changeKey, { input: { deviceKey: '123456', mac: 'x' } });
  probes.push({
    label: 'graph aliased switchMacAddress onto the own MAC',
    transport: 'graph',
    send: () =>
      owner.client.gql(
        `mutation { ${Array.from({ length: 10 }, (_, i) => `s${i}: switchMacAddress(input: { macAddress: "${owner.device.macAddress}", deviceKey: "000000" }) { message }`).join(' ')} }`,
      ),
  });
  return probes;
}

function restProbes(): Probe[] {
  const { owner, full, news, kids } = world;
  const probes: Probe[] = [];
  const rest = (label: string, client: Client, method: string, path: string, init: Parameters<Client['request']>[2]) =>
    probes.push({
      label: `rest ${method} ${label}`,
      transport: 'rest',
      send: () => client.request(method, path, init),
    });
  const SAVE = '/frontend/device/savePlaylist';
  const json = (body: unknown) => ({ body });

  for (const value of HOSTILE) {
    const v = describeValue(value);
    rest(
      `savePlaylist playlist_name=${v}`,
      full.client,
      'POST',
      SAVE,
      json({
        current_playlist_url_id: -1,
        playlist_name: value,
        playlist_type: 'code',
        playlist_code: '123456',
      }),
    );
    for (const base of FIELD_BASES) {
      rest(
        `savePlaylist ${base.rest}=${v}`,
        owner.client,
        'POST',
        SAVE,
        json({
          current_playlist_url_id: -1,
          ...toRest({ name: 'News', type: 'GENERAL', ...base.input }),
          [base.rest]: value,
        }),
      );
    }
    rest(
      `savePlaylist current_playlist_url_id=${v}`,
      owner.client,
      'POST',
      SAVE,
      json({
        current_playlist_url_id: value,
        playlist_name: 'News',
        playlist_type: 'code',
        playlist_code: '123456',
      }),
    );
    rest(
      `saveDeviceKey device_key=${v}`,
      owner.client,
      'POST',
      '/frontend/device/saveDeviceKey',
      json({ device_key: value }),
    );
    rest(
      `saveParentPin pin_code=${v}`,
      owner.client,
      'POST',
      '/frontend/device/saveParentPin',
      json({ pin_code: value }),
    );
    rest(
      `switchMacAddress mac_address=${v}`,
      owner.client,
      'POST',
      '/frontend/device/switchMacAddress',
      json({ mac_address: value, device_key: '000000' }),
    );
    rest(
      `switchMacAddress device_key=${v}`,
      owner.client,
      'POST',
      '/frontend/device/switchMacAddress',
      json({ mac_address: world.activeMac, device_key: value }),
    );
    // The whole body replaced by a hostile value.
    rest(`savePlaylist body=${v}`, owner.client, 'POST', SAVE, json(value));
  }

  for (const value of SHORT_WITH_TYPES) {
    const v = describeValue(value);
    rest(
      `savePlaylist current_pin=${v}`,
      owner.client,
      'POST',
      SAVE,
      json({
        current_playlist_url_id: kids,
        current_pin: value,
        playlist_name: 'News',
        playlist_type: 'code',
        playlist_code: '123456',
      }),
    );
    rest(
      `deletePlayListUrl pin=${v}`,
      owner.client,
      'DELETE',
      `/frontend/device/deletePlayListUrl/${kids}`,
      json({ pin: value }),
    );
    rest(
      `unlockPlaylist pin=${v}`,
      owner.client,
      'POST',
      `/frontend/device/unlockPlaylist/${kids}`,
      json({ pin: value }),
    );
    for (const base of FIELD_BASES) {
      // An edit of an existing playlist, under another existing name.
      rest(
        `savePlaylist edit ${base.rest}=${v}`,
        owner.client,
        'POST',
        SAVE,
        json({
          current_playlist_url_id: news,
          ...toRest({ name: 'Kids', type: 'GENERAL', ...base.input }),
          [base.rest]: value,
        }),
      );
    }
  }
  for (const value of SHORT) {
    const v = describeValue(value);
    for (const base of FIELD_BASES) {
      rest(
        `form savePlaylist ${base.rest}=${v}`,
        owner.client,
        'POST',
        SAVE,
        formBody({
          current_playlist_url_id: '-1',
          ...toRest({ name: 'News', type: 'GENERAL', ...base.input }),
          [base.rest]: value,
        }),
      );
    }
  }
  for (const value of HOSTILE_TEXT) {
    const v = describeValue(value);
    // Form bodies carry text only.
    rest(
      `form savePlaylist playlist_name=${v}`,
      full.client,
      'POST',
      SAVE,
      formBody({
        current_playlist_url_id: '-1',
        playlist_name: value,
        playlist_type: 'code',
        playlist_code: '123456',
      }),
    );
    rest(
      `form saveDeviceKey device_key=${v}`,
      owner.client,
      'POST',
      '/frontend/device/saveDeviceKey',
      formBody({ device_key: value }),
    );
    rest(
      `form saveParentPin pin_code=${v}`,
      owner.client,
      'POST',
      '/frontend/device/saveParentPin',
      formBody({ pin_code: value }),
    );
    rest(
      `form switchMacAddress mac_address=${v}`,
      owner.client,
      'POST',
      '/frontend/device/switchMacAddress',
      formBody({ mac_address: value, device_key: '000000' }),
    );
    // Hostile text as the id in the path.
    const id = pathSegment(value);
    rest(
      `deletePlayListUrl/${v}`,
      owner.client,
      'DELETE',
      `/frontend/device/deletePlayListUrl/${id}`,
      json({ pin: '1357' }),
    );
    rest(`unlockPlaylist/${v}`, owner.client, 'POST', `/frontend/device/unlockPlaylist/${id}`, json({ pin: '1357' }));
  }

  for (const id of foreignIds()) {
    const v = describeValue(id);
    const path = pathSegment(String(id));
    rest(
      `deletePlayListUrl foreign ${v}`,
      owner.client,
      'DELETE',
      `/frontend/device/deletePlayListUrl/${path}`,
      json({ pin: '1357' }),
    );
    rest(
      `unlockPlaylist foreign ${v}`,
      owner.client,
      'POST',
      `/frontend/device/unlockPlaylist/${path}`,
      json({ pin: '1357' }),
    );
    // Under the name of the other device's own playlist: were its id found, the rename would be refused by
    // nothing and the snapshot would show it; "-1" is a new playlist, refused as a duplicate.
    rest(
      `savePlaylist foreign id=${v}`,
      owner.client,
      'POST',
      SAVE,
      json({
        current_playlist_url_id: id,
        current_pin: '1357',
        playlist_name: 'News',
        playlist_type: 'code',
        playlist_code: '123456',
      }),
    );
  }
  for (const name of ['News', 'NEWS', '  news  ', 'kids', 'Cafe\u0301']) {
    rest(
      `savePlaylist duplicate name=${describeValue(name)}`,
      owner.client,
      'POST',
      SAVE,
      json({
        current_playlist_url_id: -1,
        playlist_name: name,
        playlist_type: 'code',
        playlist_code: '123456',
      }),
    );
  }
  for (const mac of [
    owner.device.macAddress,
    owner.device.macAddress.replace(/:/g, '-').toUpperCase(),
    world.activeMac,
  ]) {
    rest(
      `switchMacAddress taken=${mac}`,
      owner.client,
      'POST',
      '/frontend/device/switchMacAddress',
      json({ mac_address: mac, device_key: '000000' }),
    );
  }

  // Bodies that are not what they claim to be, on every state-changing path.
  const paths: Array<[string, string]> = [
    ['POST', SAVE],
    ['DELETE', `/frontend/device/deletePlayListUrl/${kids}`],
    ['POST', `/frontend/device/unlockPlaylist/${kids}`],
    ['POST', '/frontend/device/saveDeviceKey'],
    ['POST', '/frontend/device/saveParentPin'],
    ['POST', '/frontend/device/switchMacAddress'],
  ];
  const malformed: Array<[string, string, string]> = [
    ['truncated JSON', '{"pin": ', 'application/json'],
    ['JSON null', 'null', 'application/json'],
    ['a JSON string', '"pin"', 'application/json'],
    ['a JSON number', '42', 'application/json'],
    ['deeply nested JSON', `${'['.repeat(5000)}${']'.repeat(5000)}`, 'application/json'],
    [
      'duplicate keys',
      '{"pin":"1357","pin":"0000","pin_code":"1","device_key":"x","mac_address":"y"}',
      'application/json',
    ],
    ['__proto__ key', '{"__proto__":{"isProtected":true},"constructor":{"prototype":{"x":1}}}', 'application/json'],
    ['UTF-16 charset', '{"pin":"1357"}', 'application/json; charset=utf-16'],
    ['unknown charset', '{"pin":"1357"}', 'application/json; charset=klingon'],
    [
      'nested form keys',
      'pin[a]=1&pin_code[]=2&mac_address[x][y]=z&device_key=1&device_key=2',
      'application/x-www-form-urlencoded',
    ],
    ['plain text', 'pin=1357', 'text/plain'],
    ['binary', '\u0000\u0001\u0002\uFFFF', 'application/octet-stream'],
  ];
  for (const [method, path] of paths) {
    for (const [label, rawBody, contentType] of malformed) {
      rest(`${path} ${label}`, owner.client, method, path, { rawBody, headers: { 'content-type': contentType } });
    }
  }
  return probes;
}

describe('hostile input to the playlist and settings calls', () => {
  it('refuses every hostile value with a 4xx or a known GraphQL code, and changes nothing', async () => {
    const before = await snapshot();
    const probes = [...graphProbes(), ...restProbes()];
    const started = Date.now();
    const problems = await runProbes(probes);
    console.log(`bad-input sweep: ${probes.length} hostile inputs sent in ${Date.now() - started} ms`);
    expect(problems).toEqual([]);
    expect(await snapshot()).toEqual(before);
    // The owner is still signed in and its data reads back as before.
    const list = await world.owner.client.gql(`query { playlists { name } }`);
    expect(list.json.data.playlists.map((p: { name: string }) => p.name).sort()).toEqual(['Café', 'Kids', 'News']);
    expect(probes.length).toBeGreaterThan(1500);
  });

  it('refuses a body over the 100 kB limit with 413 on both transports, each in its own shape, and changes nothing', async () => {
    const before = await snapshot();
    const { owner } = world;
    const big = 'x'.repeat(150_000);
    const graph = await owner.client.gql(GQL.create, {
      input: { name: 'Big', type: 'GENERAL', url: `http://a.example.com/${big}` },
    });
    expect(graph.status).toBe(413);
    // In the graph's shape: Apollo Client reads the refusal as it reads any GraphQL error.
    expect(graph.json).toEqual({
      errors: [{ message: 'The request body is too large.', extensions: { code: 'BAD_REQUEST' } }],
    });
    const restJson = await owner.client.request('POST', '/frontend/device/savePlaylist', {
      body: {
        current_playlist_url_id: -1,
        playlist_name: 'Big',
        playlist_type: 'general',
        playlist_url: `http://a.example.com/${big}`,
      },
    });
    expect(restJson.status).toBe(413);
    expect(restJson.json).toEqual({ status: 'error', message: 'The request body is too large.' });
    const restForm = await owner.client.request('POST', '/frontend/device/saveParentPin', formBody({ pin_code: big }));
    expect(restForm.status).toBe(413);
    const restDelete = await owner.client.request('DELETE', `/frontend/device/deletePlayListUrl/${world.kids}`, {
      body: { pin: big },
    });
    expect(restDelete.status).toBe(413);
    expect(await snapshot()).toEqual(before);
  });

  it('answers a hostile playlist search with results or BAD_USER_INPUT, never a server error', async () => {
    const SEARCH = `query($search: String) { playlists(search: $search) { name } }`;
    const problems: string[] = [];
    for (const search of [...HOSTILE_TEXT.filter((s) => s.length <= 100), 'x'.repeat(101), 42, ['a'], { a: 1 }]) {
      const res = await world.owner.client.gql(SEARCH, { search });
      const code = res.json?.errors?.[0]?.extensions?.code;
      if (
        res.status >= 500 ||
        (code && code !== 'BAD_USER_INPUT') ||
        (!code && !Array.isArray(res.json?.data?.playlists))
      ) {
        problems.push(`search=${describeValue(search)}: ${res.status} ${res.text.slice(0, 200)}`);
      }
    }
    expect(problems).toEqual([]);
    const percent = await world.owner.client.gql(SEARCH, { search: '%' });
    expect(percent.json.data.playlists).toEqual([]);
  });

  it('stores hostile text that is valid exactly as sent, and refuses what it cannot store', async () => {
    const { client, device } = await signedInDevice(server);
    const names = [
      'Ελληνικά 📺 TV',
      'مرحبا \u202Eevil.m3u\u202C',
      `zero\u200Bwidth\u200D ${'👨‍👩‍👧‍👦'.repeat(7)}`,
      "'; DROP TABLE playlists; --",
    ];
    for (const name of names) {
      const res = await client.gql(GQL.create, { input: { name, type: 'CODE', playlistCode: '123456' } });
      expect(res.json.errors).toBeUndefined();
      expect(res.json.data.createPlaylist.playlist.name).toBe(name);
    }
    const rows = await server.db.dataSource.query(`SELECT name FROM playlists WHERE device_id = $1`, [device.id]);
    expect(rows.map((r: { name: string }) => r.name).sort()).toEqual([...names].sort());
    // Still a device-wide limit of four playlists: delete them to try the rest.
    await server.db.dataSource.query(`DELETE FROM playlists WHERE device_id = $1`, [device.id]);

    // 100 characters that Unicode normalisation (NFC) turns into 200: too long once stored, so refused.
    const expanding = await client.gql(GQL.create, {
      input: { name: '\u0958'.repeat(100), type: 'CODE', playlistCode: '123456' },
    });
    expect(expanding.json.errors?.[0]).toMatchObject({
      extensions: { code: 'BAD_USER_INPUT', fieldErrors: { name: 'Playlist name must be at most 100 characters' } },
    });
    // 50 of them fit, and are stored normalised.
    const fitting = await client.gql(GQL.create, {
      input: { name: '\u0958'.repeat(50), type: 'CODE', playlistCode: '123456' },
    });
    expect(fitting.json.data.createPlaylist.playlist.name).toBe('\u0958'.repeat(50).normalize('NFC'));

    // A NUL character cannot be stored by PostgreSQL and belongs in no URL: refused as an invalid URL.
    for (const [input, fieldErrors] of [
      [{ name: 'Nul url', type: 'GENERAL', url: 'http://example.com/a\u0000b' }, { url: 'Invalid URL Format' }],
      [
        { name: 'Nul epg', type: 'GENERAL', url: 'http://example.com/a', epgUrl: 'http://example.com/\u0000' },
        { epgUrl: 'Invalid URL Format' },
      ],
      [
        { name: 'Nul host', type: 'XC', url: 'http://example.com\u0000', username: 'u', password: 'p' },
        { url: 'Invalid URL' },
      ],
    ] as const) {
      const res = await client.gql(GQL.create, { input });
      expect(res.json.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', fieldErrors } });
      const restRes = await client.request('POST', '/frontend/device/savePlaylist', {
        body: { current_playlist_url_id: -1, ...toRest(input) },
      });
      expect(restRes.status).toBe(400);
    }
    const names2 = await server.db.dataSource.query(`SELECT name FROM playlists WHERE device_id = $1`, [device.id]);
    expect(names2).toHaveLength(1);
  });
});
