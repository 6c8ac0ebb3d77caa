import type { Server, ServerResponse } from 'node:http';
import type { ApolloServerPlugin, BaseContext } from '@apollo/server';

/**
 * Stops an HTTP server without losing a request that a load balancer has already sent.
 *
 * A proxy such as nginx keeps idle keep-alive connections to each instance and reuses them. Closing one of them
 * while the proxy writes a request onto it (what `http.Server.close()` does to idle connections since Node 19,
 * and what Apollo's drain plugin does, which also ends a connection right after its last answer) loses that
 * request: the proxy cannot know whether it arrived, so it answers 502 rather than send a POST twice. Measured
 * with deploy/nginx.conf in front of two instances, one stopped under traffic: 1 to 4 POSTs of about 2,000
 * answered 502 (tests/integration/load-balancer.test.ts).
 *
 * So, on drain: the listening socket closes (new connections are refused at once, and a proxy sends them to
 * another instance); every answer from then on, including those of requests in flight, says `Connection: close`,
 * so the client does not reuse that connection; an idle connection is left to its client, which closes it after
 * its own idle timeout (nginx's 4 s in deploy/nginx.conf, under Node's 5 s keep-alive timeout) or sends one more
 * request on it, answered and then closed. After `graceMs`, whatever is left is closed.
 */
export class HttpDrain {
  readonly #server: Server;
  readonly #inFlight = new Set<ServerResponse>();
  #draining = false;

  constructor(server: Server) {
    this.#server = server;
    // Ahead of the application, which may answer before a later listener runs.
    server.prependListener('request', (_req, res: ServerResponse) => {
      if (this.#draining) {
        res.setHeader('Connection', 'close');
        return;
      }
      this.#inFlight.add(res);
      res.once('close', () => this.#inFlight.delete(res));
    });
  }

  get draining(): boolean {
    return this.#draining;
  }

  /** Resolves once every connection has closed: true when they all did within `graceMs`. */
  async drain(graceMs: number): Promise<boolean> {
    if (!this.#server.listening) return true;
    this.#draining = true;
    for (const res of this.#inFlight) {
      // An answer already on its way told the client to keep the connection: it is then left as an idle one.
      if (!res.headersSent) res.setHeader('Connection', 'close');
    }
    this.#inFlight.clear();
    let gracefully = true;
    const closed = new Promise<void>((resolve) => {
      // http.Server.close() would also close the idle connections at once (see above): shadowed for that call.
      const server = this.#server as Server & { closeIdleConnections: () => void };
      server.closeIdleConnections = () => {};
      try {
        server.close(() => resolve());
      } finally {
        delete (server as Partial<typeof server>).closeIdleConnections;
      }
    });
    const deadline = setTimeout(() => {
      gracefully = false;
      this.#server.closeAllConnections();
    }, graceMs);
    await closed;
    clearTimeout(deadline);
    return gracefully;
  }
}

/** HttpDrain in Apollo Server's lifecycle: `apollo.stop()` drains the HTTP server before the graph stops. */
export function drainHttpServerPlugin(server: Server, graceMs: number): ApolloServerPlugin<BaseContext> {
  const drain = new HttpDrain(server);
  return {
    async serverWillStart() {
      return {
        async drainServer() {
          await drain.drain(graceMs);
        },
      };
    },
  };
}
