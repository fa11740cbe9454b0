import type { Format } from '../../src/contract/load.ts';
import type { Finding } from '../../src/checks/finding.ts';
import { runCase } from '../../src/runner/case.ts';
import { laxRules } from '../../src/contract/lax-readers.ts';
import { eachLimited } from '../../src/runner/limit.ts';
import { loadAllCases, type LoadedCase } from '../../src/scenario/load.ts';
import type { Target } from '../../generators/trials.ts';
import { checkProperty, PROPERTIES } from '../../generators/suite.ts';
import { laxSweep } from '../../generators/rewrites/property.ts';
import { laxTrial } from '../../generators/rewrites/trial.ts';
import { FORMATS, OPERATIONS } from '../../src/contract/load.ts';
import { clockOf } from '../../src/time/clock.ts';

/** A finding, with the format it was made in and what made it (for the report's evidence). */
export interface SourcedFinding extends Finding {
  format: Format;
  origin: string;
}

/** Anything that judges a target and yields findings: the scenarios, the properties. */
export type FindingSource = (target: Target) => Promise<SourcedFinding[]>;

/** How the properties run in a mutation run: the same seed on every target, so each sees the same requests. */
export interface PropertySettings { runs: number; seed: number }

/** Few runs keep the whole mutation run under two minutes on 2 cores; the fixed seed keeps it deterministic. */
export const DEFAULT_PROPERTY_SETTINGS: PropertySettings = { runs: 10, seed: 20261121 };

/**
 * Runs per property from OCS_MUTATION_RUNS, else OCS_RUNS (the suite's own variable, so
 * `OCS_RUNS=0` judges with the scenarios alone here too), else 10; the seed from OCS_SEED.
 * The mutation run's own variable wins: it keeps its count when OCS_RUNS is exported for deep
 * suite runs. A value that is not a count or a seed throws, naming the variable.
 */
export function propertySettings(env: NodeJS.ProcessEnv = process.env): PropertySettings {
  const read = (name: string, fallback: number, ok: (n: number) => boolean, what: string): number => {
    const text = env[name];
    if (text === undefined || text === '') return fallback;
    const n = Number(text);
    if (!ok(n)) throw new RangeError(`${name} must be ${what}, got ${text}`);
    return n;
  };
  const runsFrom = (env.OCS_MUTATION_RUNS ?? '') !== '' ? 'OCS_MUTATION_RUNS' : 'OCS_RUNS';
  return {
    runs: read(runsFrom, DEFAULT_PROPERTY_SETTINGS.runs, (n) => Number.isInteger(n) && n >= 0, 'a whole number of runs per property'),
    seed: read('OCS_SEED', DEFAULT_PROPERTY_SETTINGS.seed, Number.isSafeInteger, 'an integer seed'),
  };
}

/**
 * Every source each target of a mutation run is judged with: adding a source is one more call
 * here. With `focus` (a fault's intended rule), only the scenario cases and properties that
 * name that rule, the checks that can see the fault (`sees`); the faithful reference is judged
 * by every one.
 */
export function findingSources(settings: PropertySettings, focus?: string): FindingSource[] {
  if (settings.runs === 0) return [scenarioSource(focus), laxSweepSource(focus)];
  return [scenarioSource(focus), propertySource(settings, focus), laxSweepSource(focus)];
}

/** Whether a case names `rule`: itself, or in a step of its sequence. */
const caseNames = (c: LoadedCase, rule: string): boolean => c.rules.includes(rule) || (c.sequence?.steps.some((s) => s.rules.includes(rule)) ?? false);

/** Whether any case or property names `rule`: a focused judgement of a fault that no check names would see nothing. */
export function sees(rule: string): boolean {
  return laxRules().includes(rule) || scenarioRuns().some(({ c }) => caseNames(c, rule)) || PROPERTIES.some((p) => p.rules.includes(rule));
}

let loaded: { c: LoadedCase; format: Format }[] | undefined;
/** Every judging case in each of its formats, read once per thread: a worker judges many targets. */
const scenarioRuns = (): { c: LoadedCase; format: Format }[] =>
  (loaded ??= loadAllCases().filter((c) => c.expect !== 'probe').flatMap((c) => c.formats.map((format) => ({ c, format }))));

/**
 * The hand-written scenarios (suites/*.yaml): every case in every format it runs in, 16
 * requests at a time. The safety probes are left out: they judge nothing, so they cannot kill
 * a fault, and each sends 4 MiB.
 */
function scenarioSource(focus?: string): FindingSource {
  return async ({ url, transport, ctx }) => {
    const out: SourcedFinding[] = [];
    const runs = focus ? scenarioRuns().filter(({ c }) => caseNames(c, focus)) : scenarioRuns();
    await eachLimited(runs, 16, async ({ c, format }) => {
      const result = await runCase(c, format, ctx, transport, url);
      if (result.kind === 'skip') return;
      for (const part of result.parts) {
        for (const f of part.findings) out.push({ ...f, format: part.format, origin: `${c.file}: ${c.name}` });
      }
    });
    return out;
  };
}

/**
 * The properties of generators/suite.ts (those naming `focus`, when given), four at a time, each
 * sequential inside and `runs` runs long. A property that holds
 * yields the merged findings of its runs; one that fails yields the shrunk counterexample's
 * findings, as suites/properties.spec.ts records them.
 */
export function propertySource({ runs, seed }: PropertySettings, focus?: string): FindingSource {
  return async (target) => {
    const out: SourcedFinding[] = [];
    await eachLimited(focus ? PROPERTIES.filter((p) => p.rules.includes(focus)) : PROPERTIES, 4, async (p) => {
      const outcome = await checkProperty(p, target, { numRuns: runs, seed });
      if (outcome.kind === 'skip') return;
      const { run } = outcome;
      const failure = run.failed ? run.failure : undefined;
      // A trial that threw is a harness bug, as a scenario case that throws is: the run breaks.
      if (failure && 'error' in failure) throw new Error(`property ${p.title} (seed ${run.seed}, path ${run.path ?? 'none'}) broke: ${String(failure.error)}`, { cause: failure.error });
      const origin = `property: ${p.title}`;
      for (const part of failure ? failure.parts : run.merged) {
        for (const f of part.findings) out.push({ ...f, format: part.format, origin });
      }
    });
    return out;
  };
}

/**
 * The lax readers' sweep (issue 41): every operator of contract/lax-readers.yaml at every place
 * of a few fixed valid requests, per operation and format, each judged by the faithful reference
 * judgeReference starts beside the target (scripts/mutation/verdict.ts). No draw decides it, so
 * it judges alike with OCS_RUNS=0 and with any seed.
 */
export function laxSweepSource(focus?: string): FindingSource {
  return async (target) => {
    if (focus && !laxRules().includes(focus)) return [];
    const g = { profile: target.ctx.profile, now: clockOf(target.ctx.profile).now() };
    const runs = OPERATIONS.flatMap((op) => FORMATS.flatMap((format) => laxSweep(op, format, g).map((value) => ({ op, format, value }))));
    const out: SourcedFinding[] = [];
    await eachLimited(runs, 16, async ({ op, format, value }) => {
      const trial = await laxTrial(target, op, format, value);
      for (const part of trial.parts) {
        for (const f of part.findings) out.push({ ...f, format: part.format, origin: `lax readers' sweep: ${op} [${format}]` });
      }
    });
    return out;
  };
}
