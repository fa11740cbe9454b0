import type { Format } from '../contract/load.ts';
import { encodeRequest } from '../codec/index.ts';
import { wireRequest, type Transport, type WireRequest, type WireResponse } from '../client/transport.ts';
import type { Finding } from '../checks/finding.ts';
import { buildRequest, MissingFixture } from '../scenario/build.ts';
import type { Built, LoadedCase } from '../scenario/types.ts';
import { applyWire } from '../scenario/wire.ts';
import type { RunContext } from './context.ts';
import type { Part } from '../checks/part.ts';
import { compareForms, compareFramings, type Compared } from './compare.ts';
import { sendAndJudge } from './send.ts';
import { relate } from './relations.ts';
import { relationById } from '../contract/relations.ts';
import { valueAtPath } from '../checks/error-number.ts';
import { NOT_APPLICABLE } from '../scenario/missing.ts';
import { runBurst, runSequence, type Company, type Prepared } from './sequence.ts';
import { clockOf } from '../time/clock.ts';
import { sleepUnlessStopped } from './stop.ts';

/**
 * A case judged: a part per request it sent (one for most; two for a form or framing, the
 * variant first; one per step of a sequence), and the first part's findings and exchange, which
 * a report quotes.
 */
export type CaseResult =
  | { kind: 'skip'; reason: string }
  | { kind: 'judged'; findings: Finding[]; request: WireRequest; response?: WireResponse; parts: Part[] };

/**
 * One scenario case in one format, whatever runs it (Playwright's runner, or the mutation
 * run): build the request from the profile, send it, judge the response. A transport
 * fault becomes `error` findings for the case's rules, never an exception.
 */
export async function runCase(c: LoadedCase, format: Format, ctx: RunContext, transport: Transport, baseUrl: string): Promise<CaseResult> {
  const result = await runOnce(c, format, ctx, transport, baseUrl);
  return c.expect === 'same-day' && result.kind === 'judged' ? acrossCutoff(c, format, result, ctx, transport, baseUrl) : result;
}

/** How a request is built: from a base changed by `set` and `unset`, or raw; then its `wire` changes. */
type Buildable = Built & Pick<LoadedCase, 'operation' | 'entry'>;

/** A request built for `format`, or the fixture the profile lacks for it. */
function prepare(b: Buildable, format: Format, ctx: RunContext, baseUrl: string): { logical?: Record<string, unknown>; request: WireRequest } | { skip: string } {
  let logical: Record<string, unknown> | undefined;
  try {
    logical = b.raw ? undefined : buildRequest(b, { profile: ctx.profile, bases: ctx.bases, now: clockOf(ctx.profile).now() });
  } catch (err) {
    if (err instanceof MissingFixture) return { skip: err.message };
    throw err;
  }
  const body = applyWire(b.raw ? b.raw[format]! : encodeRequest(format, logical), b.wire);
  const request = wireRequest(ctx.profile, baseUrl, b.operation, format, body.text);
  if (body.bytes) request.bytes = body.bytes;
  return { logical, request };
}

const judged = (parts: Part[]): CaseResult => ({
  kind: 'judged', findings: parts.flatMap((p) => p.findings), request: parts[0]!.exchange!.request, response: parts[0]!.exchange!.response, parts,
});

async function runOnce(c: LoadedCase, format: Format, ctx: RunContext, transport: Transport, baseUrl: string): Promise<CaseResult> {
  if (c.needs && valueAtPath(ctx.profile, c.needs) === undefined) return { kind: 'skip', reason: `${NOT_APPLICABLE}the profile gives no ${c.needs}` };
  if (c.sequence) return sequenceCase(c, format, ctx, transport, baseUrl);
  const built = prepare(c, format, ctx, baseUrl);
  if ('skip' in built) return { kind: 'skip', reason: built.skip };
  const { logical, request } = built;
  if (c.form) return compared(await compareForms(c.operation, format, logical, c.form, c.expect, ctx, transport, baseUrl));
  if (c.framing) return compared(await compareFramings(c.operation, format, logical, c.framing, c.expect, ctx, transport, baseUrl));
  if (c.relation) return compared(await relate(c.relation, { op: c.operation, format, logical: logical!, expect: c.expect, rules: c.rules.filter((id) => id !== relationById(c.relation!).rule) }, { ctx, transport, url: baseUrl }));
  if (c.message) request.message = c.message;
  const sent = await sendAndJudge(c, format, logical, request, transport, ctx.profile);
  if (sent.unsent) return { kind: 'skip', reason: sent.unsent };
  const findings = onClockSide(c, sent.findings, sent.sentAt, ctx.profile);
  return { kind: 'judged', findings, request, response: sent.response, parts: [{ format, findings, exchange: { request, response: sent.response } }] };
}

