/**
 * One check as Playwright's report shows it (src/report/record.ts records a test's checks): a
 * step inside its rule's step, green, or red with its report and, for the first failing check
 * of each rule, its evidence (the request and the response, masked) attached.
 */
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

/** What one step gave, ready to be shown: its verdict, its findings by format, what fails the test, and its text. */
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
 * Where a check is written: a case's step points at the case in its scenario file, so
 * Playwright's report shows that file and line beside the step, and the case's lines as its
 * source. A property's step keeps Playwright's own location.
 */
function whereWritten(r: StepResult): Location | undefined {
  const c = r.step.kind === 'case' ? r.step.case : undefined;
  return c?.line ? { file: join(ROOT, c.file), line: c.line, column: 3 } : undefined;
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
