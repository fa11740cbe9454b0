import type { Format, Operation } from '../contract/load.ts';
import type { LoadedCase } from '../scenario/load.ts';
import { sliceCount, sliceRuns, type Slice } from './slices.ts';

/** What a property contributes to the plan: generators/suite.ts PropertyDef has these and more. */
interface PlannedProperty { title: string; operation: Operation; format: Format; rules: string[]; slice?: Slice }

/** One check inside a Playwright test: a scenario case in one format, or one property (or a slice of its runs). */
export type Step<P extends PlannedProperty = PlannedProperty> =
  | { kind: 'case'; title: string; rules: string[]; format: Format; case: LoadedCase }
  | { kind: 'property'; title: string; rules: string[]; format: Format; property: P };

/**
 * One Playwright test: an endpoint, that is an operation on its JSON or its XML path, with
 * every case and property of that path as a step. Playwright starts a new worker after every
 * failed test, at half a second to a second and a half each; cut per endpoint, a target that
 * breaks every rule costs four restarts, not one per rule or case. `rules` are the rules its
 * steps name, as tags, so `--grep RULE-ID` selects it (and selectSteps then keeps that
 * rule's steps). In a sliced run (src/runner/slices.ts) an endpoint is `slice.count` tests,
 * each with a slice of every property's runs and of the endpoint's cases.
 */
export interface Unit<P extends PlannedProperty = PlannedProperty> {
  title: string;
  operation: Operation;
  format: Format;
  rules: string[];
  steps: Step<P>[];
  slice?: Slice;
}

/** A step's title: its first rule, the format, and the case's name (a property's title starts so). */
const caseTitle = (c: LoadedCase, format: Format): string => `${c.rules[0]} [${format}] ${c.name}`;

/**
 * Every case in each of its formats, and every property, grouped by endpoint; with `runs`
 * (runs per property) above SLICE_AT, each endpoint cut into slices. Slices are listed slice
 * by slice, every endpoint's first, then every endpoint's second: Playwright's `--shard` gives
 * each shard a run of consecutive tests, and so each run holds every endpoint alike.
 */
export function planUnits<P extends PlannedProperty>(cases: readonly LoadedCase[], properties: readonly P[], runs = 0): Unit<P>[] {
  const endpoints = new Map<string, Unit<P>>();
  const unitOf = (operation: Operation, format: Format): Unit<P> => {
    const title = `${operation} [${format}]`;
    let u = endpoints.get(title);
    if (!u) endpoints.set(title, (u = { title, operation, format, rules: [], steps: [] }));
    return u;
  };
  for (const c of cases) {
    for (const format of c.formats) unitOf(c.operation, format).steps.push({ kind: 'case', title: caseTitle(c, format), rules: c.rules, format, case: c });
  }
  for (const p of properties) unitOf(p.operation, p.format).steps.push({ kind: 'property', title: p.title, rules: p.rules, format: p.format, property: p });
  const count = properties.length > 0 ? sliceCount(runs) : 1;
  const units = count === 1 ? [...endpoints.values()] : Array.from({ length: count }, (_, i) => [...endpoints.values()].map((u) => sliceOf(u, { index: i + 1, count, runs: sliceRuns(runs, count, i + 1), total: runs }))).flat();
  for (const u of units) u.rules = [...new Set(u.steps.flatMap((s) => s.rules))];
  return units;
}

/**
 * One slice of an endpoint: its properties, each with the slice's share of its runs and a
 * title that names the slice (OCS_STEP picks one step of the whole run), and every
 * `count`-th of its cases: with all of them, the first slices of a run of a few hundred runs
 * weighed half as much again as the others.
 */
function sliceOf<P extends PlannedProperty>(u: Unit<P>, slice: Slice): Unit<P> {
  const name = `${slice.index}/${slice.count}`;
  let nth = 0;
  const steps = u.steps.flatMap((s): Step<P>[] => {
    if (s.kind === 'case') return nth++ % slice.count === slice.index - 1 ? [s] : [];
    const title = `${s.title} (slice ${name})`;
    return [{ ...s, title, property: { ...s.property, title, slice } }];
  });
  return { ...u, title: `${u.title} slice ${name}`, steps, slice };
}

/**
 * The steps a test runs. OCS_STEP names one step of it exactly (a rerun line). Playwright's
 * `--grep` picks tests by title and tags; passed on as `grep`, it also keeps, inside a test,
 * the steps it matches, read as the test's title, the step's title and the step's rules as
 * tags: `--grep CNT-CONTACTIDS-MAX` runs that rule's cases and properties, `--grep '\[xml\]'`
 * or an endpoint's title runs them all.
 */
export function selectSteps<S extends Step>(unitTitle: string, steps: readonly S[], filter: { grep?: string; step?: string }): S[] {
  if (filter.step) return steps.filter((s) => s.title === filter.step);
  if (!filter.grep) return [...steps];
  const re = new RegExp(filter.grep);
  return steps.filter((s) => re.test(`${unitTitle} ${s.title} ${s.rules.map((r) => `@${r}`).join(' ')}`));
}

/** Runs per property: OCS_RUNS, else 25, so a default run stays fast (0 leaves the properties out). */
export const runsPerProperty = (env: NodeJS.ProcessEnv = process.env): number => Number(env.OCS_RUNS ?? 25);
