import { Duplex } from 'node:stream';
import type { Socket } from 'node:net';

/**
 * Shoutcast v1 servers answer `ICY 200 OK` instead of `HTTP/1.0 200 OK`, then headers and audio as HTTP/1.0 would
 * (no length: the body runs until the connection closes). VLC, ExoPlayer and TV players read it as HTTP/1.0;
 * Node's HTTP parser refuses it. This wraps a connection so that a response starting `ICY ` reads as
 * `HTTP/1.0 `: nothing else changes, and any other answer passes as it came.
 */
export function icyAsHttp(socket: Socket): Duplex {
  let head: Buffer | null = Buffer.alloc(0);
  const duplex = new Duplex({
    read() {
      socket.resume();
    },
    write(chunk: Buffer, encoding, callback) {
      socket.write(chunk, encoding, callback);
    },
    final(callback) {
      socket.end(callback);
    },
    destroy(err, callback) {
      socket.destroy(err ?? undefined);
      callback(err);
    },
  });
  const pass = (chunk: Buffer) => {
    if (!duplex.push(chunk)) socket.pause();
  };
  socket.on('data', (chunk: Buffer) => {
    if (head === null) return pass(chunk);
    head = Buffer.concat([head, chunk]);
    // The first four bytes tell.
    if (head.length < 4 && 'ICY '.startsWith(head.toString('latin1'))) return;
    const start = head;
    head = null;
    pass(
      start.toString('latin1', 0, 4) === 'ICY ' ? Buffer.concat([Buffer.from('HTTP/1.0 '), start.subarray(4)]) : start,
    );
  });
  socket.on('end', () => {
    if (head && head.length) pass(head);
    head = null;
    duplex.push(null);
  });
  socket.on('error', (err) => duplex.destroy(err));
  socket.on('close', () => duplex.destroy());
  socket.on('connect', () => duplex.emit('connect'));
  return duplex;
}
