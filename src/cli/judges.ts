/**
 * What the generators judge each rule with, as data they register (generators/judges.ts): the
 * properties that name a rule, and the violator that breaks it. `explain` (src/cli/catalog.ts)
 * reads it here because src/ may not import the generators, the floor above it.
 */
import type { Format, Operation } from '../contract/load.ts';

export interface PropertyNaming { title: string; rules: readonly string[] }

/** A violator as `explain` tells it: where it breaks its rule, and why in one format only, when so. */
export interface ViolatorReach { rule: string; operations: readonly Operation[]; formats: readonly Format[]; why?: string }

export interface GeneratorJudges { properties: readonly PropertyNaming[]; violators: readonly ViolatorReach[] }

let registered: GeneratorJudges | undefined;

export function registerJudges(judges: GeneratorJudges): void {
  registered = judges;
}

/** The registered judges; a process that never loaded generators/judges.ts has none to tell. */
export function generatorJudges(): GeneratorJudges {
  if (!registered) throw new Error('the generators registered no judges: load generators/judges.ts first (bin/ocs-conformance.js does for explain)');
  return registered;
}
