// generators/property.ts sends a property's trials ahead of fast-check under a cap on
// requests in flight: the same values, the same verdicts, never more at once than the cap.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { runProperty } from '../../generators/property.ts';
import type { Trial } from '../../generators/trial.ts';
import { limiter } from '../../src/runner/limit.ts';
import type { Finding } from '../../src/checks/finding.ts';

const finding = (verdict: Finding['verdict']): Finding => ({ rule: 'R', level: 'MUST', verdict, title: 't' });
const arbitrary = fc.record({ a: fc.option(fc.string()), b: fc.array(fc.nat(), { maxLength: 3 }) });

/** A trial that takes a little while, counts what is in flight, and fails on `fails`. */
function slowTrial(fails: (v: { b: number[] }) => boolean) {
  const state = { inFlight: 0, peak: 0, sent: [] as string[] };
  const trial = async (v: { b: number[] }): Promise<Trial> => {
    state.sent.push(JSON.stringify(v));
    state.peak = Math.max(state.peak, ++state.inFlight);
    await new Promise((r) => setTimeout(r, 2));
    state.inFlight--;
    return { parts: [{ format: 'json', findings: [finding(fails(v) ? 'fail' : 'pass')] }], own: ['R'] };
  };
  return { state, trial };
}

describe('a property sent ahead of fast-check', () => {
  it('sends exactly the values fast-check asks for, several at once, never more than the cap', async () => {
    const { state, trial } = slowTrial(() => false);
    const run = await runProperty(arbitrary, trial, { numRuns: 40, seed: 7, limit: limiter(5), ahead: 5 });
    const { state: alone, trial: one } = slowTrial(() => false);
    const plain = await runProperty(arbitrary, one, { numRuns: 40, seed: 7 });
    assert.equal(run.failed, false);
    // Runs sent ahead that all pass are not drawn again by a second check: the answer is the same.
    assert.deepEqual([run.numRuns, run.numShrinks, run.merged], [plain.numRuns, plain.numShrinks, plain.merged]);
    assert.equal(run.missed, 0, 'every value fast-check asked for had been sent ahead');
    assert.deepEqual(state.sent, alone.sent, 'the same values, in the same order, as without sending ahead');
    assert.ok(state.peak > 1 && state.peak <= 5, `in flight at once: ${state.peak}`);
    assert.equal(alone.peak, 1);
  });

  it('finds and shrinks the same counterexample as a property run one trial at a time', async () => {
    const fails = (v: { b: number[] }) => v.b.some((n) => n > 10);
    const ahead = await runProperty(arbitrary, slowTrial(fails).trial, { numRuns: 100, seed: 3, limit: limiter(8), ahead: 8 });
    const plain = await runProperty(arbitrary, slowTrial(fails).trial, { numRuns: 100, seed: 3 });
    assert.equal(ahead.failed, true);
    assert.deepEqual([ahead.counterexample, ahead.path, ahead.numShrinks, ahead.numRuns], [plain.counterexample, plain.path, plain.numShrinks, plain.numRuns]);
    // The runs that passed before the failure are folded once, as one trial at a time folds them.
    assert.deepEqual(ahead.merged, plain.merged);
    assert.ok((ahead.missed ?? 0) > 0, 'shrink candidates are sent when asked');
  });

  it('hands a trial that throws to fast-check, which reports the error as one trial at a time does', async () => {
    const throwing = (v: { b: number[] }) => { if (v.b.length > 1) throw new Error('the harness broke'); return false; };
    const { trial } = slowTrial(throwing);
    const ahead = await runProperty(arbitrary, trial, { numRuns: 60, seed: 5, limit: limiter(6), ahead: 6 });
    const plain = await runProperty(arbitrary, slowTrial(throwing).trial, { numRuns: 60, seed: 5 });
    assert.equal(ahead.failed, true);
    assert.deepEqual([ahead.counterexample, ahead.path, ahead.merged], [plain.counterexample, plain.path, plain.merged]);
    assert.match(String((ahead.failure as { error: Error }).error), /the harness broke/);
  });

  it('answers the first runs while the rest are still being drawn', async () => {
    let drawn = 0;
    let drawnAtFirstAnswer: number | undefined;
    const counted = arbitrary.map((v) => { drawn++; return v; });
    const { trial } = slowTrial(() => false);
    // A trial's answer takes a timer (slowTrial waits 2 ms): it comes back only if the drawing
    // hands the event loop over before it has drawn every value.
    const run = await runProperty(counted, async (v) => { const t = await trial(v); drawnAtFirstAnswer ??= drawn; return t; }, { numRuns: 200, seed: 11, limit: limiter(4), ahead: 4 });
    assert.equal(run.failed, false);
    assert.ok(drawnAtFirstAnswer !== undefined && drawnAtFirstAnswer < 200, `values drawn when the first trial was answered: ${drawnAtFirstAnswer}`);
  });
});
