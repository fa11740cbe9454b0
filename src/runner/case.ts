import type { Format, Operation } from '../contract/load.ts';
import { encodeRequest } from '../codec/index.ts';
import { wireRequest, type Transport, type WireRequest, type WireResponse } from '../client/transport.ts';
import type { Finding } from '../checks/finding.ts';
import { buildRequest, MissingFixture } from '../scenario/build.ts';
import type { Expect, LoadedCase } from '../scenario/load.ts';
import { applyWire } from '../scenario/wire.ts';
import type { RunContext } from '../profile/context.ts';
import { compareForms } from './forms.ts';
import { sendAndJudge } from './send.ts';
import { targetNow } from '../profile/clock.ts';
import { clockSide, waitForCutoff } from '../checks/cutoffs.ts';
import { sleepUnlessStopped } from './stop.ts';

export type CaseResult =
  | { kind: 'skip'; reason: string }
  | { kind: 'judged'; findings: Finding[]; request: WireRequest; response?: WireResponse };

/**
 * One scenario case in one format, whatever runs it (Playwright's runner, or the mutation
 * run): build the request from the profile, send it, judge the response. A transport
 * fault becomes `error` findings for the case's rules, never an exception.
 */
export async function runCase(c: LoadedCase, format: Format, ctx: RunContext, transport: Transport, baseUrl: string): Promise<CaseResult> {
  const result = await runOnce(c, format, ctx, transport, baseUrl);
  return c.expect === 'same-day' && result.kind === 'judged' ? acrossCutoff(c, format, result, ctx, transport, baseUrl) : result;
}

async function runOnce(c: LoadedCase, format: Format, ctx: RunContext, transport: Transport, baseUrl: string): Promise<CaseResult> {
  let logical: Record<string, unknown> | undefined;
  try {
    logical = c.raw ? undefined : buildRequest(c, { profile: ctx.profile, bases: ctx.bases, now: targetNow(ctx.profile) });
  } catch (err) {
    if (err instanceof MissingFixture) return { kind: 'skip', reason: err.message };
    throw err;
  }
  if (c.form) return formCase(c.operation, format, logical, c.form, c.expect, ctx, transport, baseUrl);
  const body = applyWire(c.raw ? c.raw[format]! : encodeRequest(format, logical), c.wire);
  const request = wireRequest(ctx.profile, baseUrl, c.operation, format, body.text);
  if (body.bytes) request.bytes = body.bytes;
  const sent = await sendAndJudge(c, format, logical, request, transport, ctx.profile);
  if (sent.unsent) return { kind: 'skip', reason: sent.unsent };
  return { kind: 'judged', findings: onClockSide(c, sent.findings, sent.sentAt, ctx.profile.timeZone), request, response: sent.response };
}

/**
 * A same-day or past-date case that errored (a transport fault) met a side of its cut-off
 * all the same: its error findings name it, so the certificate shows that side as errored.
 */
function onClockSide(c: LoadedCase, findings: Finding[], sentAt: Date | undefined, timeZone: string | undefined): Finding[] {
  if ((c.expect !== 'same-day' && c.expect !== 'past-date') || !timeZone || !sentAt) return findings;
  const side = clockSide(c.expect, sentAt, timeZone);
  return findings.map((f) => (f.verdict === 'error' && !f.side && c.rules.includes(f.rule) ? { ...f, side } : f));
}

/**
 * A same-day case sent on the before side of 16:00 (or within the margin after it, where it is
 * not judged: src/checks/cutoffs.ts), on a ticking target clock within the profile's
 * clock.waitForCutoffSeconds of 16:00 and its margin, is built and sent again once that clock
 * has passed them (its today unchanged), so one run judges both sides of the cut-off
 * (docs/target-clock.md). The evidence shown is the second exchange's. A run stopped during
 * the wait ends it at once, with what was judged before it.
 */
async function acrossCutoff(c: LoadedCase, format: Format, first: Extract<CaseResult, { kind: 'judged' }>, ctx: RunContext, transport: Transport, baseUrl: string): Promise<CaseResult> {
  const wait = waitForCutoff(targetNow(ctx.profile), ctx.profile.timeZone, ctx.profile.clock);
  // A send that errored is not sent again: against a target that hangs or fails, waiting for
  // 16:00 would only meet the same fault later.
  if (first.findings.some((f) => f.verdict === 'error')) return first;
  const unjudged = first.findings.some((f) => f.side === 'same-day-before' || (f.side === 'same-day-after' && f.verdict === 'skip'));
  if (wait === undefined || !unjudged) return first;
  if (await sleepUnlessStopped(wait)) return first;
  const second = await runOnce(c, format, ctx, transport, baseUrl);
  return second.kind === 'judged' ? { ...second, findings: [...first.findings, ...second.findings] } : first;
}

/** A case of `forms` (src/scenario/load.ts): its request in one form and in the compact one, compared. */
async function formCase(op: Operation, format: Format, logical: unknown, form: string, expect: Expect, ctx: RunContext, transport: Transport, baseUrl: string): Promise<CaseResult> {
  const compared = await compareForms(op, format, logical, form, expect, ctx, transport, baseUrl);
  if (compared.unsent) return { kind: 'skip', reason: compared.unsent };
  const [first] = compared.parts;
  return { kind: 'judged', findings: compared.parts.flatMap((p) => p.findings), request: first!.exchange!.request, response: first!.exchange!.response };
}
