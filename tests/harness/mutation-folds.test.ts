// Folding the repeats of a deterministic mutation run (`npm run mutation -- --repeat N`,
// scripts/mutation/repeat.ts): the seeds each repeat is judged with, and a fault passed only when
// every repeat blames its rule. The repeats themselves are judged in tests/mutation-repeat.test.ts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { foldBaseline, foldFault, repeatSeeds } from '../../scripts/mutation/repeat.ts';
import type { TargetVerdict } from '../../scripts/mutation/verdict.ts';

const REPEATS = 5;

const verdict = (blamed: string[]): TargetVerdict => ({ conformant: blamed.length === 0, blamed, errors: [], evidence: [{ rule: blamed[0] ?? '-', format: 'json', origin: blamed.join(' '), finding: '' }], internalErrors: 1, ms: 10 });

describe('repeat seeds', () => {
  it('start with the run\'s seed, differ from each other, and are the same for the same seed', () => {
    const seeds = repeatSeeds(20261121, REPEATS);
    assert.equal(seeds[0], 20261121);
    assert.equal(new Set(seeds).size, REPEATS);
    assert.deepEqual(repeatSeeds(20261121, REPEATS), seeds);
    assert.notDeepEqual(repeatSeeds(7, REPEATS).slice(1), seeds.slice(1), 'another run seed derives other seeds');
    for (const s of seeds) assert.ok(Number.isInteger(s) && s >= 0 && s < 2 ** 31, `${s} is a 31-bit seed fast-check reads as given`);
  });
});

describe('folding the repeats of one target', () => {
  it('passes a fault only when every repeat blames its rule, naming the seeds of the misses', () => {
    const f = foldFault('R-1', [verdict(['R-1']), verdict(['R-2']), verdict([]), verdict(['R-1', 'R-3'])], [1, 2, 3, 4]);
    assert.equal(f.kills, 2);
    assert.deepEqual(f.misses, [2, 3]);
    assert.equal(f.killed, false, 'a repeat found it conformant');
    assert.equal(f.intendedBlamed, false);
    assert.deepEqual(f.blamed, ['R-1', 'R-2', 'R-3']);
    assert.equal(f.evidence[0]!.origin, 'R-2', 'the evidence is the first miss\'s');
    assert.equal(f.internalErrors, 4);
    const all = foldFault('R-1', [verdict(['R-1']), verdict(['R-1'])], [1, 2]);
    assert.deepEqual([all.kills, all.misses, all.killed, all.intendedBlamed], [2, [], true, true]);
  });

  it('finds the baseline conformant only when every repeat does', () => {
    assert.equal(foldBaseline([verdict([]), verdict([])]).conformant, true);
    const b = foldBaseline([verdict([]), verdict(['R-9'])]);
    assert.deepEqual([b.conformant, b.blamed, b.evidence[0]!.origin], [false, ['R-9'], 'R-9']);
  });
});
