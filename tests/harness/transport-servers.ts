// Servers the transport tests start on 127.0.0.1, and stop with every connection they hold.
import type { Server } from 'node:http';
import type { AddressInfo, Server as NetServer, Socket } from 'node:net';

export interface Listening { url: string; stop(): Promise<void> }

export async function listening(server: Server | NetServer): Promise<Listening> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    }),
  };
}

/** A request as the transport gets it, to `url`. */
export const post = (url: string, body = '{}', more: object = {}) => ({ method: 'POST', url, headers: { 'content-type': 'application/json' }, body, ...more });