/** A case of `forms` or `framings` (src/scenario/variants.ts): its request sent otherwise and plainly, compared. */
const compared = (c: Compared): CaseResult => (c.unsent ? { kind: 'skip', reason: c.unsent } : judged(c.parts));

/**
 * A case of `sequence` in `format` (src/runner/sequence.ts): each step built for its own
 * operation and format (the case's unless it names one), a step with `times` sent as many times
 * at once; in order or together. A step the profile cannot build skips the whole case.
 */
async function sequenceCase(c: LoadedCase, format: Format, ctx: RunContext, transport: Transport, baseUrl: string): Promise<CaseResult> {
  const spec = c.sequence!;
  const steps: Prepared[] = [];
  for (const step of spec.steps) {
    const operation = step.operation ?? c.operation;
    const stepFormat = step.format ?? format;
    const built = prepare({ ...step, operation, entry: c.entry }, stepFormat, ctx, baseUrl);
    if ('skip' in built) return { kind: 'skip', reason: built.skip };
    const p: Prepared = { operation, format: stepFormat, rules: step.rules, expect: step.expect, logical: built.logical, request: built.request, ...(step.pauseBeforeMs ? { pauseBeforeMs: step.pauseBeforeMs } : {}) };
    for (let i = 0; i < (step.times ?? 1); i++) steps.push(p);
  }
  const company: Company = spec.send === 'together' ? await runBurst(steps, ctx, transport) : await runSequence(steps, spec.connection ?? 'one', ctx, transport);
  if (company.parts.length === 0) return { kind: 'skip', reason: company.unsent ?? 'nothing was sent' };
  return judged(company.parts);
}

/** How many requests a case has in flight at once: a burst's every copy, anything else one. */
export const inFlightOf = (c: LoadedCase): number =>
  (c.sequence?.send === 'together' ? c.sequence.steps.reduce((n, s) => n + (s.times ?? 1), 0) : 1);

/**
 * A same-day or past-date case that errored (a transport fault) met a side of its cut-off
 * all the same: its error findings name it, so the certificate shows that side as errored.
 */
function onClockSide(c: LoadedCase, findings: Finding[], sentAt: Date | undefined, profile: RunContext['profile']): Finding[] {
  if ((c.expect !== 'same-day' && c.expect !== 'past-date') || !profile.timeZone || !sentAt) return findings;
  const side = clockOf(profile).side(c.expect, sentAt);
  return findings.map((f) => (f.verdict === 'error' && !f.side && c.rules.includes(f.rule) ? { ...f, side } : f));
}

/**
 * A same-day case sent on the before side of 16:00 (or within the margin after it, where it is
 * not judged: src/time/clock.ts), on a ticking target clock within the profile's
 * clock.waitForCutoffSeconds of 16:00 and its margin, is built and sent again once that clock
 * has passed them (its today unchanged), so one run judges both sides of the cut-off
 * (docs/target-clock.md). The evidence shown is the second exchange's. A run stopped during
 * the wait ends it at once, with what was judged before it.
 */
async function acrossCutoff(c: LoadedCase, format: Format, first: Extract<CaseResult, { kind: 'judged' }>, ctx: RunContext, transport: Transport, baseUrl: string): Promise<CaseResult> {
  const clock = clockOf(ctx.profile);
  const wait = clock.waitForCutoff(clock.now());
  // A send that errored is not sent again: against a target that hangs or fails, waiting for
  // 16:00 would only meet the same fault later.
  if (first.findings.some((f) => f.verdict === 'error')) return first;
  const unjudged = first.findings.some((f) => f.side === 'same-day-before' || (f.side === 'same-day-after' && f.verdict === 'skip'));
  if (wait === undefined || !unjudged) return first;
  if (await sleepUnlessStopped(wait)) return first;
  const second = await runOnce(c, format, ctx, transport, baseUrl);
  if (second.kind !== 'judged') return first;
  const findings = [...first.findings, ...second.findings];
  return { ...second, findings, parts: [{ ...second.parts[0]!, findings }] };
}
