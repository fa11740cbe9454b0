import type { Evidence, TargetVerdict } from './verdict.ts';

/**
 * The property seeds of `count` repeats: the run's own seed first, then seeds derived from
 * it (a golden-ratio step through murmur3's finaliser), so a repeated run is reproducible and
 * each repeat draws requests unrelated to the others'. fast-check reads a seed as a 32-bit
 * integer: derived seeds are below 2^31, and each replays as `OCS_SEED=<seed>`.
 */
export function repeatSeeds(seed: number, count: number): number[] {
  return Array.from({ length: count }, (_, k) => {
    if (k === 0) return seed;
    let h = (seed + Math.imul(k, 0x9e3779b9)) | 0;
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    return (h ^ (h >>> 16)) >>> 1;
  });
}

const union = (lists: string[][]): string[] => [...new Set(lists.flat())].sort();

/** One fault's verdicts in every repeat, folded: it passes only when each repeat killed it with its intended rule blamed. */
export interface Repeated {
  /** The harness found the faulty reference not conformant (a MUST failed or something errored) in every repeat. */
  killed: boolean;
  /** The intended rule was blamed in every repeat. */
  intendedBlamed: boolean;
  /** Rules with a MUST failure, in any repeat. */
  blamed: string[];
  errors: string[];
  /** The first miss's evidence (what it blamed instead), else the first repeat's. */
  evidence: Evidence[];
  /** Repeats that killed it with its intended rule blamed, out of the report's `seeds.length`. */
  kills: number;
  /** The property seeds of the repeats that did not: `OCS_SEED=<seed> npm run mutation -- --fault NAME` replays one. */
  misses: number[];
  internalErrors: number;
  ms: number;
}

/** Folds a fault's verdicts, `verdicts[i]` made with `seeds[i]`. */
export function foldFault(rule: string, verdicts: TargetVerdict[], seeds: number[]): Repeated {
  const hit = verdicts.map((v) => !v.conformant && v.blamed.includes(rule));
  const firstMiss = hit.indexOf(false);
  return {
    killed: verdicts.every((v) => !v.conformant),
    intendedBlamed: verdicts.every((v) => v.blamed.includes(rule)),
    blamed: union(verdicts.map((v) => v.blamed)),
    errors: union(verdicts.map((v) => v.errors)),
    evidence: verdicts[firstMiss === -1 ? 0 : firstMiss]!.evidence,
    kills: hit.filter(Boolean).length,
    misses: seeds.filter((_, i) => !hit[i]),
    internalErrors: verdicts.reduce((n, v) => n + v.internalErrors, 0),
    ms: verdicts.reduce((n, v) => n + v.ms, 0),
  };
}

/** The faithful reference's verdicts in every repeat, folded: conformant only when every repeat found it so. */
export function foldBaseline(verdicts: TargetVerdict[]): { conformant: boolean; blamed: string[]; errors: string[]; evidence: Evidence[] } {
  const worst = verdicts.find((v) => !v.conformant) ?? verdicts[0]!;
  return {
    conformant: verdicts.every((v) => v.conformant),
    blamed: union(verdicts.map((v) => v.blamed)),
    errors: union(verdicts.map((v) => v.errors)),
    evidence: worst.evidence,
  };
}
