// The run-wide counters: the circuit breaker of guarded() and the budget of accepted
// requests, both kept in files so that every worker process of a run sees them.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { guarded, TransportError, type Transport, type WireRequest } from '../../src/client/transport.ts';
import { budgetSpent, countAccepted } from '../../src/runner/budget.ts';
import { sharedLog } from '../../src/runner/shared-log.ts';

const dir = mkdtempSync(join(tmpdir(), 'ocs-shared-'));
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
});

describe('the budget of accepted requests', () => {
  it('is spent once the run has caused that many acceptances, counted in the budget file', () => {
    process.env.OCS_BUDGET_FILE = join(dir, 'budget');
    assert.equal(budgetSpent(2), undefined);
    countAccepted();
    assert.equal(budgetSpent(2), undefined);
    countAccepted();
    assert.match(budgetSpent(2) ?? '', /budget of 2 accepted requests is spent/);
    assert.equal(budgetSpent(undefined), undefined, 'no budget, no cap');
    assert.equal(budgetSpent(3), undefined);
  });
});
