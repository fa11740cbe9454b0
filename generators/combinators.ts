import fc from 'fast-check';

/**
 * fc.record that builds plain objects: fast-check's default null-prototype records would
 * reach the codecs, the checks and deep-equality tests as a different kind of object than
 * the decoded request they are compared with.
 */
export function record<T, K extends keyof T = keyof T>(model: { [P in keyof T]: fc.Arbitrary<T[P]> }, constraints: fc.RecordConstraints<K> = {}): fc.Arbitrary<fc.RecordValue<T, K>> {
  return fc.record<T, K>(model, { ...constraints, noNullPrototype: true });
}

/**
 * fc.oneof that shrinks across branches toward the first, so a shrunk counterexample keeps
 * only the one-of branches its failure needs. Every caller lists the plainest branch first.
 */
export function oneof<Ts extends fc.MaybeWeightedArbitrary<unknown>[]>(...arbitraries: Ts): fc.Arbitrary<fc.OneOfValue<Ts>> {
  return fc.oneof({ withCrossShrink: true }, ...arbitraries);
}
