import net from 'node:net';
import { createLogger } from '../../server/src/logger';
import type { TestClient } from '../support/http';
import { ALLOWED_ORIGIN, signedInDevice, startTestServer, type TestServer } from '../support/server';

// A phone that loses its connection halfway through sending a request is ordinary traffic: the server answers no
// one, changes nothing and logs no error for it.
describe('a client that goes away in the middle of a request', () => {
  const lines: string[] = [];
  let server: TestServer;
  let portal: TestClient;
  let cookie: string;

  beforeAll(async () => {
    server = await startTestServer(
      { LOG_LEVEL: 'info' },
      { logger: createLogger('info', { write: (line: string) => void lines.push(line) }) },
    );
    // Signed in, so the session is read from the database before the body is: the client is gone by then.
    portal = (await signedInDevice(server)).client;
    cookie = portal.cookieHeader;
  });

  afterAll(() => server.stop());

  /** Sends the head of a JSON POST and part of its body, then closes the connection. */
  async function abandon(path: string, body: string): Promise<void> {
    const socket = net.connect(server.port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      [
        `POST ${path} HTTP/1.1`,
        'Host: 127.0.0.1',
        'Content-Type: application/json',
        `Content-Length: ${Buffer.byteLength(body) + 50}`,
        `Origin: ${ALLOWED_ORIGIN}`,
        'Apollo-Require-Preflight: true',
        `Cookie: ${cookie}`,
        '',
        body,
      ].join('\r\n'),
    );
    socket.destroy();
    await new Promise((resolve) => socket.once('close', resolve));
  }

  it('logs no error and saves nothing, through the graph and through the REST adapters', async () => {
    const before = lines.length;
    for (let i = 0; i < 20; i += 1) {
      await abandon('/graphql', '{"query":"mutation { createPlaylist(input: {name: \\"Half');
      await abandon('/frontend/device/savePlaylist', '{"playlist_name":"Half","playlist_type":"general","playl');
    }
    // Let the server finish with them (a session read each) before reading the log.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const problems = lines
      .slice(before)
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((entry) => entry.level >= 50);
    expect(problems.map((entry) => entry.msg)).toEqual([]);

    const list = await portal.request('GET', '/frontend/device/playlists');
    expect(list.status).toBe(200);
    expect(list.json.playlists).toEqual([]);
  });
});
