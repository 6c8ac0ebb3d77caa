import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { signedInDevice, startTestServer, type TestServer } from '../support/server';

/**
 * A check made in the add form is the saved playlist's last check (issue 54, part 4): the server keeps the
 * form's result for the owner who ran it and the exact source checked, and a playlist saved with that source
 * takes it. Another owner's check, or a check of another source, is never taken; nothing the client sends is.
 */

let provider: http.Server;
let base = '';
let server: TestServer;

beforeAll(async () => {
  provider = http.createServer((req, res) => {
    if (req.url === '/news.m3u' || req.url === '/other.m3u') {
      res.setHeader('content-type', 'audio/x-mpegurl');
      return void res.end('#EXTM3U\n#EXTINF:-1 group-title="News",News One\nhttp://stream.example/1.ts\n');
    }
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  server = await startTestServer({
    PLAYLIST_CHECK_ALLOW: '127.0.0.1',
    PLAYLIST_CHECK_STREAM_SAMPLES: '0',
    PLAYLIST_CHECK_PER_DEVICE_PER_HOUR: '1000',
  });
});
afterAll(async () => {
  await server?.stop();
  await new Promise((resolve) => provider?.close(resolve));
});

type Client = Awaited<ReturnType<typeof signedInDevice>>['client'];

const CHECK_VALUES = `mutation($input: PlaylistInput!) { checkPlaylistValues(input: $input) { verdict message checkedAt } }`;
const CREATE = `mutation($input: PlaylistInput!) {
  createPlaylist(input: $input) { playlist { id lastCheck { verdict message checkedAt } } } }`;
const LIST = `{ playlists { id lastCheck { verdict checkedAt } } }`;

async function checkForm(client: Client, url: string) {
  const res = await client.gql(CHECK_VALUES, { input: { name: 'Form', type: 'GENERAL', url } });
  expect(res.json.errors).toBeUndefined();
  return res.json.data.checkPlaylistValues as { verdict: string; message: string; checkedAt: string };
}

async function save(client: Client, name: string, url: string) {
  const res = await client.gql(CREATE, { input: { name, type: 'GENERAL', url } });
  expect(res.json.errors).toBeUndefined();
  return res.json.data.createPlaylist.playlist as { id: string; lastCheck: unknown };
}

describe('the add form check', () => {
  it('becomes the last check of the playlist saved with the same source, in the list too', async () => {
    const { client } = await signedInDevice(server);
    const checked = await checkForm(client, `${base}/news.m3u`);
    expect(checked.verdict).not.toBe('FAILED');
    const saved = await save(client, 'News', `${base}/news.m3u`);
    expect(saved.lastCheck).toEqual(checked);
    const list = await client.gql(LIST);
    const shown = list.json.data.playlists.find((p: { id: string }) => p.id === saved.id);
    expect(shown.lastCheck).toEqual({ verdict: checked.verdict, checkedAt: checked.checkedAt });
  });

  it('is not taken by a playlist of another source, nor by another owner', async () => {
    const owner = await signedInDevice(server);
    const other = await signedInDevice(server);
    await checkForm(owner.client, `${base}/news.m3u`);
    expect((await save(owner.client, 'Other', `${base}/other.m3u`)).lastCheck).toBeNull();
    // The same source saved by someone who did not check it: nothing of the first owner's check.
    expect((await save(other.client, 'News', `${base}/news.m3u`)).lastCheck).toBeNull();
  });
});
