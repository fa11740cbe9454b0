import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { Duplex } from 'node:stream';
import { Server as TlsServer } from 'node:tls';

/**
 * What a connection's bytes become before node:http's parser reads them: `change` gets each chunk
 * as it came and the socket (to answer on it itself), and returns what the parser is handed,
 * nothing to hand it nothing. Node reads a socket's handle directly, past any 'data' listener,
 * so node:http's own connection listeners are handed a stream that carries the changed bytes in
 * and writes the answers out on the socket.
 */
export type RawChange = (chunk: Buffer, socket: Socket) => Buffer | undefined;

/**
 * The event node:http's connection listener hears: 'connection' on a plain server, whose socket
 * carries the request's bytes; 'secureConnection' on a TLS one (node:https), whose 'connection'
 * socket carries ciphertext and whose TLS socket, once the handshake is done, the plaintext.
 */
export const connectionEvent = (server: Server): 'connection' | 'secureConnection' => (server instanceof TlsServer ? 'secureConnection' : 'connection');

/** A stream node:http reads as a connection: what is pushed into it comes in, what node:http writes goes out on `socket`. */
export function carrier(socket: Duplex): Duplex {
  const carried = new Duplex({
    read() {},
    write(chunk, _encoding, done) { socket.write(chunk, done); },
    final(done) { socket.end(); done(); },
    destroy(error, done) { socket.destroy(); done(error); },
  });
  socket.on('end', () => carried.push(null));
  socket.on('close', () => carried.destroy());
  socket.on('error', () => carried.destroy());
  return carried;
}

export function readThrough(server: Server, change: RawChange): void {
  const event = connectionEvent(server);
  const own = server.listeners(event) as ((socket: Duplex) => void)[];
  server.removeAllListeners(event);
  server.on(event, (socket: Socket) => {
    const read = carrier(socket);
    socket.on('data', (chunk: Buffer) => {
      const changed = change(chunk, socket);
      if (changed?.length) read.push(changed);
    });
    for (const listener of own) listener.call(server, read);
  });
}

/**
 * Hands `first`, then every later byte of `socket`, to node:http as a connection of its own: a
 * request its parser refused, changed so it reads it, is read again on a fresh parser, and the
 * answers go out on the socket (the refusing parser's own connection is left to lie idle).
 */
export function readAgain(server: Server, socket: Duplex, first: Buffer): void {
  const again = carrier(socket);
  again.push(first);
  socket.on('data', (chunk: Buffer) => again.push(chunk));
  server.emit(connectionEvent(server), again);
}
