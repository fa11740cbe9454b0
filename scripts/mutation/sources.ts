import type { Format } from '../../src/contract/load.ts';
import type { Finding } from '../../src/checks/finding.ts';
import type { Transport } from '../../src/client/transport.ts';
import type { RunContext } from '../../src/profile/context.ts';
import { runCase } from '../../src/runner/case.ts';
import { loadAllCases, type LoadedCase } from '../../src/scenario/load.ts';

/** A finding, with the format it was made in and what made it (for the report's evidence). */
export interface SourcedFinding extends Finding {
  format: Format;
  origin: string;
}

/** A running target and what it takes to talk to it. */
export interface Target {
  url: string;
  transport: Transport;
  ctx: RunContext;
}

/** Anything that judges a target and yields findings: the scenarios, and later the properties. */
export type FindingSource = (target: Target) => Promise<SourcedFinding[]>;

/** Every source each target of a mutation run is judged with: adding a source is one more call here. */
export function findingSources(): FindingSource[] {
  return [scenarioSource()];
}

/** Calls `work` on every item, at most `limit` at a time. */
export async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/** The hand-written scenarios (suites/*.yaml): every case in every format it runs in, `inFlight` requests at a time. */
export function scenarioSource(cases: LoadedCase[] = loadAllCases(), inFlight = 16): FindingSource {
  const runs = cases.flatMap((c) => c.formats.map((format) => ({ c, format })));
  return async ({ url, transport, ctx }) => {
    const out: SourcedFinding[] = [];
    await eachLimited(runs, inFlight, async ({ c, format }) => {
      const result = await runCase(c, format, ctx, transport, url);
      if (result.kind === 'skip') return;
      for (const f of result.findings) out.push({ ...f, format, origin: `${c.file}: ${c.name}` });
    });
    return out;
  };
}
