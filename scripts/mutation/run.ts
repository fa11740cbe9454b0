import { availableParallelism } from 'node:os';
import { FAULTS, findFault } from '../../reference/faults.ts';
import { judgeAll } from './pool.ts';
import { propertySettings, type PropertySettings } from './sources.ts';
import type { Evidence, TargetVerdict } from './verdict.ts';

/** What the mutation run found for one fault (README "Mutation testing"). */
export interface FaultResult {
  name: string;
  /** The rule the fault is meant to break, which the harness must blame. */
  rule: string;
  description: string;
  /** The harness found the faulty reference non-conformant (a MUST failed or something errored). */
  killed: boolean;
  /** Rules with a MUST failure. */
  blamed: string[];
  intendedBlamed: boolean;
  /** Rules with an error finding, reported apart from the blamed ones. */
  errors: string[];
  evidence: Evidence[];
  internalErrors: number;
  ms: number;
}

export interface MutationReport {
  /** The share of faults killed with their intended rule blamed, from 0 to 1. */
  score: number;
  /** The faithful reference: it must be conformant (no false positive). */
  baseline: { conformant: boolean; blamed: string[]; errors: string[]; evidence: Evidence[] };
  faults: FaultResult[];
  /** How many passed and failed: every fault killed with its rule blamed, and a conformant baseline, pass. */
  passed: number;
  failed: number;
  threads: number;
  /** Runs per property and the seed every target's properties ran with. */
  properties: PropertySettings;
  wallMs: number;
  generatedAt: string;
}

export interface MutationOptions {
  /** Fault names (default: every fault of reference/faults.ts). */
  faults?: string[];
  /** Worker threads (default: one per core). */
  threads?: number;
  /** Runs per property and seed (default: OCS_MUTATION_RUNS and OCS_SEED, else 10 runs and a fixed seed). */
  properties?: PropertySettings;
  onResult?: (result: FaultResult) => void;
}

export const passes = (f: FaultResult): boolean => f.killed && f.intendedBlamed;

/** Judges the faithful reference and the reference with each fault, and scores the harness. */
export async function runMutation(opts: MutationOptions = {}): Promise<MutationReport> {
  const started = performance.now();
  const faults = (opts.faults ?? FAULTS.map((f) => f.name)).map(findFault);
  // No more threads than targets (the faithful reference and each fault).
  const threads = Math.max(1, Math.min(opts.threads ?? availableParallelism(), faults.length + 1));
  const properties = opts.properties ?? propertySettings();
  const toResult = (i: number, v: TargetVerdict): FaultResult => {
    const { name, rule, description } = faults[i]!;
    return { name, rule, description, killed: !v.conformant, blamed: v.blamed, intendedBlamed: v.blamed.includes(rule), errors: v.errors, evidence: v.evidence, internalErrors: v.internalErrors, ms: v.ms };
  };
  // Job 0 is the faithful reference; job i + 1 is fault i.
  const verdicts = await judgeAll([undefined, ...faults.map((f) => f.name)], threads, properties, (job, v) => {
    if (job > 0) opts.onResult?.(toResult(job - 1, v));
  });
  const [base, ...rest] = verdicts as [TargetVerdict, ...TargetVerdict[]];
  const results = rest.map((v, i) => toResult(i, v));
  const good = results.filter(passes).length;
  return {
    score: results.length ? Math.round((good / results.length) * 10_000) / 10_000 : 1,
    baseline: { conformant: base.conformant, blamed: base.blamed, errors: base.errors, evidence: base.evidence },
    faults: results,
    passed: good + (base.conformant ? 1 : 0),
    failed: results.length - good + (base.conformant ? 0 : 1),
    threads,
    properties,
    wallMs: Math.round(performance.now() - started),
    generatedAt: new Date().toISOString(),
  };
}
