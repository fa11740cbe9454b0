import type { Format } from '../contract/load.ts';
import { encodeRequest } from '../codec/index.ts';
import { TransportError, wireRequest, type Transport, type WireRequest, type WireResponse } from '../client/transport.ts';
import { errorFindings, judge, type Exchange } from '../checks/judge.ts';
import type { LoadedProfile } from '../profile/load.ts';
import type { Finding } from '../checks/finding.ts';
import { buildRequest, MissingFixture } from '../scenario/build.ts';
import type { LoadedCase } from '../scenario/load.ts';
import type { RunContext } from '../profile/context.ts';
import { budgetSpent, countAccepted } from './budget.ts';

export type CaseResult =
  | { kind: 'skip'; reason: string }
  | { kind: 'judged'; findings: Finding[]; request: WireRequest; response?: WireResponse };

/**
 * One scenario case in one format, whatever runs it (Playwright's runner, or the mutation
 * run): build the request from the profile, send it, judge the response. A transport
 * fault becomes `error` findings for the case's rules, never an exception.
 */
export async function runCase(c: LoadedCase, format: Format, ctx: RunContext, transport: Transport, baseUrl: string): Promise<CaseResult> {
  let logical: Record<string, unknown> | undefined;
  try {
    logical = c.raw ? undefined : buildRequest(c, { profile: ctx.profile, bases: ctx.bases, now: new Date() });
  } catch (err) {
    if (err instanceof MissingFixture) return { kind: 'skip', reason: err.message };
    throw err;
  }
  // Only a case the target may accept changes an order; refusals cost nothing.
  const mayChangeState = c.expect === 'accepted' || c.expect === 'record' || c.expect === 'same-day';
  const spent = mayChangeState ? budgetSpent(ctx.profile.safety?.maxAccepted) : undefined;
  if (spent) return { kind: 'skip', reason: spent };
  const body = c.raw ? c.raw[format] : encodeRequest(format, logical);
  const request = wireRequest(ctx.profile, baseUrl, c.operation, format, body);
  const sent = await sendAndJudge(c, format, logical, request, transport, ctx.profile);
  return { kind: 'judged', findings: sent.findings, request, response: sent.response };
}

/**
 * Sends one request and judges what comes back: the step every runner shares (scenario
 * cases here, property trials in generators/trials.ts). An acceptance counts against the
 * budget; a transport fault becomes `error` findings for the case's rules, never an exception.
 */
export async function sendAndJudge(
  c: Exchange['case'], format: Format, logical: unknown, request: WireRequest, transport: Transport, profile: LoadedProfile,
): Promise<{ findings: Finding[]; response?: WireResponse; broken: boolean }> {
  const sentAt = new Date();
  try {
    const response = await transport.send(request);
    if (response.status === 200) countAccepted();
    return { findings: judge({ case: c, format, request: logical, response, sentAt }, profile), response, broken: false };
  } catch (err) {
    if (!(err instanceof TransportError)) throw err;
    return { findings: errorFindings(c.rules, `transport: ${err.message}`), broken: true };
  }
}
