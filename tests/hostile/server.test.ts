// The hostile target's own failure (its request to the reference) is a reset the harness sees,
// said on the console, and never an unhandled rejection that fails whichever test runs then.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { request } from 'undici';
import { hostile } from './server.ts';

/** A reference that is gone: a port that was just free, now closed. */
async function goneUrl(): Promise<string> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as { port: number };
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

describe('a hostile target whose request to the reference fails', () => {
  it('resets the client\'s connection and says why, with no unhandled rejection', async () => {
    const rejections: unknown[] = [];
    const onRejection = (e: unknown): void => { rejections.push(e); };
    process.on('unhandledRejection', onRejection);
    const said: string[] = [];
    const error = console.error;
    console.error = (...args: unknown[]) => { said.push(args.join(' ')); };
    const target = await hostile('content-type', await goneUrl());
    try {
      const sent = request(`${target.url}/v3/orders/change_receiver.json`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      await assert.rejects(sent, (e: Error & { code?: string }) => ['UND_ERR_SOCKET', 'ECONNRESET'].includes(e.code ?? ''), 'the client sees its connection reset');
      await new Promise((resolve) => setImmediate(resolve));
      assert.deepEqual(rejections, []);
      assert.equal(said.length, 1);
      assert.match(said[0]!, /^hostile target \(content-type\): .*ECONNREFUSED.*; the connection is reset$/);
    } finally {
      console.error = error;
      process.off('unhandledRejection', onRejection);
      await target.close();
    }
  });
});
