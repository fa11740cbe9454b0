/**
 * Which properties exist (DESIGN principle 5), for any runner: per operation and format,
 * generated valid requests are accepted; per request-side rule, operation and format, that
 * rule's violations are rejected; per operation, a logical request gets the same outcome as
 * JSON and as XML; per operation and format, the same in every form of the format
 * (src/codec/forms.ts) as in the compact one. suites/properties.spec.ts makes each a
 * Playwright test; the mutation run (scripts/mutation/sources.ts) judges every reference
 * with them.
 */
import fc from 'fast-check';
import { FORMATS, loadErrors, OPERATIONS, type Format, type Operation } from '../src/contract/load.ts';
import { MissingFixture } from '../src/scenario/build.ts';
import { SUCCESS_RULE } from '../src/checks/judge.ts';
import { validRequest, type GenContext, type Request } from './index.ts';
import { ALL_VIOLATORS, violation } from './violators/index.ts';
import { runProperty, type PropertyRun, type RunParams, type Trial } from './property.ts';
import { acceptRules } from './accepts.ts';
import { ifFixtures } from './fixtures.ts';
import { forms, parity, single, type Sent, type Target } from './trials.ts';
import { FORMS } from '../src/codec/forms.ts';
import { FORMS_RULE } from '../src/runner/compare.ts';
import { targetNow } from '../src/profile/clock.ts';
import { sliceSeed, type Slice } from '../src/runner/slices.ts';

export type { Sent } from './trials.ts';



/**
 * A valid request is judged on the accept side of the rules it exercises (a list of three,
 * a string at its limit), so a refusal of the shrunk request blames the limit it needed;
 * the plainest request is judged on the operation's success rule.
 */
const accepted = (op: Operation) => (request: Request): Sent => {
  const rules = acceptRules(op, request);
  return { request, rules: rules.length ? rules : [SUCCESS_RULE[op]], expect: 'accepted' };
};

/**
 * Valid requests, valid requests for the profile's orders whose state answers a documented
 * error, and every two-format violation: a third of the runs each.
 */
function parityCases(op: Operation, g: GenContext): fc.Arbitrary<Sent> {
  const orders = g.profile.fixtures.orders;
  const valid = validRequest(op, g);
  const errors = loadErrors().flatMap((e) => {
    const orderID = orders[e.fixture.replace(/^orders\./, '')];
    return e.operation === op && orderID ? [valid.map((r): Sent => ({ request: { ...r, orderID }, rules: [e.rule], expect: { error: e.code } }))] : [];
  });
  const violations = ALL_VIOLATORS.filter((v) => v.operations.includes(op) && v.formats.length === 2).flatMap((v) =>
    ifFixtures(() => violation(op, v, g, FORMATS).map((request): Sent => ({ request, rules: [v.rule], expect: 'rejected' }))));
  const share = Math.max(1, violations.length);
  return fc.oneof(
    { arbitrary: valid.map(accepted(op)), weight: share },
    ...errors.map((arbitrary) => ({ arbitrary, weight: Math.max(1, Math.round(share / errors.length)) })),
    ...violations.map((arbitrary) => ({ arbitrary, weight: 1 })),
  );
}

/** One property: what it is called and judged on, what it draws, and what one run sends. */
export interface PropertyDef {
  /** The test title: the rule ID first, then the format, so `--grep` and `--shard` work. */
  title: string;
  operation: Operation;
  rules: string[];
  /** The format its findings are recorded under (the parity property: xml). */
  format: Format;
  /** Where its requests come from, for the report. */
  source: string;
  /** Throws MissingFixture when the profile lacks what it needs. */
  arbitrary: (g: GenContext) => fc.Arbitrary<Sent>;
  trial: (target: Target) => (s: Sent) => Promise<Trial>;
  /** In a sliced run (src/runner/slices.ts): which share of the property's runs this is. */
  slice?: Slice;
}

