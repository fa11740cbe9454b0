/**
 * A distant target: the embedded reference behind a proxy on 127.0.0.1 that holds every
 * request `delayMs` before passing it on, and counts the requests it has seen, so a test can
 * stop a run once it is under way. With `hangAfter`, every request past that many is never
 * answered: a stop must not wait for them.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startReference } from '../../reference/server.ts';
import { proxy, readBody } from '../hostile/server.ts';

export interface SlowTarget { url: string; seen(): number; close(): Promise<void> }

export async function slowTarget(delayMs: number, { hangAfter = Infinity } = {}): Promise<SlowTarget> {
  const reference = await startReference();
  let seen = 0;
  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    if (++seen > hangAfter) return;
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    try {
      await proxy(reference.url, req, res, body);
    } catch {
      res.destroy();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen: () => seen,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await reference.close();
    },
  };
}
