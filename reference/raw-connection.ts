import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { Duplex } from 'node:stream';

/**
 * What a connection's bytes become before node:http's parser reads them: `change` gets each chunk
 * as it came and the socket (to answer on it itself), and returns what the parser is handed,
 * nothing to hand it nothing. Node reads a socket's handle directly, past any 'data' listener,
 * so node:http's own connection listeners are handed a stream that carries the changed bytes in
 * and writes the answers out on the socket.
 */
export type RawChange = (chunk: Buffer, socket: Socket) => Buffer | undefined;

export function readThrough(server: Server, change: RawChange): void {
  const own = server.listeners('connection') as ((socket: Duplex) => void)[];
  server.removeAllListeners('connection');
  server.on('connection', (socket: Socket) => {
    const read = new Duplex({
      read() {},
      write(chunk, _encoding, done) { socket.write(chunk, done); },
      final(done) { socket.end(); done(); },
      destroy(error, done) { socket.destroy(); done(error); },
    });
    socket.on('data', (chunk: Buffer) => {
      const changed = change(chunk, socket);
      if (changed?.length) read.push(changed);
    });
    socket.on('end', () => read.push(null));
    socket.on('close', () => read.destroy());
    socket.on('error', () => read.destroy());
    for (const listener of own) listener.call(server, read);
  });
}
