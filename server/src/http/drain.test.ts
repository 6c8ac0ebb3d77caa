import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { connectOutcome } from '../../../tests/support/product';
import { HttpDrain } from './drain';

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
  reusedSocket: boolean;
}

function get(port: number, agent: http.Agent, path = '/'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          connection: res.headers.connection,
          body,
          reusedSocket: req.reusedSocket,
        }),
      );
    });
    req.on('error', reject);
  });
}

describe('HttpDrain', () => {
  let server: http.Server;
  let drain: HttpDrain;
  let port: number;
  let agent: http.Agent;
  const sockets = new Set<Socket>();
  /** Requests to /slow wait for this. */
  let release: () => void = () => undefined;

  beforeEach(async () => {
    let held = Promise.resolve();
    server = http.createServer((req, res) => {
      if (req.url === '/slow') {
        void held.then(() => res.end('slow'));
        return;
      }
      res.end('fast');
    });
    // Longer than any test: an idle connection is closed by its client or by the drain's deadline, never by this.
    server.keepAliveTimeout = 60_000;
    drain = new HttpDrain(server);
    held = new Promise<void>((resolve) => (release = resolve));
    server.on('connection', (socket: Socket) => {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  });

  afterEach(async () => {
    release();
    agent.destroy();
    server.closeAllConnections();
    if (server.listening) await new Promise((resolve) => server.close(resolve));
  });

  it('keeps answering on an idle keep-alive connection, saying Connection: close, then lets it go', async () => {
    const first = await get(port, agent);
    expect(first).toMatchObject({ status: 200, body: 'fast', connection: 'keep-alive', reusedSocket: false });
    expect(sockets.size).toBe(1);

    const drained = drain.drain(5_000);
    // The connection a proxy may be writing its next request onto stays open...
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sockets.size).toBe(1);
    // ...and that request is answered, on that connection, which then closes.
    const second = await get(port, agent);
    expect(second).toMatchObject({ status: 200, body: 'fast', connection: 'close', reusedSocket: true });

    await expect(drained).resolves.toBe(true);
    expect([...sockets].every((socket) => socket.destroyed)).toBe(true);
  });

  it('refuses new connections at once, and answers the requests in flight with Connection: close', async () => {
    const inFlight = get(port, agent, '/slow');
    await new Promise((resolve) => setTimeout(resolve, 50));

    const drained = drain.drain(5_000);
    expect(drain.draining).toBe(true);
    expect(await connectOutcome(port)).toBe('ECONNREFUSED');

    release();
    await expect(inFlight).resolves.toMatchObject({ status: 200, body: 'slow', connection: 'close' });
    await expect(drained).resolves.toBe(true);
  });

  it('closes the connections left when the grace period ends', async () => {
    await get(port, agent);
    expect(sockets.size).toBe(1);
    const startedAt = Date.now();
    // This client never sends another request nor closes its idle connection.
    await expect(drain.drain(300)).resolves.toBe(false);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(290);
    expect([...sockets].every((socket) => socket.destroyed)).toBe(true);
  });
});
