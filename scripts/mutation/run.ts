import { availableParallelism } from 'node:os';
import { FAULTS, findFault } from '../../reference/faults.ts';
import { judgeAll, type Job } from './pool.ts';
import { foldBaseline, foldFault, repeatSeeds, type Repeated } from './repeat.ts';
import { propertySettings, sees, type PropertySettings } from './sources.ts';
import type { Evidence, TargetVerdict } from './verdict.ts';

/** What the mutation run found for one fault (README "Mutation testing"), over every repeat (scripts/mutation/repeat.ts). */
export interface FaultResult extends Repeated {
  name: string;
  /** The rule the fault is meant to break, which the harness must blame. */
  rule: string;
  description: string;
}

export interface MutationReport {
  /** The share of faults killed with their intended rule blamed in every repeat, from 0 to 1. */
  score: number;
  /** The faithful reference: it must be conformant in every repeat (no false positive). */
  baseline: { conformant: boolean; blamed: string[]; errors: string[]; evidence: Evidence[] };
  faults: FaultResult[];
  /** How many passed and failed: every fault killed with its rule blamed in every repeat, and a conformant baseline, pass. */
  passed: number;
  failed: number;
  threads: number;
  /** Runs per property and the run's seed (the first repeat's). */
  properties: PropertySettings;
  /** The property seed of each repeat, the run's seed first (one element without --repeat). */
  seeds: number[];
  /** Whether each fault was judged by every check (`--whole`), or by the checks that name its rule. */
  whole: boolean;
  wallMs: number;
  generatedAt: string;
}

export interface MutationOptions {
  /** Fault names (default: every fault of reference/faults.ts). */
  faults?: string[];
  /** Worker threads (default: one per core). */
  threads?: number;
  /** Runs per property and seed (default: OCS_MUTATION_RUNS or OCS_RUNS, and OCS_SEED, else 10 runs and a fixed seed). */
  properties?: PropertySettings;
  /** How many times each target is judged, each time with another property seed derived from the run's (default 1). */
  repeat?: number;
  /**
   * Judge each fault with every check of the suite, not only those that name its intended rule
   * (default false: a fault is judged by the checks that can see it, the faithful reference by
   * every check, so no false positive goes unseen).
   */
  whole?: boolean;
  onResult?: (result: FaultResult) => void;
}

export const passes = (f: FaultResult): boolean => f.killed && f.intendedBlamed;

/** Judges the faithful reference and the reference with each fault, once per repeat, and scores the harness. */
export async function runMutation(opts: MutationOptions = {}): Promise<MutationReport> {
  const started = performance.now();
  const faults = (opts.faults ?? FAULTS.map((f) => f.name)).map(findFault);
  const properties = opts.properties ?? propertySettings();
  const repeat = opts.repeat ?? 1;
  if (!(Number.isInteger(repeat) && repeat > 0)) throw new RangeError(`--repeat must be a positive integer, got ${repeat}`);
  const seeds = repeatSeeds(properties.seed, repeat);
  // Target 0 is the faithful reference, target i + 1 is fault i; each target's repeats are
  // neighbouring jobs, so a fault's line is printed as soon as its last repeat is judged.
  const targets = [undefined, ...faults];
  // A fault whose rule no check names is judged by every check: a focused judgement would see nothing.
  const focusOf = (rule: string | undefined): { focus?: string } => (rule && !opts.whole && sees(rule) ? { focus: rule } : {});
  const jobs: Job[] = targets.flatMap((fault) => seeds.map((seed) => ({ fault: fault?.name, properties: { ...properties, seed }, ...focusOf(fault?.rule) })));
  // No more threads than jobs.
  const threads = Math.max(1, Math.min(opts.threads ?? availableParallelism(), jobs.length));
  const toResult = (i: number, verdicts: TargetVerdict[]): FaultResult => {
    const { name, rule, description } = faults[i]!;
    return { name, rule, description, ...foldFault(rule, verdicts, seeds) };
  };
  const got: TargetVerdict[] = new Array(jobs.length);
  const verdictsOf = (target: number): TargetVerdict[] => seeds.map((_, k) => got[target * seeds.length + k]!);
  const judged = new Array<number>(targets.length).fill(0);
  await judgeAll(jobs, threads, (job, v) => {
    got[job] = v;
    const target = Math.floor(job / seeds.length);
    if (++judged[target]! === seeds.length && target > 0) opts.onResult?.(toResult(target - 1, verdictsOf(target)));
  });
  const results = faults.map((_, i) => toResult(i, verdictsOf(i + 1)));
  const baseline = foldBaseline(verdictsOf(0));
  const good = results.filter(passes).length;
  return {
    score: results.length ? Math.round((good / results.length) * 10_000) / 10_000 : 1,
    baseline,
    faults: results,
    passed: good + (baseline.conformant ? 1 : 0),
    failed: results.length - good + (baseline.conformant ? 0 : 1),
    threads,
    properties,
    seeds,
    whole: opts.whole ?? false,
    wallMs: Math.round(performance.now() - started),
    generatedAt: new Date().toISOString(),
  };
}
