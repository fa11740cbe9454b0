import fc from 'fast-check';
import { curlLine, shq } from './evidence.ts';
import { describeFinding, type Finding } from '../checks/finding.ts';
import { bounded } from './rule-evidence.ts';
import type { Part } from '../checks/part.ts';
import type { RunContext } from '../runner/context.ts';
import type { Step, Unit } from '../runner/units.ts';

/**
 * The text of a failing check as people read it (the red step, the test's error, the
 * evidence): its failures with Expected/Received, the curl line that replays the request, and
 * the rerun line that runs the check again through the harness.
 */

/** A property's shrunk counterexample, as fast-check reported it. */
interface Counterexample { seed: number; path?: string; numRuns: number; numShrinks: number; counterexample?: unknown }

/** What running one step gave: skipped with a reason, or parts judged; a harness error is `thrown`. */
export interface StepResult { step: Step; skipped?: string; parts: Part[]; note?: string; property?: Counterexample; thrown?: unknown }

/**
 * The command that runs this one step again against the same target. Only the target's
 * non-secret settings are spelled out; the secrets stay in the caller's environment. The
 * embedded reference is started anew (with the same fault, if one was set).
 */
export function rerunLine(unitTitle: string, stepTitle?: string, extra: Record<string, string> = {}, env: NodeJS.ProcessEnv = process.env): string {
  const target = env.OCS_EMBEDDED_REFERENCE
    ? (env.OCS_REFERENCE_FAULT ? { OCS_REFERENCE_FAULT: env.OCS_REFERENCE_FAULT } : {})
    : Object.fromEntries(['OCS_BASE_URL', 'OCS_PROFILE'].filter((k) => env[k]).map((k) => [k, env[k]!]));
  const settings = { ...target, ...extra, ...(stepTitle ? { OCS_STEP: stepTitle } : {}) };
  const pattern = unitTitle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return [...Object.entries(settings).map(([k, v]) => `${k}=${shq(v)}`), 'npm start --', '--grep', shq(pattern)].join(' ');
}

/**
 * The rerun line of a step of `unit`. A slice's titles exist only in a run cut the same way,
 * so its line sets the run's OCS_RUNS (src/runner/slices.ts).
 */
export const rerunStep = (unit: Pick<Unit, 'title' | 'slice'>, stepTitle: string, extra: Record<string, string> = {}): string =>
  rerunLine(unit.title, stepTitle, { ...(unit.slice ? { OCS_RUNS: String(unit.slice.total) } : {}), ...extra });

/** The command that replays a property's shrunk counterexample: the step, its seed and path. */
const replayLine = (r: StepResult, unit: Unit): string =>
  rerunStep(unit, r.step.title, { OCS_SEED: String(r.property!.seed), OCS_PATH: r.property!.path ?? '' });

function counterexampleText(r: StepResult, unit: Unit, ctx: RunContext): string {
  const run = r.property!;
  const replay = replayLine(r, unit);
  const seed = unit.slice ? `seed ${run.seed} (the run's: slice ${unit.slice.index}/${unit.slice.count} draws with a seed derived from it)` : `seed ${run.seed}`;
  return [
    `Property failed after ${run.numRuns} run(s) and ${run.numShrinks} shrink(s): ${seed}, path ${run.path ?? '(none)'}.`,
    `Replay: ${replay}`,
    ...shrunk(run.counterexample),
    ...r.parts.filter((p) => p.exchange).map((p) => `curl (${p.format}): ${curlLine(p.exchange!.request, ctx.secrets)}`),
  ].join('\n');
}

/** A request property's counterexample is a request; a sequence's is its commands, as fast-check writes them. */
function shrunk(value: unknown): string[] {
  if (value !== null && typeof value === 'object' && 'request' in value) return ['Shrunk minimal request:', JSON.stringify(value.request, null, 2)];
  return ['Shrunk minimal counterexample:', fc.stringify(value)];
}

/** How much of what the target did a shortened step report quotes. */
const BRIEF_RECEIVED = 120;
const BRIEF_NOTE = '  (shortened: the test\'s error quotes the first failing check of each rule in full; the line below sends this one again)';

/**
 * A failing check's report: its findings with what was expected and received, how to replay
 * the request and rerun the step. `brief` (a check after the first of its rules in a test)
 * keeps each finding's rule ID, the head of what was received and one command: a property's
 * replay line (its shrunk request, which can be 2,000 characters, is not quoted), a case's
 * rerun line. With every check of a deep run failing, full reports of every red step held
 * Playwright's runner past its heap.
 */
export function stepReport(r: StepResult, failing: Finding[], unit: Unit, ctx: RunContext, brief = false): string {
  const exchange = r.parts.find((p) => p.exchange)?.exchange;
  return [
    `${r.step.title}`,
    ...(r.thrown !== undefined ? [`  [error] the harness broke: ${thrownText(r.thrown)}`] : []),
    ...(brief
      ? [...failing.map((f) => `  ${f.rule} (${f.level === 'MUST' && f.verdict === 'error' ? 'error' : f.level})${f.received !== undefined ? ` received: ${bounded(f.received, BRIEF_RECEIVED)}` : ''}`), BRIEF_NOTE]
      : failing.map((f) => describeFinding(f).replace(/^/gm, '  '))),
    ...(r.property && brief ? [`  Replay: ${replayLine(r, unit)}`] : []),
    ...(r.property && !brief ? [counterexampleText(r, unit, ctx).replace(/^/gm, '  ')] : []),
    ...(exchange && !r.property && !brief ? ['  Replay the request:', `    ${curlLine(exchange.request, ctx.secrets)}`] : []),
    // A property's replay line reruns the step; a brief case's rerun line sends its request again.
    ...(r.property && brief ? [] : ['  Rerun the step:', `    ${rerunStep(unit, r.step.title)}`]),
  ].join('\n');
}

/** A harness error, told by its message: its stack points into the harness, which the reader of a report cannot act on. */
export const thrownText = (thrown: unknown): string => (thrown instanceof Error ? thrown.message : String(thrown));
