// Issue 29: a target that leaves a kept-alive connection unanswered costs a stall of a second
// or two (the adaptive deadline), is blamed once (`stalled`), and then gets fresh connections;
// a target merely slow once on a fresh connection is blamed for nothing.
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { HeadDeadline } from '../../src/client/deadline.ts';
import type { Exchange } from '../../src/client/exchange.ts';
import { timedOut } from '../../src/client/answer.ts';
import { NoAnswer, Stalls } from '../../src/client/stalls.ts';
import { TransportError, type WireRequest, type WireResponse } from '../../src/client/transport.ts';
import { undiciTransport } from '../../src/client/undici.ts';
import { listening, post, type Listening } from './transport-servers.ts';

const answered = new WeakMap<Socket, number>();
let requests = 0;
const count = (): number => requests;
let slowOnce = false;

/**
 * `?mode=kept-stall`: answers the first request of each connection and none after it.
 * `?mode=slow-once`: once armed, the first such request waits 5 s for its answer, and
 * `?mode=late-once` 2.5 s (past the 1.5 s deadline, within as long again); every other is answered at once.
 */
function handle(req: IncomingMessage, res: ServerResponse): void {
  const mode = new URL(req.url!, 'http://x').searchParams.get('mode');
  requests++;
  const count = answered.get(req.socket) ?? 0;
  answered.set(req.socket, count + 1);
  req.resume();
  req.on('end', () => {
    if (mode === 'kept-stall' && count > 0) return;
    if ((mode === 'slow-once' || mode === 'late-once') && slowOnce) {
      slowOnce = false;
      setTimeout(() => res.end('{"slow":true}'), mode === 'slow-once' ? 5_000 : 2_500).unref();
      return;
    }
    res.end('{}');
  });
}

const server = createServer(handle);
let target: Listening;
before(async () => { target = await listening(server); });
after(() => target.stop());

const to = (mode: string, connection?: string) => post(`${target.url}/?mode=${mode}`, '{}', connection ? { connection } : {});
/** Sixteen answers on connections of their own: enough for the deadline to follow the p99. */
const warmUp = (t: ReturnType<typeof undiciTransport>, mode: string) => Promise.all(Array.from({ length: 16 }, () => t.send(to(mode, 'fresh'))));

// A guard against a hang, not a timing claim: a stall is told from the timeout by the answer it gives (stalled, not an error).
describe('stalls', { timeout: 60_000 }, () => {
  it('blames a kept connection left unanswered within seconds, then sends on fresh connections and stalls no more', async () => {
    const t = undiciTransport(30_000);
    assert.equal((await t.send(to('kept-stall', 'a-sequence'))).reused, false);
    // Sent on the kept connection before the deadline could follow any answers: it benefits once they came.
    const stalling = t.send(to('kept-stall', 'a-sequence'));
    await sleep(50);
    await warmUp(t, 'kept-stall');
    const res = await stalling;
    assert.ok(res.stalled, 'the answer says the kept connection stalled');
    // At least the deadline's floor; the 30 s limit would have given an error, not a stalled answer.
    assert.ok(res.stalled.keptMs >= 1_500, `kept ${res.stalled.keptMs} ms`);
    assert.equal(res.body, '{}');
    for (const connection of [undefined, 'a-sequence', undefined]) {
      const next = await t.send(to('kept-stall', connection));
      assert.deepEqual([next.stalled, next.reused, next.body], [undefined, false, '{}']);
    }
    await t.close();
  });

  it('finds a stall before enough answers came for a deadline: the kept connection silent its whole time limit, a fresh one answering', async () => {
    const t = undiciTransport(1_000);
    await t.send(to('kept-stall', 'a-sequence'));
    const res = await t.send(to('kept-stall', 'a-sequence'));
    assert.ok(res.stalled && res.stalled.keptMs >= 1_000, JSON.stringify(res.stalled));
    assert.equal(res.body, '{}');
    await t.close();
  });

  it('waits out a target slow once on a new connection: its own answer, sent once, no stall', async () => {
    const t = undiciTransport(30_000);
    await warmUp(t, 'slow-once');
    slowOnce = true;
    const before = count();
    const res = await t.send(to('slow-once', 'fresh'));
    assert.deepEqual([res.stalled, res.body, count() - before], [undefined, '{"slow":true}', 1]);
    await t.send(to('slow-once', 'a-sequence'));
    assert.equal((await t.send(to('slow-once', 'a-sequence'))).reused, true, 'kept connections are still kept');
    await t.close();
  });

  it('takes a late answer on a kept connection as the answer, not a stall, though the same request went again on a fresh one', async () => {
    const t = undiciTransport(30_000);
    await t.send(to('late-once', 'a-sequence'));
    await warmUp(t, 'late-once');
    slowOnce = true;
    const res = await t.send(to('late-once', 'a-sequence'));
    assert.deepEqual([res.stalled, res.body, res.reused], [undefined, '{"slow":true}', true]);
    assert.equal((await t.send(to('late-once', 'a-sequence'))).reused, true, 'no stall was found, so connections are still kept');
    await t.close();
  });
});

