/**
 * The lax readers' properties (issue 41), one per operation and format: a generated valid
 * request with one to three rewrites drawn for it (generators/rewrites/draw.ts), judged by the
 * reference beside the run. fast-check shrinks a finding to the fewest rewrites, and its seed
 * and path replay it. The sweep (every operator at every place of a few fixed requests, no
 * draw) is the deterministic set the mutation run judges with, OCS_RUNS=0 included.
 */
import fc from 'fast-check';
import { FORMATS, type Format, type Operation } from '../../src/contract/load.ts';
import { laxRules } from '../../src/contract/lax-readers.ts';
import type { PropertyDef } from '../definition.ts';
import type { GenContext } from '../fixtures.ts';
import { validRequest } from '../index.ts';
import { applyDraws, sweepDraws } from './draw.ts';
import { fromLogical } from './tree.ts';
import { laxTrial, type LaxValue } from './trial.ts';

/** At most this many rewrites on one request: a few together reach readers that only show when two meet; shrinking finds the one that matters. */
const MOST_REWRITES = 3;

const draws = fc.array(fc.record({ site: fc.nat(), op: fc.nat() }), { minLength: 1, maxLength: MOST_REWRITES });

export function laxProperties(op: Operation): PropertyDef<LaxValue>[] {
  const rules = laxRules();
  return FORMATS.map((format) => ({
    title: `${rules[0]} [${format}] property: ${op} requests rewritten as lax readers read them get the reference's outcome`,
    operation: op, rules, format, source: 'generators/rewrites (contract/lax-readers.yaml), judged by the reference beside the run', several: true,
    // The request is not shrunk: a place is drawn by its index among the request's places, so a
    // smaller request would move every draw elsewhere; shrinking goes to the fewest rewrites.
    arbitrary: (g: GenContext) => fc.record({ request: fc.noShrink(validRequest(op, g)), draws }),
    trial: (t) => (value: LaxValue) => laxTrial(t, op, format, value),
  }));
}

/** The seed of the sweep's requests: fixed, so every run and every fault is swept alike. */
const SWEEP_SEED = 41;
/** How many generated requests the sweep rewrites: enough to hold a legal entity, an individual, and both kinds of contacts. */
const SWEEP_REQUESTS = 3;

/**
 * The sweep of one operation and format: each fixed request with each operator at each place,
 * one rewrite at a time; an operator at a place an earlier request already gave it is left out.
 */
export function laxSweep(op: Operation, format: Format, g: GenContext): LaxValue[] {
  const seen = new Set<string>();
  return fc.sample(validRequest(op, g), { seed: SWEEP_SEED, numRuns: SWEEP_REQUESTS }).flatMap((request) => {
    const tree = fromLogical(request);
    return sweepDraws(tree, format).flatMap((d) => {
      const [r] = applyDraws(tree, [d], format).applied;
      const key = `${r!.operator.id} ${r!.at}`;
      if (seen.has(key)) return [];
      seen.add(key);
      return [{ request, draws: [d] }];
    });
  });
}
