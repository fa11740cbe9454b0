/**
 * One check as Playwright's report shows it (src/report/record.ts records a test's checks): a
 * step inside its rule's step, green, or red with its report and, for the first failing check
 * of each rule, its evidence (the request and the response, masked) attached.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, type Location, type TestInfo } from '@playwright/test';
import { ROOT, type Format } from '../contract/load.ts';
import type { Finding, Verdict } from '../checks/finding.ts';
import { NOT_SENT } from '../client/transport.ts';
import type { RunContext } from '../runner/context.ts';
import type { Unit } from '../runner/units.ts';
import { describeRequest, describeResponse } from './evidence.ts';
import { stepReport, type StepResult } from './step-text.ts';

/** Failing steps whose evidence a test attaches and quotes: the first of each failing rule, up to this many. */
export const EVIDENCE_STEPS = 20;

/** What one step gave, ready to be shown: its verdict, its findings by format (those more than a plain pass), what fails the test, and its text. */
export interface Shown { r: StepResult; verdict: Verdict; findings: (Finding & { format: Format })[]; failing: (Finding & { format: Format })[] }

/**
 * One check's step in Playwright's report, inside its rule's step: green, or red with its
 * report (the first failing check of each rule also attaches its evidence). A check the
 * breaker did not send is not a step of its own: the unsent step names them all. Says whether
 * the check failed or errored.
 */
export async function showStep(info: TestInfo, ctx: RunContext, unit: Unit, s: Shown, acc: { quoted: string[]; quotedKeys: Set<string>; unsent: { title: string; reason: string }[] }): Promise<boolean> {
  const { r, failing } = s;
  const at = { location: whereWritten(r) };
  if (failing.length === 0 && r.thrown === undefined) {
    await test.step(r.step.title, async () => undefined, at);
    return false;
  }
  const notSent = r.thrown === undefined && failing.every((f) => f.verdict === 'error' && f.received?.includes(NOT_SENT));
  if (notSent) {
    acc.unsent.push({ title: r.step.title, reason: failing[0]!.received! });
    return false;
  }
  const keys = failing.map((f) => `${f.rule} [${f.format}]`);
  const first = (r.thrown !== undefined || keys.some((k) => !acc.quotedKeys.has(k))) && acc.quoted.length < EVIDENCE_STEPS;
  if (first) for (const k of keys) acc.quotedKeys.add(k);
  // Only a quoted check's report is whole; the others' are brief (stepReport says why).
  const text = ctx.mask(stepReport(r, failing, unit, ctx, !first));
  if (first) acc.quoted.push(text);
  try {
    await test.step(r.step.title, async () => {
      if (first) await attachEvidence(info, ctx, r, text);
      throw stepError(text);
    }, at);
  } catch {
    // The step shows red in the report.
  }
  return true;
}

/**
 * Where a check is written, so Playwright's report shows that file and line beside its step: a
 * case's step points at the case in its scenario file (and shows the case's lines as its
 * source), a property's at the generator its `source` names, or at its rule. A step given no
 * location makes Playwright capture and source-map a stack to find one (`_addStep`), which for
 * a run's thousands of steps was about 5% of a worker's CPU and a tenth of what it allocated,
 * all to name a line of this directory.
 */
export function whereWritten(r: StepResult): Location | undefined {
  if (r.step.kind === 'case') {
    const c = r.step.case;
    return c.line ? { file: join(ROOT, c.file), line: c.line, column: 3 } : undefined;
  }
  const p = r.step.property as { source?: unknown; rules: string[] };
  if (typeof p.source === 'string' && !sources.has(p.source)) sources.set(p.source, sourceWritten(p.source));
  return (typeof p.source === 'string' ? sources.get(p.source) : undefined) ?? ruleWritten(p.rules[0]);
}

const RULES_FILE = join(ROOT, 'contract', 'rules.yaml');
const VIOLATORS_DIR = join(ROOT, 'generators', 'violators');

/** The lines of a file, read once per process; none when it cannot be read. */
const texts = new Map<string, string[]>();
function linesOf(file: string): string[] {
  let lines = texts.get(file);
  if (lines === undefined) {
    try { lines = readFileSync(file, 'utf8').split('\n'); } catch { lines = []; }
    texts.set(file, lines);
  }
  return lines;
}

/** The first line (from 1) of each text `re`'s first group matches, over `files`. */
function firstLines(files: string[], re: RegExp): Map<string, Location> {
  const at = new Map<string, Location>();
  for (const file of files) {
    linesOf(file).forEach((text, i) => {
      const m = re.exec(text);
      if (m && !at.has(m[1]!)) at.set(m[1]!, { file, line: i + 1, column: m.index + 1 });
    });
  }
  return at;
}

let rules: Map<string, Location> | undefined;
/** A rule's step points at the rule in contract/rules.yaml: its `- id:` line. */
export function ruleWritten(rule: string | undefined): Location | undefined {
  rules ??= firstLines([RULES_FILE], /^- id: ([\w-]+)/);
  return rule === undefined ? undefined : rules.get(rule);
}

let violators: Map<string, Location> | undefined;
const sources = new Map<string, Location | undefined>();
/**
 * Where a property's `source` (generators/definition.ts) is written: a violator's rule in
 * generators/violators, or the file it names (at the function it names, when it names one).
 */
function sourceWritten(source: string): Location | undefined {
  const violator = /^generators\/violators \(([\w-]+)\)/.exec(source);
  if (violator) {
    if (violators === undefined) {
      let files: string[] = [];
      try { files = readdirSync(VIOLATORS_DIR).filter((f) => f.endsWith('.ts')).sort().map((f) => join(VIOLATORS_DIR, f)); } catch { /* none */ }
      violators = firstLines(files, /\brule: '([\w-]+)'/);
    }
    return violators.get(violator[1]!);
  }
  const named = /^((?:generators|src)\/[\w/.-]+\.ts)(?: (\w+))?/.exec(source);
  if (!named) return undefined;
  const file = join(ROOT, named[1]!);
  const lines = linesOf(file);
  if (lines.length === 0) return undefined;
  const declared = named[2] === undefined ? -1 : lines.findIndex((l) => new RegExp(`\\b(?:function\\*?|const|let) ${named[2]}\\b`).test(l));
  return { file, line: declared >= 0 ? declared + 1 : 1, column: 1 };
}
/**
 * What a red step carries: its report, without a stack. The stack would only point into this
 * file, and Playwright keeps a stack, its frames and a source snippet for every failed step of a
 * test, in the worker and in the runner: with every check of a run failing (a target that went
 * away), that was the run's largest use of memory.
 */
export function stepError(text: string): Error {
  const err = new Error(text);
  err.stack = `Error: ${text}`;
  return err;
}

async function attachEvidence(info: TestInfo, ctx: RunContext, r: StepResult, text: string): Promise<void> {
  const exchange = r.parts.find((p) => p.exchange)?.exchange;
  // The response is masked whole before describeResponse cuts it to an excerpt: a secret an
  // echoing target sends back must not be cut in two, half of it past the mask.
  const response = exchange?.response && { ...exchange.response, body: ctx.mask(exchange.response.body) };
  const body = [text, ...(exchange ? ['', '── request', describeRequest(exchange.request), ...(response ? ['', '── response', describeResponse(response)] : [])] : [])].join('\n');
  await info.attach(`evidence: ${r.step.title}`, { body: ctx.mask(body), contentType: 'text/plain' });
}
