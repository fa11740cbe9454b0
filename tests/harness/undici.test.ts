// src/client/undici.ts reads a response body up to a cap: a target that answers with
// megabytes costs the run an error for that request, not its memory.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { TransportError } from '../../src/client/transport.ts';
import { undiciTransport } from '../../src/client/undici.ts';

const server = createServer((req, res) => {
  const size = Number(new URL(req.url!, 'http://x').searchParams.get('bytes'));
  res.writeHead(200, { 'content-type': 'application/json' });
  // Sent in pieces without a length, as a body that never says how long it is.
  for (let sent = 0; sent < size; sent += 64 * 1024) res.write('x'.repeat(Math.min(64 * 1024, size - sent)));
  res.end();
});
let url = '';
before(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => new Promise<void>((resolve) => server.close(() => resolve())));

const get = (bytes: number) => ({ method: 'POST', url: `${url}/?bytes=${bytes}`, headers: {}, body: '{}' });

describe('undiciTransport', () => {
  it('reads a body up to its cap whole', async () => {
    const t = undiciTransport(5_000, 256 * 1024);
    const res = await t.send(get(256 * 1024));
    assert.equal(res.body.length, 256 * 1024);
    await t.close();
  });

  it('refuses a body past its cap with a transport error that names the profile key, without reading the rest', async () => {
    const t = undiciTransport(5_000, 256 * 1024);
    await assert.rejects(t.send(get(8 * 1024 * 1024)), (err: unknown) =>
      err instanceof TransportError && /over 262144 bytes \(profile http\.maxResponseBytes\)/.test(err.message));
    await t.close();
  });
});
