import type { Format, Operation } from '../contract/load.ts';
import type { LoadedCase } from '../scenario/load.ts';

/** What a property contributes to the plan: generators/suite.ts PropertyDef has these and more. */
interface PlannedProperty { title: string; operation: Operation; format: Format; rules: string[] }

/** One check inside a Playwright test: a scenario case in one format, or one property. */
export type Step<P extends PlannedProperty = PlannedProperty> =
  | { kind: 'case'; title: string; rules: string[]; format: Format; case: LoadedCase }
  | { kind: 'property'; title: string; rules: string[]; format: Format; property: P };

/**
 * One Playwright test: an endpoint, that is an operation on its JSON or its XML path, with
 * every case and property of that path as a step. Playwright starts a new worker after every
 * failed test, at half a second to a second and a half each; cut per endpoint, a target that
 * breaks every rule costs four restarts, not one per rule or case. `rules` are the rules its
 * steps name, as tags, so `--grep RULE-ID` selects it (and selectSteps then keeps that
 * rule's steps).
 */
export interface Unit<P extends PlannedProperty = PlannedProperty> {
  title: string;
  operation: Operation;
  format: Format;
  rules: string[];
  steps: Step<P>[];
}

/** A step's title: its first rule, the format, and the case's name (a property's title starts so). */
const caseTitle = (c: LoadedCase, format: Format): string => `${c.rules[0]} [${format}] ${c.name}`;

/** Every case in each of its formats, and every property, grouped by endpoint. */
export function planUnits<P extends PlannedProperty>(cases: readonly LoadedCase[], properties: readonly P[]): Unit<P>[] {
  const units = new Map<string, Unit<P>>();
  const unitOf = (operation: Operation, format: Format): Unit<P> => {
    const title = `${operation} [${format}]`;
    let u = units.get(title);
    if (!u) units.set(title, (u = { title, operation, format, rules: [], steps: [] }));
    return u;
  };
  for (const c of cases) {
    for (const format of c.formats) unitOf(c.operation, format).steps.push({ kind: 'case', title: caseTitle(c, format), rules: c.rules, format, case: c });
  }
  for (const p of properties) unitOf(p.operation, p.format).steps.push({ kind: 'property', title: p.title, rules: p.rules, format: p.format, property: p });
  for (const u of units.values()) u.rules = [...new Set(u.steps.flatMap((s) => s.rules))];
  return [...units.values()];
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
