// generators/drawn.ts draws some values without fast-check's per-part values: every such
// arbitrary must draw what fast-check's own draws from the same state, leave the random stream
// where it leaves it, and shrink the same, or a seed or path in an older report would replay
// other requests.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { slowOf } from '../../generators/drawn.ts';
import { digit, digitsOf, digitsUpTo, emailUpTo, textBetween } from '../../generators/text.ts';

/** Random generators in the states fast-check's check hands an arbitrary, from a few seeds. */
function states(seed: number, n: number): fc.Random[] {
  const out: fc.Random[] = [];
  class Capture extends fc.Arbitrary<number> {
    generate(mrng: fc.Random): fc.Value<number> {
      out.push(mrng.clone());
      return new fc.Value(mrng.nextInt(0, 1000), undefined);
    }
    canShrinkWithoutContext(_: unknown): _ is number { return false; }
    shrink(): fc.Stream<fc.Value<number>> { return fc.Stream.nil(); }
  }
  fc.sample(new Capture(), { seed, numRuns: n });
  return out;
}

/** The next few numbers of a generator: two generators in the same state give the same. */
const after = (mrng: fc.Random): number[] => Array.from({ length: 4 }, () => mrng.nextInt(0, 0x7fffffff));

/** The values of a shrink stream, `width` of them, and theirs to `depth` levels. */
function shrinkTree<T>(arb: fc.Arbitrary<T>, v: fc.Value<T>, depth: number, width = 6): unknown[] {
  if (depth === 0) return [];
  return [...arb.shrink(v.value, v.context).take(width)].map((s) => [s.value, shrinkTree(arb, s, depth - 1, width)]);
}

const BIASES = [undefined, 2, 3, 7, 25, 100];

function holdsToFastCheck(name: string, arb: fc.Arbitrary<string>): void {
  it(`${name}: the values, the stream after them and the shrinks of fast-check's own arbitrary`, () => {
    const slow = slowOf(arb);
    assert.ok(slow, `${name} is drawn by generators/drawn.ts`);
    let compared = 0;
    for (const seed of [1, 42, 20261121]) {
      for (const [i, from] of states(seed, 40).entries()) {
        const bias = BIASES[i % BIASES.length];
        const [a, b] = [from.clone(), from.clone()];
        const fast = arb.generate(a, bias);
        const own = slow.generate(b, bias);
        assert.equal(fast.value, own.value, `${name}, seed ${seed}, draw ${i}, bias ${bias}`);
        assert.deepEqual(after(a), after(b), `${name}: the stream is left where fast-check leaves it`);
        if (i % 8 === 0) assert.deepEqual(shrinkTree(arb, fast, 3), shrinkTree(slow, own, 3), `${name}: the same shrinks`);
        compared++;
      }
    }
    assert.equal(compared, 120);
  });
}

describe('values drawn without fast-check\'s per-part values', () => {
  holdsToFastCheck('an e-mail up to 128', emailUpTo(128));
  holdsToFastCheck('an e-mail of exactly 140', emailUpTo(140, 140));
  holdsToFastCheck('digits, 1 to 15', digitsUpTo(1, 15));
  holdsToFastCheck('digits, 16 to 20', textBetween(digit, 16, 20));
  holdsToFastCheck('exactly 9 digits', digitsOf(9));
  it('a counterexample shrinks through fast-check\'s own arbitrary, to the same value and path', () => {
    const arb = emailUpTo(128);
    const slow = slowOf(arb)!;
    const fails = (e: string) => [...e].length > 60;
    for (const seed of [3, 5, 8]) {
      const fast = fc.check(fc.property(arb, (e) => !fails(e)), { seed });
      const own = fc.check(fc.property(slow, (e) => !fails(e)), { seed });
      assert.equal(fast.failed, true);
      assert.deepEqual([fast.counterexample, fast.counterexamplePath, fast.numShrinks], [own.counterexample, own.counterexamplePath, own.numShrinks]);
      const replayed = fc.check(fc.property(arb, (e) => !fails(e)), { seed, path: fast.counterexamplePath! });
      assert.deepEqual(replayed.counterexample, own.counterexample);
    }
  });
});
