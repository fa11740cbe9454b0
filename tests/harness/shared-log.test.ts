// The run-wide counters: the circuit breaker of guarded() and the budget of accepted
// requests, both kept in files so that every worker process of a run sees them.
import assert from 'node:assert/strict';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, describe, it } from 'node:test';
import { tempDir } from '../../scripts/bench/leftovers.ts';
import { guarded, TransportError, type Transport, type WireRequest } from '../../src/client/transport.ts';
import { reserveAcceptance, settleAcceptance } from '../../src/runner/budget.ts';
import { sharedLog } from '../../src/client/shared-log.ts';
import { sendAndJudge } from '../../src/runner/send.ts';
import { referenceProfile } from './helpers.ts';

const dir = tempDir('ocs-shared-');
// The counters' files are named by the environment, which the tests below set: it is given back as
// it was, for the test files run after this one in the same process (tests/tiers-group.mjs).
const given = { OCS_BREAKER_FILE: process.env.OCS_BREAKER_FILE, OCS_BUDGET_FILE: process.env.OCS_BUDGET_FILE };
after(() => {
  for (const [name, value] of Object.entries(given)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});
const req: WireRequest = { method: 'POST', url: 'http://127.0.0.1:1/x', headers: {}, body: '{}' };

/** A target that fails while `down` holds, and counts what reached it. */
function target() {
  const state = { down: true, reached: 0 };
  const transport: Transport = {
    async send() {
      state.reached++;
      if (state.down) throw new TransportError('ECONNREFUSED');
      return { status: 200, headers: {}, body: '{}', ms: 1 };
    },
  };
  return { state, transport };
}

describe('guarded()', () => {
  it('stops sending after three failures in a row, keeps them in the breaker file, and closes on a success', async () => {
    process.env.OCS_BREAKER_FILE = join(dir, 'breaker');
    const { state, transport } = target();
    const t = guarded(transport);
    for (let i = 0; i < 3; i++) await assert.rejects(t.send(req), /ECONNREFUSED/);
    assert.equal(readFileSync(process.env.OCS_BREAKER_FILE, 'utf8').trim().split('\n').length, 3);
    await assert.rejects(t.send(req), /not sent: the last 3 requests to the target failed \(last: ECONNREFUSED\)/);
    assert.equal(state.reached, 3, 'the fourth request never reached the target');
    // Another worker process sees the same file: a fresh wrapper is open-circuit too.
    await assert.rejects(guarded(transport).send(req), /not sent/);
    sharedLog('OCS_BREAKER_FILE').clear();
    state.down = false;
    await t.send(req);
    await assert.rejects((state.down = true, t.send(req)), /ECONNREFUSED/);
    state.down = false;
    await t.send(req);
    assert.ok(!existsSync(process.env.OCS_BREAKER_FILE), 'a success clears the failures');
  });

  it('in a wrapper that last read no failures, sees another wrapper\'s of this process before its next send', async () => {
    process.env.OCS_BREAKER_FILE = join(dir, 'breaker-two-wrappers');
    const { state, transport } = target();
    const quiet = guarded(transport);
    const failing = guarded(transport);
    state.down = false;
    await quiet.send(req);
    state.down = true;
    for (let i = 0; i < 3; i++) await assert.rejects(failing.send(req), /ECONNREFUSED/);
    const reached = state.reached;
    await assert.rejects(quiet.send(req), /not sent: the last 3 requests to the target failed/);
    assert.equal(state.reached, reached, 'the open breaker sent nothing');
    sharedLog('OCS_BREAKER_FILE').clear();
  });

  it('ends, at its next read, failures another worker wrote before an answer it got meanwhile; counts those after it', async () => {
    process.env.OCS_BREAKER_FILE = join(dir, 'breaker-other-worker');
    const { state, transport } = target();
    const quiet = guarded(transport);
    state.down = false;
    await quiet.send(req);
    // Another worker's process: its failures reach the file without this process's knowing.
    const otherWorker = (): void => { for (let i = 0; i < 3; i++) appendFileSync(process.env.OCS_BREAKER_FILE!, `${Date.now()} ECONNRESET\n`); };
    otherWorker();
    await sleep(2);
    await quiet.send(req); // answered, the failures not read yet (the quiet read is kept 250 ms)
    await sleep(300);
    await quiet.send(req);
    assert.ok(!existsSync(process.env.OCS_BREAKER_FILE), 'the answer after them ended the failures: the target is there');
    await sleep(2);
    otherWorker();
    await sleep(300);
    await assert.rejects(quiet.send(req), /not sent: the last 3 requests to the target failed \(last: ECONNRESET\)/, 'failures after the last answer are in a row');
    sharedLog('OCS_BREAKER_FILE').clear();
  });

  it('with requests sent together, opens only after as many more failures as were in flight', async () => {
    process.env.OCS_BREAKER_FILE = join(dir, 'breaker-in-flight');
    const { state, transport } = target();
    const t = guarded(transport, 8);
    for (let i = 0; i < 10; i++) await assert.rejects(t.send(req), /ECONNREFUSED/);
    await assert.rejects(t.send(req), /not sent: the last 10 requests to the target failed/);
    assert.equal(state.reached, 10);
  });
});

describe('the budget of accepted requests', () => {
  it('is spent once the run has caused that many acceptances, counted in the budget file', () => {
    process.env.OCS_BUDGET_FILE = join(dir, 'budget');
    assert.equal(reserveAcceptance(2), undefined);
    settleAcceptance(true, true);
    assert.equal(reserveAcceptance(2), undefined);
    settleAcceptance(true, true);
    assert.match(reserveAcceptance(2) ?? '', /budget of 2 accepted requests is spent/);
    assert.equal(reserveAcceptance(undefined), undefined, 'no budget, no cap');
    assert.equal(reserveAcceptance(3), undefined);
    settleAcceptance(true, false);
    assert.equal(readFileSync(process.env.OCS_BUDGET_FILE, 'utf8').trim().split('\n').length, 2, 'a refusal is not counted');
  });

  it('counts requests in flight, so that many sent at once never pass it together', () => {
    process.env.OCS_BUDGET_FILE = join(dir, 'budget-in-flight');
    const taken = Array.from({ length: 5 }, () => reserveAcceptance(3));
    assert.deepEqual(taken.map((r) => r === undefined), [true, true, true, false, false]);
    for (let i = 0; i < 3; i++) settleAcceptance(true, false);
    assert.equal(reserveAcceptance(3), undefined, 'refused requests give their share back');
    settleAcceptance(true, false);
  });

  it('is counted by each accepted request only when the profile sets one: without it, nothing is written', async () => {
    process.env.OCS_BUDGET_FILE = join(dir, 'budget-per-profile');
    const accepting: Transport = { send: async () => ({ status: 200, headers: { 'content-type': 'application/json' }, body: '{}', ms: 1 }) };
    const c = { operation: 'change_pickup' as const, rules: [], expect: 'accepted' as const };
    const profile = referenceProfile();
    await sendAndJudge(c, 'json', {}, req, accepting, { ...profile, safety: { ...profile.safety, maxAccepted: undefined } });
    assert.ok(!existsSync(process.env.OCS_BUDGET_FILE), 'no budget, no count');
    await sendAndJudge(c, 'json', {}, req, accepting, { ...profile, safety: { ...profile.safety, maxAccepted: 5 } });
    assert.equal(readFileSync(process.env.OCS_BUDGET_FILE, 'utf8').trim().split('\n').length, 1, 'an acceptance under a budget is counted');
  });
});