/**
 * A kept exchange whose time limit is reached `timesOutAfterMs` after the judging starts, and
 * a fresh one answering in `freshAfterMs` (or failing with `freshFails`): what a deadline's
 * check and the time limit's timer a few ms apart on a busy event loop hand the judge.
 */
function judging(opts: { timesOutAfterMs: number; freshAfterMs: number; freshFails?: Error }): Promise<WireResponse> {
  const answer: WireResponse = { status: 200, headers: {}, body: '{}', ms: 5, firstByteMs: 4 };
  const kept = {
    started: performance.now() - 1_000, outOfTime: false, abandon: () => undefined,
    response: sleep(opts.timesOutAfterMs).then(() => { throw timedOut(); }),
  } as unknown as Exchange;
  const fresh = {
    abandon: () => undefined,
    response: sleep(opts.freshAfterMs).then(() => { if (opts.freshFails) throw opts.freshFails; return answer; }),
  } as unknown as Exchange;
  const stalls = new Stalls({
    fresh: () => fresh,
    failure: async (err) => ((err as Error).name === 'TimeoutError' ? new NoAnswer('no response within 1000 ms') : new TransportError(String(err))),
    release: () => undefined,
    deadlineMs: () => 1_000,
  });
  return stalls.judge({ method: 'POST', url: 'http://127.0.0.1:1/', headers: {}, body: '{}' } as WireRequest, kept, 1_000);
}

describe('a kept request that reaches its time limit while it is judged', () => {
  it('is a stall when the fresh one answers after the time-out: not an error', async () => {
    const res = await judging({ timesOutAfterMs: 5, freshAfterMs: 40 });
    assert.ok(res.stalled, JSON.stringify(res));
  });

  it('is a stall when the time-out comes while a late answer is waited for: not a close, which would pass it unseen', async () => {
    const res = await judging({ timesOutAfterMs: 40, freshAfterMs: 5 });
    assert.ok(res.stalled, JSON.stringify(res));
  });

  it('is an error when the fresh one brings no answer either', async () => {
    await assert.rejects(judging({ timesOutAfterMs: 5, freshAfterMs: 40, freshFails: new NoAnswer('no response within 1000 ms') }), /on a kept-alive connection, nor on a fresh one/);
  });
});

describe('HeadDeadline', () => {
  it('is the time limit until 16 answers came, then eight times their p99 but at least 1.5 s', () => {
    const deadline = new HeadDeadline(30_000);
    for (let i = 0; i < 15; i++) deadline.record(400);
    assert.equal(deadline.ms(), 30_000);
    deadline.record(400);
    assert.ok(Math.abs(deadline.ms() - 3_200) < 200, String(deadline.ms()));
    const quick = new HeadDeadline(30_000);
    for (let i = 0; i < 16; i++) quick.record(1);
    assert.equal(quick.ms(), 1_500);
  });

  it('expires nothing in a check the busy event loop made late, and expires it in the next', async () => {
    const deadline = new HeadDeadline(30_000);
    for (let i = 0; i < 16; i++) deadline.record(1);
    let expired = false;
    deadline.wait({ since: performance.now() - 10_000, slot: -1, expire: () => { expired = true; } });
    const until = performance.now() + 600;
    while (performance.now() < until); // the loop is busy past the first check
    await sleep(100);
    assert.equal(expired, false, 'expired in the late check');
    // The next check on time expires it; on a loaded machine more ticks may come late, so it is waited for.
    for (let i = 0; i < 200 && !expired; i++) await sleep(50);
    assert.equal(expired, true);
    deadline.stop();
  });
});
