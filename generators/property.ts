import fc from 'fast-check';
import type { Format } from '../src/contract/load.ts';
import { failsTest, RANK, type Finding } from '../src/checks/finding.ts';
import type { WireRequest, WireResponse } from '../src/client/transport.ts';

/** What one generated example yields in one format: findings, and the exchange behind them. */
export interface Part { format: Format; findings: Finding[]; exchange?: { request: WireRequest; response?: WireResponse } }

/**
 * One run of a property: a part per format sent. `broken`: the transport failed, so
 * shrinking stops. `unsent`: why nothing was sent (the budget of accepted requests is
 * spent), which ends the property where it is.
 */
export interface Trial { parts: Part[]; broken?: boolean; unsent?: string }

export interface PropertyRun<V> {
  failed: boolean;
  seed: number;
  /** fast-check's path to the shrunk counterexample: with the seed, it replays it. */
  path?: string;
  numRuns: number;
  numShrinks: number;
  counterexample?: V;
  /** The shrunk counterexample's trial, or the harness error it raised. */
  failure?: Trial | { error: unknown };
  /** Every passing run folded into one finding per rule and format (the worst verdict wins). */
  merged: Part[];
  /** Why the property stopped before its runs were done, if it did. */
  stopped?: string;
}

export interface RunParams { numRuns: number; seed?: number; path?: string }

/**
 * Runs `trial` on generated values with fc.asyncProperty and fc.check: fast-check draws,
 * shrinks and reports the seed and path; nothing here loops by hand. The last failing trial
 * is the shrunk counterexample's, since fast-check only moves to a candidate that fails.
 */
export async function runProperty<V>(arbitrary: fc.Arbitrary<V>, trial: (value: V) => Promise<Trial>, params: RunParams): Promise<PropertyRun<V>> {
  const merged = new Map<Format, Map<string, Finding>>();
  let failure: PropertyRun<V>['failure'];
  let stopped: string | undefined;
  let halted = false;
  const property = fc.asyncProperty(arbitrary, async (value) => {
    // After a transport failure every candidate would fail the same way, and after the
    // budget is spent nothing may be sent: the runs left pass unsent, the first failure stays.
    if (halted) return true;
    let t: Trial;
    try {
      t = await trial(value);
    } catch (error) {
      failure = { error };
      return false;
    }
    if (t.unsent !== undefined) {
      stopped = t.unsent;
      halted = true;
      return true;
    }
    if (t.parts.some((p) => p.findings.some(failsTest))) {
      failure = t;
      halted = t.broken ?? false;
      return false;
    }
    for (const p of t.parts) fold(merged, p);
    return true;
  });
  const details = await fc.check(property, { numRuns: params.numRuns, seed: params.seed, path: params.path });
  return {
    failed: details.failed,
    seed: details.seed,
    path: details.counterexamplePath ?? undefined,
    numRuns: details.numRuns,
    numShrinks: details.numShrinks,
    counterexample: details.counterexample?.[0],
    failure: details.failed ? failure ?? { error: details.errorInstance } : undefined,
    merged: [...merged].map(([format, byRule]) => ({ format, findings: [...byRule.values()] })),
    stopped,
  };
}

function fold(merged: Map<Format, Map<string, Finding>>, part: Part): void {
  let byRule = merged.get(part.format);
  if (!byRule) merged.set(part.format, (byRule = new Map()));
  for (const f of part.findings) {
    const seen = byRule.get(f.rule);
    if (!seen || RANK[f.verdict] > RANK[seen.verdict]) byRule.set(f.rule, f);
  }
}
