/**
 * The property suites (generators/suite.ts lists them): each property is one test, titled
 * with its rule ID, run through fc.check against this run's target and recorded with the
 * scenarios' record(). OCS_RUNS sets the runs per property (default 25), OCS_SEED fixes the
 * seed, OCS_PATH replays a counterexample.
 */
import { test, type TestInfo } from '@playwright/test';
import { OPERATIONS } from '../src/contract/load.ts';
import { undiciTransport, type ClosableTransport } from '../src/client/undici.ts';
import { guarded, type Transport } from '../src/client/transport.ts';
import { baseUrl, runContext, type RunContext } from '../src/profile/context.ts';
import { record } from '../src/report/record.ts';
import { curlLine } from '../src/report/evidence.ts';
import type { Part, PropertyRun } from '../generators/property.ts';
import { checkProperty, PROPERTIES, type PropertyDef, type Sent } from '../generators/suite.ts';

const RUNS = Number(process.env.OCS_RUNS ?? 25);
const SEED = process.env.OCS_SEED === undefined ? undefined : Number(process.env.OCS_SEED);
const PATH = process.env.OCS_PATH;

// undici, not the `request` fixture: `npm run bench` measures the harness faster over it.
// The breaker of guarded() ends a run against an unreachable target in seconds.
let undici: ClosableTransport | undefined;
let transport: Transport | undefined;
function sender(ctx: RunContext): Transport {
  if (!transport) transport = guarded(undici = undiciTransport(ctx.timeoutMs));
  return transport;
}
test.afterAll(async () => {
  await undici?.close();
  undici = transport = undefined;
});

/** The minimal request, its replay, and where it came from: printed, attached, and put in the error. */
function counterexampleText(info: TestInfo, ctx: RunContext, run: PropertyRun<Sent>, parts: Part[]): string {
  const replay = `OCS_SEED=${run.seed} OCS_PATH=${run.path ?? ''} npx playwright test suites/properties.spec.ts -g '${info.title.replace(/[[\]]/g, '\\$&')}'`;
  return ctx.mask([
    `Property failed after ${run.numRuns} run(s) and ${run.numShrinks} shrink(s): seed ${run.seed}, path ${run.path ?? '(none)'}.`,
    `Replay: ${replay}`,
    'Shrunk minimal request:',
    JSON.stringify(run.counterexample?.request, null, 2),
    ...parts.filter((p) => p.exchange).map((p) => `curl (${p.format}): ${curlLine(p.exchange!.request, ctx.secrets)}`),
  ].join('\n'));
}

/** Records the property's rules as skipped, with the reason, and skips the test. */
async function skip(info: TestInfo, ctx: RunContext, p: PropertyDef, reason: string): Promise<void> {
  await record(info, ctx, p.format, p.rules.map((rule) => ({ rule, level: 'INFO', verdict: 'skip', title: reason })));
  test.skip(true, reason);
}

/**
 * Runs one property and records it as the scenarios record a case: the merged findings of
 * its runs when it holds, the shrunk counterexample's findings and evidence when it fails.
 */
async function property(info: TestInfo, p: PropertyDef): Promise<void> {
  test.setTimeout(60_000 + RUNS * 250);
  const ctx = runContext();
  const outcome = await checkProperty(p, { url: baseUrl(), transport: sender(ctx), ctx }, { numRuns: RUNS, seed: SEED, path: PATH });
  if (outcome.kind === 'skip') return skip(info, ctx, p, outcome.reason);
  const { run } = outcome;
  if (!run.failed) {
    if (run.stopped && run.merged.length === 0) return skip(info, ctx, p, run.stopped);
    if (run.stopped) info.annotations.push({ type: 'note', description: `stopped before ${RUNS} runs: ${run.stopped}` });
    for (const part of run.merged) await record(info, ctx, part.format, part.findings);
    return;
  }
  const parts = run.failure && 'parts' in run.failure ? run.failure.parts : [];
  const text = counterexampleText(info, ctx, run, parts);
  await info.attach('property counterexample', { body: text, contentType: 'text/plain' });
  let thrown: unknown = run.failure && 'error' in run.failure ? run.failure.error : undefined;
  for (const part of parts) {
    try {
      await record(info, ctx, part.format, part.findings, part.exchange);
    } catch (err) {
      thrown ??= err;
    }
  }
  const err = thrown instanceof Error ? thrown : new Error(`the property failed without a failing finding: ${String(thrown)}`);
  err.message = `${text}\n\n${err.message}`;
  throw err;
}

const annotate = (p: PropertyDef) => ({ annotation: [{ type: 'rules', description: p.rules.join(' ') }, { type: 'property', description: p.source }] });

for (const op of OPERATIONS) {
  test.describe(op, () => {
    for (const p of PROPERTIES.filter((x) => x.operation === op)) {
      test(p.title, annotate(p), async ({}, info) => {
        await property(info, p);
      });
    }
  });
}
