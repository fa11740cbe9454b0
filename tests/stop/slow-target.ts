/**
 * A distant target: the embedded reference behind a proxy on 127.0.0.1 that holds every
 * request `delayMs` before passing it on, and counts the requests it has seen, so a test can
 * stop a run once it is under way. With `hangAfter`, every request past that many is never
 * answered: a stop must not wait for them.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { startReference } from '../../reference/server.ts';

export interface SlowTarget { url: string; seen(): number; close(): Promise<void> }

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', () => resolve(Buffer.concat(chunks)));
  });
}

export async function slowTarget(delayMs: number, { hangAfter = Infinity } = {}): Promise<SlowTarget> {
  const reference = await startReference();
  let seen = 0;
  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    if (++seen > hangAfter) return;
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    try {
      const up = await request(reference.url + req.url, { method: 'POST', headers: { 'content-type': String(req.headers['content-type']) }, body });
      res.writeHead(up.statusCode, { 'content-type': String(up.headers['content-type']) });
      res.end(Buffer.from(await up.body.arrayBuffer()));
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
