// src/client/polite.ts: a 429 or a 503 waited out and sent again, never judged; the run's budget
// for waiting; the cap on the rate. The pace that slows on them is tests/harness/pace.test.ts's.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { clock, paceOn } from './pace-clock.ts';
import { polite, rateLimit, retryAfterMs } from '../../src/client/polite.ts';
import { sharedLog } from '../../src/client/shared-log.ts';
import { NotSent, TransportError, type Transport, type WireResponse } from '../../src/client/transport.ts';

const answer = (status: number, headers: Record<string, string> = {}): WireResponse => ({ status, headers, body: '{}', ms: 1 });
const req = { method: 'POST', url: 'http://x', headers: {}, body: '{}' };


/** A transport that gives `replies` in turn, the last one for ever after. */
const replying = (...replies: WireResponse[]): Transport => ({ send: async () => (replies.length > 1 ? replies.shift()! : replies[0]!) });

describe('polite: 429 and 503 are "not now"', () => {
  it('sends again after the wait Retry-After asks for, or a jittered backoff, and judges the answer after them', async () => {
    const c = clock();
    const t = polite(replying(answer(429, { 'retry-after': '2' }), answer(503), answer(503), answer(200)), paceOn(c), { budgetMs: 60_000, ...c, random: () => 0.5 });
    const res = await t.send(req);
    assert.equal(res.status, 200);
    // Full jitter over 100 ms × 2^attempt: half of 200 ms, then half of 400 ms.
    assert.deepEqual(c.slept, [2000, 100, 200]);
    assert.deepEqual(res.pushedBack, { statuses: [429, 503, 503], waitedMs: 2300 });
  });

  it('sends nothing more once the run was stopped during a wait', async () => {
    const c = clock();
    let sent = 0;
    const inner: Transport = { send: async () => { sent++; return answer(503); } };
    const t = polite(inner, paceOn(c), { budgetMs: 60_000, now: c.now, sleep: async () => true });
    await assert.rejects(t.send(req), (err: unknown) => err instanceof NotSent && /not sent: the run was stopped/.test(err.message));
    assert.equal(sent, 1);
  });

  it('honours no Retry-After longer than 30 s, and reads one given as seconds or as an HTTP date', async () => {
    const c = clock();
    const t = polite(replying(answer(429, { 'retry-after': '3600' }), answer(200)), paceOn(c), { budgetMs: 120_000, ...c });
    await t.send(req);
    assert.deepEqual(c.slept, [30_000]);
    assert.equal(retryAfterMs('7', 0), 7000);
    assert.equal(retryAfterMs(new Date(60_000).toUTCString(), 0), 60_000);
    assert.equal(retryAfterMs('soon', 0), undefined);
  });

  it('ends a request pushed back past the run\'s budget as a transport error, never a rejection, naming what the target sustained', async () => {
    const c = clock();
    const t = polite(replying(answer(503, { 'retry-after': '10' })), paceOn(c), { budgetMs: 35_000, ...c });
    await assert.rejects(t.send(req), (err: unknown) => {
      assert.ok(err instanceof TransportError && !(err instanceof NotSent));
      assert.match(err.message, /answered 503 Service Unavailable 4 time\(s\) to this request over 30 s, past the run's budget for waiting \(safety\.waitBudgetSeconds: 35 s\); it sustained 0\.0 requests\/s/);
      assert.equal(err.response?.status, 503, 'the last answer is the evidence');
      return true;
    });
    assert.deepEqual(c.slept, [10_000, 10_000, 10_000]);
  });

  it('spends the budget for the whole run when no final answer came within it: nothing more is sent, in any worker', async () => {
    const c = clock();
    const spent = sharedLog('OCS_TEST_UNSET_PACE_FILE');
    let sent = 0;
    const inner: Transport = { send: async () => { sent++; return answer(503, { 'retry-after': '10' }); } };
    const t = polite(inner, paceOn(c), { budgetMs: 35_000, ...c, spent });
    await assert.rejects(t.send(req), TransportError);
    assert.match(spent.lines()[0] ?? '', /^the target answered only 429 or 503 for 30 s, the run's budget for waiting \(safety\.waitBudgetSeconds: 35 s\); it sustained .* declare them in safety\.rps and safety\.concurrency$/);
    const before = sent;
    await assert.rejects(t.send(req), (err: unknown) => err instanceof NotSent && /^not sent: the target answered only 429 or 503/.test(err.message));
    assert.equal(sent, before, 'nothing sent once the budget is spent');
    // Another worker reads it from the same log.
    const other = polite(inner, paceOn(c), { budgetMs: 35_000, ...c, spent });
    await assert.rejects(other.send(req), NotSent);
  });

  it('does not spend the run\'s budget on one request pushed back while others are answered', async () => {
    const c = clock();
    const spent = sharedLog('OCS_TEST_UNSET_PACE_FILE_2');
    const pace = paceOn(c);
    // Each wait of this request, another request of the worker gets its final answer.
    const sleep = async (ms: number): Promise<void> => {
      await c.sleep(ms);
      pace.answered(1);
    };
    const t = polite(replying(answer(429, { 'retry-after': '10' })), pace, { budgetMs: 35_000, now: c.now, sleep, spent });
    await assert.rejects(t.send(req), (err: unknown) => err instanceof TransportError && /past the run's budget for waiting/.test(err.message));
    assert.deepEqual(spent.lines(), []);
  });
});

describe('the rate cap', () => {
  it('takes OCS_RPS over the profile, and refuses a rate that is no positive number', () => {
    assert.equal(rateLimit({ rps: 5 }, {}), 5);
    assert.equal(rateLimit({ rps: 5 }, { OCS_RPS: '2.5' }), 2.5);
    assert.equal(rateLimit(undefined, {}), undefined);
    assert.throws(() => rateLimit({}, { OCS_RPS: '0' }), /OCS_RPS must be a number of requests per second above 0, got 0/);
  });
});
