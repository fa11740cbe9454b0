import type { Format } from '../contract/load.ts';
import { encodeRequest } from '../codec/index.ts';
import { TransportError, wireRequest, type Transport, type WireRequest, type WireResponse } from '../client/transport.ts';
import { errorFindings, judge } from '../checks/judge.ts';
import type { Finding } from '../checks/finding.ts';
import { buildRequest, MissingFixture } from '../scenario/build.ts';
import type { LoadedCase } from '../scenario/load.ts';
import type { RunContext } from '../profile/context.ts';

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
  const body = c.raw ? c.raw[format] : encodeRequest(format, logical);
  const request = wireRequest(ctx.profile, baseUrl, c.operation, format, body);
  const sentAt = new Date();
  try {
    const response = await transport.send(request);
    return { kind: 'judged', findings: judge({ case: c, format, request: logical, response, sentAt }, ctx.profile), request, response };
  } catch (err) {
    if (!(err instanceof TransportError)) throw err;
    return { kind: 'judged', findings: errorFindings(c.rules, `transport: ${err.message}`), request };
  }
}
