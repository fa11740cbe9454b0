import fc from 'fast-check';

/**
 * Where a value drawn by `drawnAs` came from: the generator's state before the draw and the
 * bias it was drawn with, enough to draw it again through fast-check's own arbitrary.
 */
class DrawnFrom {
  constructor(readonly from: fc.Random, readonly bias: number | undefined) {}
}

/**
 * `slow`, with its values drawn by `draw`: the same values from the same random stream,
 * leaving the stream where `slow` leaves it, but without the value and shrinking context
 * fast-check builds for every part (an e-mail at its limit is 128 of them, each a character).
 * Shrinking is `slow`'s: the first shrink draws the value again through `slow` from the state
 * the draw started at, for its context, so a shrunk counterexample and its path are the ones
 * `slow` gives. `draw` must call `mrng` as `slow.generate` does (tests/generators/drawn.test.ts
 * holds each one to it); it may call the parts' own `generate` for what is not worth redoing.
 */
export function drawnAs<T>(slow: fc.Arbitrary<T>, draw: (mrng: fc.Random, bias: number | undefined) => T): fc.Arbitrary<T> {
  return new DrawnArbitrary(slow, draw);
}

/** The arbitrary of fast-check's own that `arbitrary` draws the values of, for a test to hold them equal; undefined if it is not one of `drawnAs`. */
export const slowOf = <T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T> | undefined =>
  arbitrary instanceof DrawnArbitrary ? arbitrary.slow : undefined;

class DrawnArbitrary<T> extends fc.Arbitrary<T> {
  constructor(readonly slow: fc.Arbitrary<T>, private readonly draw: (mrng: fc.Random, bias: number | undefined) => T) {
    super();
  }

  generate(mrng: fc.Random, bias: number | undefined): fc.Value<T> {
    const from = mrng.clone();
    return new fc.Value(this.draw(mrng, bias), new DrawnFrom(from, bias));
  }

  canShrinkWithoutContext(value: unknown): value is T {
    return this.slow.canShrinkWithoutContext(value);
  }

  shrink(value: T, context: unknown): fc.Stream<fc.Value<T>> {
    if (!(context instanceof DrawnFrom)) return this.slow.shrink(value, context);
    return this.slow.shrink(value, this.slow.generate(context.from.clone(), context.bias).context);
  }
}

/** The values of arbitraries made by `unitFrom`, for `unitValues`. */
const UNITS = new WeakMap<fc.Arbitrary<unknown>, readonly unknown[]>();

/** fc.constantFrom(...values), whose fixed-length arrays `drawUnits` draws without a value per unit. */
export function unitFrom<T>(...values: T[]): fc.Arbitrary<T> {
  const arbitrary = fc.constantFrom(...values);
  UNITS.set(arbitrary, values);
  return arbitrary;
}

/** The values of a unit made by `unitFrom`, undefined for any other arbitrary. */
export const unitValues = <U>(unit: fc.Arbitrary<U>): readonly U[] | undefined => UNITS.get(unit) as readonly U[] | undefined;

/**
 * fc.array(unit, { minLength: n, maxLength: n }) of a unit of `unitFrom` with these `values`,
 * drawn as fast-check's ArrayArbitrary draws it whatever the bias: the length first (the one
 * value its integer can take, still drawn), then each unit evenly among the values (a lone
 * value draws nothing). Only the first `keep` units are kept; all n are drawn.
 */
export function drawUnits<U>(mrng: fc.Random, values: readonly U[], n: number, keep = n): U[] {
  mrng.nextInt(n, n);
  const kept = Math.min(keep, n);
  const out = new Array<U>(kept);
  for (let i = 0; i < n; i++) {
    const unit = drawUnit(mrng, values);
    if (i < kept) out[i] = unit;
  }
  return out;
}

/** A unit of `unitFrom` with these `values`, drawn as fast-check's constantFrom draws it. */
export const drawUnit = <U>(mrng: fc.Random, values: readonly U[]): U =>
  values[values.length === 1 ? 0 : mrng.nextInt(0, values.length - 1)]!;
