/**
 * A deep run cut finer than its four endpoints (DESIGN principle 9). Playwright's `--shard=i/n`
 * hands each shard a run of consecutive tests of about equal count (it does not weigh them),
 * so a run of four tests keeps any shard past the fourth idle. Above SLICE_AT runs per
 * property, each endpoint becomes `sliceCount` tests, each with an equal share of every
 * property's runs: tests of about equal weight, at least 64 of them, so sixteen shards get
 * four each and no shard sends much more than another (docs/deep-runs.md).
 */

/** Runs per property up to which a run stays one test per endpoint: a broken target then costs four worker restarts. */
export const SLICE_AT = 100;
/** The most runs of one property a slice holds, so a slice stays a test of seconds at any OCS_RUNS. */
export const SLICE_RUNS = 100;
/**
 * The fewest slices per endpoint: 4 × 16 = 64 tests, so with up to 16 shards each gets at least
 * four and the fullest at most one test more than the lightest (5 / 4), leaving room under 1.5
 * for slices of different endpoints, which weigh a little differently.
 */
export const MIN_SLICES = 16;

/** Which slice a test or property run is: `index` of `count` (from 1), `runs` of the property's `total`. */
export interface Slice { index: number; count: number; runs: number; total: number }

/** Slices per endpoint for `runs` runs per property: 1 (no cut) up to SLICE_AT. */
export const sliceCount = (runs: number): number => (runs > SLICE_AT ? Math.max(MIN_SLICES, Math.ceil(runs / SLICE_RUNS)) : 1);

/** Slice `index`'s share of `total` runs: the first `total % count` slices take one run more, so the shares add up to `total`. */
export const sliceRuns = (total: number, count: number, index: number): number =>
  Math.floor(total / count) + (index <= total % count ? 1 : 0);

/**
 * The seed slice `index` draws with, from the run's seed: the first slice draws with the
 * run's seed itself (a run of one slice is drawn as before slices existed), every other with
 * a seed mixed from it and its index (a 32-bit integer hash, MurmurHash3's finalizer), so
 * slices draw different values and every one is reproducible from the run's seed alone.
 */
export function sliceSeed(seed: number, index: number): number {
  if (index <= 1) return seed;
  let h = (seed ^ Math.imul(index, 0x9e3779b9)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) & 0x7fffffff;
}

/**
 * How Playwright 1.65's `--shard=i/n` splits a run whose tests are each a group of their own
 * (a file with no afterAll hook, as suites/conformance.spec.ts): n runs of consecutive tests,
 * the first `tests.length % n` one test longer (filterForShard in playwright/lib/runner). The
 * plan's unit tests check its balance with it; tests/e2e/shard.test.ts checks it against Playwright.
 */
export function shardsOf<T>(tests: readonly T[], n: number): T[][] {
  const size = (i: number): number => Math.floor(tests.length / n) + (i < tests.length % n ? 1 : 0);
  let from = 0;
  return Array.from({ length: n }, (_, i) => tests.slice(from, (from += size(i))));
}
