/**
 * Runs the steps of one unit (src/runner/units.ts) against the run's target: every case and
 * property at once, their requests under the worker's cap on requests in flight. A property
 * sends its trials ahead of fast-check (generators/property.ts), so a distant target is not
 * waited on one round trip at a time.
 */
import type { Transport } from '../src/client/transport.ts';
import type { PaceFigures } from '../src/client/pace.ts';
import { targetTransport, type Target } from '../src/runner/transport.ts';
import type { RunContext } from '../src/runner/context.ts';
import { limiter, type Limit } from '../src/runner/limit.ts';
import { inFlightOf, runCase } from '../src/runner/case.ts';
import { needsAcceptance } from '../src/runner/preflight.ts';
import type { Step } from '../src/runner/units.ts';
import type { StepResult } from '../src/report/step-text.ts';
import { checkProperty, type PropertyDef } from '../generators/suite.ts';
import { beforeStop, isStopped, stoppable, stoppableLimit } from '../src/runner/stop.ts';

/**
 * `refused`: the endpoint refused the profile's valid request (src/runner/preflight.ts), the
 * reason to skip every case that needs an acceptance there.
 */
interface StepSettings { runs: number; seed?: number; path?: string; refused?: string }

// One undici client per worker process, with one pace (src/client/pace.ts) and one cap on
// requests in flight, the pace's window, for everything the worker sends. Not Playwright's
// `request` fixture: `npm run bench` measures the harness faster over undici, and setting the
// fixture up costs 0.4 s in every new worker, which Playwright starts after each failed test.
let target: Target | undefined;
let transport: Transport | undefined;
let limit: Limit | undefined;
// A property draws all its runs' values before it starts (generators/property.ts). As many
// properties at a time as hold VALUES_HELD values keep a deep run's memory bounded (2 at
// OCS_RUNS=1000, which still keep every request in flight busy) and let a default run's short
// properties overlap, so a distant target is not waited on a property at a time (16 at 25).
const VALUES_HELD = 2_000;
let properties: Limit | undefined;
const propertiesAtOnce = (runs: number): Limit => (properties ??= stoppableLimit(limiter(Math.min(16, Math.max(2, Math.floor(VALUES_HELD / Math.max(1, runs)))))));
function worker(ctx: RunContext): { transport: Transport; limit: Limit } {
  if (!transport) {
    const paced = (target = targetTransport(ctx, { breaker: true }));
    transport = stoppable(paced);
    limit = stoppableLimit(limiter(() => paced.pace.places(), () => paced.pace.wanted(), (admit) => paced.pace.onRoom(admit)));
  }
  return { transport, limit: limit! };
}

/** The pace of this worker's requests since the last take: a test takes those of its own (src/report/pace.ts). */
export const takePace = (): PaceFigures | undefined => target?.pace.take();

/** Answers, push backs and failures this worker has had so far: what the test's watchdog reads as progress. */
export const progress = (): number => target?.pace.completions ?? 0;

export async function closeWorker(): Promise<void> {
  // A stopped run does not wait for the answers to requests it let go of (src/runner/stop.ts).
  await (isStopped() ? target?.destroy() : target?.close());
  target = transport = limit = undefined;
}

/**
 * Where a step starts among the others: the properties whose one run sends several requests
 * first, then the other properties, then the cases, each in its listed order. A run of the first
 * holds its place for a round trip per request in turn (or several places at once) and, started
 * last, such properties were the tail of every endpoint test at a distant target: a 200 ms run took
 * 18.6 s, 15.5 s started first (docs/performance.md). The results keep the listed order.
 */
const startRank = (step: Step<PropertyDef>): number => (step.kind === 'case' ? 2 : step.property.several ? 0 : 1);

export function startOrder(steps: readonly Step<PropertyDef>[]): number[] {
  return steps.map((_, i) => i).sort((a, b) => startRank(steps[a]!) - startRank(steps[b]!) || a - b);
}

/** The steps' results, in their listed order; a step the run's stop cut short judged nothing and is left out. */
export async function runSteps(
  steps: readonly Step<PropertyDef>[], ctx: RunContext, url: string, settings: StepSettings,
): Promise<StepResult[]> {
  const { transport: sender, limit: cap } = worker(ctx);
  const started: Promise<StepResult | undefined>[] = new Array(steps.length);
  for (const i of startOrder(steps)) started[i] = start(steps[i]!);
  const settled = await Promise.all(started);
  return settled.filter((r) => r !== undefined);

  function start(step: Step<PropertyDef>): Promise<StepResult | undefined> {
    return beforeStop(async (): Promise<StepResult> => {
      try {
        if (step.kind === 'case') {
          if (settings.refused && needsAcceptance(step.case)) return { step, skipped: `cannot be judged: ${settings.refused}`, parts: [] };
          const result = await cap(() => runCase(step.case, step.format, ctx, sender, url), inFlightOf(step.case));
          if (result.kind === 'skip') return { step, skipped: result.reason, parts: [] };
          return { step, parts: result.parts };
        }
        const outcome = await propertiesAtOnce(settings.runs)(() => checkProperty(step.property, { url, transport: sender, ctx }, { numRuns: settings.runs, seed: settings.seed, path: settings.path, limit: cap, ahead: ctx.inFlight }));
        if (outcome.kind === 'skip') return { step, skipped: outcome.reason, parts: [] };
        const { run } = outcome;
        if (!run.failed) {
          if (run.stopped && run.merged.length === 0) return { step, skipped: run.stopped, parts: [] };
          return { step, parts: run.merged, ...(run.stopped ? { note: `stopped before ${settings.runs} runs: ${run.stopped}` } : {}) };
        }
        const failure = run.failure!;
        return { step, parts: 'parts' in failure ? failure.parts : [], property: run, ...('error' in failure ? { thrown: failure.error } : {}) };
      } catch (thrown) {
        return { step, parts: [], thrown };
      }
    });
  }
}