function propertiesOf(op: Operation): PropertyDef[] {
  const success = [SUCCESS_RULE[op]];
  const valid = FORMATS.map((format): PropertyDef => ({
    title: `${SUCCESS_RULE[op]} [${format}] property: generated valid ${op} requests are accepted`,
    operation: op, rules: success, format, source: 'generators/index.ts validRequest',
    arbitrary: (g) => validRequest(op, g).map(accepted(op)),
    trial: single(op, format),
  }));
  const violations = ALL_VIOLATORS.filter((v) => v.operations.includes(op)).flatMap((v) => v.formats.map((format): PropertyDef => {
    const rules = [v.rule];
    return {
      title: `${v.rule} [${format}] property: ${op} violations are rejected`,
      operation: op, rules, format, source: `generators/violators (${v.rule})${v.why ? `; ${format} only: ${v.why}` : ''}`,
      arbitrary: (g) => violation(op, v, g, [format]).map((request) => ({ request, rules, expect: 'rejected' })),
      trial: single(op, format),
    };
  }));
  const same: PropertyDef = {
    title: `${SUCCESS_RULE[op]} [xml] property: a ${op} request gets the same outcome as JSON and as XML`,
    operation: op, rules: success, format: 'xml', source: 'parity',
    arbitrary: (g) => parityCases(op, g),
    trial: parity(op),
  };
  const written = FORMATS.map((format): PropertyDef => ({
    title: `${FORMS_RULE} [${format}] property: a ${op} request gets the compact form's outcome in every ${format.toUpperCase()} form`,
    operation: op, rules: [FORMS_RULE], format, source: 'src/codec/forms.ts',
    arbitrary: (g) => fc.tuple(parityCases(op, g), fc.constantFrom(...FORMS[format])).map(([s, form]): Sent => ({ ...s, form })),
    trial: forms(op, format),
  }));
  return [...valid, ...violations, same, ...written];
}

/** Every property, per operation in the order the suite lists them. */
export const PROPERTIES: readonly PropertyDef[] = OPERATIONS.flatMap(propertiesOf);

export type PropertyOutcome = { kind: 'skip'; reason: string } | { kind: 'run'; run: PropertyRun<Sent> };

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
const built = new Map<PropertyDef['arbitrary'], { profile: unknown; at: number; arbitrary: fc.Arbitrary<Sent> }>();
/** The endpoint whose properties `built` holds. */
let builtFor: string | undefined;
function sliceArbitrary(p: PropertyDef, target: Target): fc.Arbitrary<Sent> {
  const now = targetNow(target.ctx.profile).getTime();
  // One endpoint's arbitraries at a time: all of them (some 250 properties, hundreds of
  // arbitraries each) held a deep run's worker near its 128 MB heap, where V8 spent a
  // quarter of its time collecting garbage.
  const endpoint = `${p.operation} ${p.format}`;
  if (builtFor !== endpoint) {
    built.clear();
    builtFor = endpoint;
  }
  const seen = built.get(p.arbitrary);
  if (seen && seen.profile === target.ctx.profile && now - seen.at < REBUILD_MS) return seen.arbitrary;
  const arbitrary = p.arbitrary({ profile: target.ctx.profile, now: new Date(now) });
  built.set(p.arbitrary, { profile: target.ctx.profile, at: now, arbitrary });
  return arbitrary;
}

/**
 * Runs one property against `target`; a fixture the profile lacks skips it, with the reason.
 * A slice runs its share of the runs with its own seed, derived from `params.seed` (else a
 * random one); the run it returns names that seed, not the slice's, since OCS_SEED replays it.
 */
export async function checkProperty(p: PropertyDef, target: Target, params: RunParams): Promise<PropertyOutcome> {
  let arbitrary: fc.Arbitrary<Sent>;
  try {
    arbitrary = p.slice ? sliceArbitrary(p, target) : p.arbitrary({ profile: target.ctx.profile, now: targetNow(target.ctx.profile) });
  } catch (err) {
    if (!(err instanceof MissingFixture)) throw err;
    return { kind: 'skip', reason: err.message };
  }
  if (!p.slice) return { kind: 'run', run: await runProperty(arbitrary, p.trial(target), params) };
  const seed = params.seed ?? Math.floor(Math.random() * 0x7fffffff);
  const run = await runProperty(arbitrary, p.trial(target), { ...params, numRuns: p.slice.runs, seed: sliceSeed(seed, p.slice.index) });
  return { kind: 'run', run: { ...run, seed } };
}
