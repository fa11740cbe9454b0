import type { Socket } from 'node:net';
import type { Mode, ModeDef } from './mode.ts';

/**
 * At most `limit` connections served at once. A further connection is accepted but not read (its
 * socket paused, so its request waits in the socket, as behind a full accept queue) until a
 * served one closes; while connections wait, a served one is closed after its answer
 * (`Connection: close`), so each waiting connection is served in turn.
 */
function fewConnections(limit: number): Mode {
  const served = new Set<Socket>();
  const waiting: Socket[] = [];
  const admit = (socket: Socket): void => {
    served.add(socket);
    socket.once('close', () => {
      served.delete(socket);
      const next = waiting.shift();
      if (next) admit(next.resume());
    });
  };
  return {
    serve(server) {
      server.on('connection', (socket: Socket) => {
        if (served.size < limit) return admit(socket);
        socket.pause();
        waiting.push(socket);
        socket.once('close', () => {
          const at = waiting.indexOf(socket);
          if (at >= 0) waiting.splice(at, 1);
        });
      });
    },
    hooks: (inner) => ({
      ...inner,
      write: (res, reply, at) => {
        if (waiting.length) res.setHeader('Connection', 'close');
        inner.write(res, reply, at);
      },
    }),
  };
}

/**
 * An idle connection is closed `ms` after its last answer, with no Keep-Alive header to say so
 * (node's own keep-alive timeout, which announces itself, is turned off): a client learns it
 * only from the close.
 */
function shortKeepAlive(ms: number): Mode {
  const idle = new WeakMap<Socket, NodeJS.Timeout>();
  return {
    serve(server) {
      server.keepAliveTimeout = 0;
      server.on('request', (req, res) => {
        const socket = req.socket;
        clearTimeout(idle.get(socket));
        res.once('finish', () => idle.set(socket, setTimeout(() => socket.end(), ms).unref()));
      });
    },
  };
}

export const CONNECTION_MODES: readonly ModeDef[] = [
  { name: 'few-connections', defaultValue: 4, description: 'serves at most N connections at once: the others wait unread until one closes, and while they wait a served connection closes after its answer', make: fewConnections },
  { name: 'short-keep-alive', defaultValue: 1000, description: 'closes a connection idle for N ms, without a Keep-Alive header to announce it', make: shortKeepAlive },
];
