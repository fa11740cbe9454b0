import type fc from 'fast-check';
import { MissingFixture } from '../src/scenario/build.ts';
import { clockOf } from '../src/time/clock.ts';
import { sliceSeed } from '../src/runner/slices.ts';
import type { PropertyDef, PropertyOutcome } from './definition.ts';
import { runProperty } from './property.ts';
import type { RunParams } from './trial.ts';
import type { Target } from './trials.ts';

/**
 * Building a property's arbitrary takes about 5 ms, as long as drawing a slice's few runs at a
 * hundred-odd runs per property: a worker that runs slices of one endpoint back to back shares
 * one per property, built anew after a minute. Slices come endpoint after endpoint
 * (src/runner/units.ts), so that is mostly with four workers (each takes about every fourth
 * test); with two, the default on 2 cores, the endpoints alternate and each slice builds its own.
 * Dates are drawn whole days ahead of `now` (generators/pickup.ts), so a `now` up to a minute
 * old draws other dates only around midnight, as one long property's does.
 */
const REBUILD_MS = 60_000;
const built = new Map<unknown, { profile: unknown; at: number; arbitrary: fc.Arbitrary<unknown> }>();
/** The endpoint whose properties `built` holds. */
let builtFor: string | undefined;
function sliceArbitrary<V>(p: PropertyDef<V>, target: Target): fc.Arbitrary<V> {
  const now = clockOf(target.ctx.profile).now().getTime();
  // One endpoint's arbitraries at a time: all of them (some 250 properties, hundreds of
  // arbitraries each) held a deep run's worker near its 128 MB heap, where V8 spent a
  // quarter of its time collecting garbage.
  const endpoint = `${p.operation} ${p.format}`;
  if (builtFor !== endpoint) {
    built.clear();
    builtFor = endpoint;
  }
  const seen = built.get(p.arbitrary);
  if (seen && seen.profile === target.ctx.profile && now - seen.at < REBUILD_MS) return seen.arbitrary as fc.Arbitrary<V>;
  const arbitrary = p.arbitrary({ profile: target.ctx.profile, now: new Date(now) });
  built.set(p.arbitrary, { profile: target.ctx.profile, at: now, arbitrary });
  return arbitrary;
}

/**
 * Runs one property against `target`; a fixture the profile lacks skips it, with the reason.
 * A slice runs its share of the runs with its own seed, derived from `params.seed` (else a
 * random one); the run it returns names that seed, not the slice's, since OCS_SEED replays it.
 */
export async function checkProperty<V>(p: PropertyDef<V>, target: Target, params: RunParams): Promise<PropertyOutcome> {
  let arbitrary: fc.Arbitrary<V>;
  try {
    arbitrary = p.slice ? sliceArbitrary(p, target) : p.arbitrary({ profile: target.ctx.profile, now: clockOf(target.ctx.profile).now() });
  } catch (err) {
    if (!(err instanceof MissingFixture)) throw err;
    return { kind: 'skip', reason: err.message };
  }
  const weighted = p.weight ? { ...params, weight: p.weight } : params;
  if (!p.slice) return { kind: 'run', run: await runProperty(arbitrary, p.trial(target), weighted) };
  const seed = params.seed ?? Math.floor(Math.random() * 0x7fffffff);
  const run = await runProperty(arbitrary, p.trial(target), { ...weighted, numRuns: p.slice.runs, seed: sliceSeed(seed, p.slice.index) });
  return { kind: 'run', run: { ...run, seed } };
}
