// src/client/polite.ts: a cap on the request rate, and an HTTP 429 waited out, never judged.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { polite, rateLimit, retryAfterMs } from '../../src/client/polite.ts';
import { TransportError, type Transport, type WireResponse } from '../../src/client/transport.ts';

const answer = (status: number, headers: Record<string, string> = {}): WireResponse => ({ status, headers, body: '{}', ms: 1 });
const req = { method: 'POST', url: 'http://x', headers: {}, body: '{}' };

/** A clock that moves only when the transport under test sleeps, and the sleeps it was asked for. */
function clock(): { now: () => number; sleep: (ms: number) => Promise<void>; slept: number[] } {
  let t = 1_000_000;
  const slept: number[] = [];
  return { now: () => t, sleep: async (ms) => { slept.push(ms); t += ms; }, slept };
}

describe('polite', () => {
  it('sends again after the wait Retry-After asks for, and counts the waits', async () => {
    const replies = [answer(429, { 'retry-after': '2' }), answer(429), answer(200)];
    const inner: Transport = { send: async () => replies.shift()! };
    const c = clock();
    const t = polite(inner, c);
    assert.equal((await t.send(req)).status, 200);
    assert.deepEqual(c.slept, [2000, 1000], 'two seconds as asked, then a second when no Retry-After was given');
    assert.deepEqual(t.waits, { count: 2, ms: 3000 });
  });

  it('waits no longer than its bound, and after its retries the request is a transport error, never a rejection', async () => {
    const inner: Transport = { send: async () => answer(429, { 'retry-after': '3600' }) };
    const c = clock();
    const t = polite(inner, { ...c, retries: 2, maxWaitMs: 5000 });
    await assert.rejects(t.send(req), (err: unknown) => err instanceof TransportError && /429 Too Many Requests 3 times in a row/.test(err.message));
    assert.deepEqual(c.slept, [5000, 5000]);
  });

  it('spaces requests to the rate it is given', async () => {
    const inner: Transport = { send: async () => answer(200) };
    const c = clock();
    const t = polite(inner, { ...c, rps: 4 });
    await Promise.all([t.send(req), t.send(req), t.send(req), t.send(req)]);
    assert.deepEqual(c.slept, [250, 250, 250], 'the first goes at once, each next a quarter second after the one before');
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    assert.equal(retryAfterMs('7', 0), 7000);
    assert.equal(retryAfterMs(new Date(60_000).toUTCString(), 0), 60_000);
    assert.equal(retryAfterMs('soon', 0), undefined);
  });

  it('takes OCS_RPS over the profile, and refuses a rate that is no positive number', () => {
    assert.equal(rateLimit({ rps: 5 }, {}), 5);
    assert.equal(rateLimit({ rps: 5 }, { OCS_RPS: '2.5' }), 2.5);
    assert.equal(rateLimit(undefined, {}), undefined);
    assert.throws(() => rateLimit({}, { OCS_RPS: '0' }), /OCS_RPS must be a number of requests per second above 0, got 0/);
  });
});
