import type { Format, Operation } from '../contract/load.ts';
import { decodeResponse, encodeRequest } from '../codec/index.ts';
import { describeForm, encodeForm } from '../codec/forms.ts';
import { wireRequest, type Transport, type WireRequest, type WireResponse } from '../client/transport.ts';
import { describeFraming, FRAMING_RULE, type Framing } from '../client/framing.ts';
import { outcome } from '../checks/outcome.ts';
import { ruleFinding } from '../checks/response.ts';
import type { Part } from '../checks/part.ts';
import type { Finding } from '../checks/finding.ts';
import { isServiceRule } from '../contract/layers.ts';
import type { RunContext } from './context.ts';
import type { Expect } from '../scenario/types.ts';
import { sendAndJudge } from './send.ts';

/** Spec introduction, "Both operations accept JSON or XML": any well-formed JSON or XML of a request is that request. */
export const FORMS_RULE = 'BODY-FORMS';

export interface Compared { parts: Part[]; broken: boolean; unsent?: string }

/**
 * The request sent otherwise: the rule that holds it to the plain request's outcome, how it is
 * named, how it is made; `honoured`, an answer other than the plain outcome that the variant's
 * standard allows (a 406 to an Accept no representation meets), which is HTTP's answer, not the
 * operation's, so no response rule judges it.
 */
interface Variant {
  rule: string; label: string; of: (plain: WireRequest) => WireRequest;
  honoured?: (res: WireResponse) => string | undefined;
  /** What the variant's answer must not show, whatever its outcome (a 1xx to HTTP/1.0). */
  breaks?: (res: WireResponse) => string | undefined;
}

/**
 * One logical request sent on the path of `format` plainly (compact, Content-Length, HTTP/1.1)
 * and in a variant of it; the variant's rule holds when both get the same outcome (accepted, or
 * rejected with the same documented numbers). Each response is held to the response rules, and
 * an accepted one to the foundAddresses rules (the entered value is the decoded text, whatever
 * its form); whether the outcome is right is the request's own rules' to judge, in their own
 * cases. The variant's part comes first, so its request is the one a report quotes. `expect` is
 * what the plain request is expected to get: a request the target may accept takes its share
 * of the budget.
 */
async function compareSends(
  op: Operation, format: Format, logical: unknown, variant: Variant, expect: Expect, ctx: RunContext, transport: Transport, url: string,
): Promise<Compared> {
  const send = async (request: WireRequest) => {
    const sent = await sendAndJudge({ operation: op, rules: [], expect }, format, logical, request, transport, ctx.profile);
    const part: Part = { format, findings: sent.findings, exchange: { request, response: sent.response } };
    return { ...sent, part };
  };
  const request = wireRequest(ctx.profile, url, op, format, encodeRequest(format, logical));
  const plain = await send(request);
  if (plain.unsent) return { parts: [], broken: false, unsent: plain.unsent };
  const other = await send(variant.of(request));
  if (other.unsent) return { parts: [], broken: false, unsent: other.unsent };
  if (plain.broken || other.broken) {
    const failure = plain.broken ? `the plain request: ${plain.failure}` : `${variant.label}: ${other.failure}`;
    return { parts: [{ ...other.part, findings: [...other.part.findings, ruleFinding(variant.rule, 'error', { received: `transport: ${failure}` })] }, plain.part], broken: true };
  }
  const honoured = other.response && variant.honoured?.(other.response);
  if (honoured) return { parts: [{ ...other.part, findings: [ruleFinding(variant.rule, 'pass', { note: `${variant.label}: ${honoured}` })] }, plain.part], broken: false };
  const path = ctx.profile.responses?.errorCodePath;
  const [a, b] = [outcome(op, plain.part, path) + answeredIn(op, plain.part), outcome(op, other.part, path) + answeredIn(op, other.part)];
  const broke = other.response && variant.breaks?.(other.response);
  const same = broke
    ? ruleFinding(variant.rule, 'fail', { expected: `the outcome of the plain request: ${a}, and nothing HTTP forbids`, received: `${variant.label}: ${broke}` })
    : ruleFinding(variant.rule, a === b ? 'pass' : 'fail', { expected: `the outcome of the plain request: ${a}`, received: `${variant.label}: ${b}` });
  return { parts: [{ ...other.part, findings: oneCause(other.part.findings, same, plain.part.findings) }, plain.part], broken: false };
}

/**
 * One cause, one rule: what the variant's answer breaks and the plain answer keeps is the
 * variant's doing, blamed on one rule, the others named in its finding. The cause is a rule of
 * HTTP the answer itself breaks (its framing, a content coding its Content-Encoding does not
 * name: the variant's outcome could not be read), else the variant's own rule, failing also when
 * the outcome is the same but the answer breaks a rule of the service the plain one keeps. So a
 * 404 to the absolute form breaks HTTP-ABSOLUTE-FORM alone, not RSP-HTTP-STATUS beside it, nor
 * RSP-FORMAT-FOLLOWS-PATH when it came in JSON on the XML path; the plain request, sent alike,
 * is judged on those. What the plain answer breaks too stands: it is no doing of the variant.
 */
function oneCause(findings: Finding[], own: Finding, plain: Finding[]): Finding[] {
  const plainFails = new Set(plain.filter((f) => f.verdict === 'fail').map((f) => f.rule));
  const extra = findings.filter((f) => f.verdict === 'fail' && !plainFails.has(f.rule));
  const answered = extra.find((f) => f.level === 'MUST' && !isServiceRule(f.rule));
  // A failed SHOULD alone stays a warning of its own rule: folded, it would weigh as the variant's MUST.
  const must = answered !== undefined || own.verdict === 'fail' || extra.some((f) => f.level === 'MUST' && isServiceRule(f.rule));
  const consequences = must ? [...extra.filter((f) => isServiceRule(f.rule)), ...(answered && own.verdict === 'fail' && own.rule !== answered.rule ? [own] : [])] : [];
  if (consequences.length === 0) return [...findings, own];
  const cause = answered ?? (own.verdict === 'fail' ? own : { ...own, verdict: 'fail' as const, expected: `${own.expected}, and an answer breaking no rule the plain answer keeps` });
  const rules = [...new Set(consequences.map((f) => f.rule))].join(', ');
  const blamed = { ...cause, received: `${cause.received ?? ''}; the answer also breaks ${rules}, blamed on ${cause.rule} alone` };
  const kept = findings.filter((f) => f !== cause && !consequences.includes(f));
  return [...kept, ...(answered && !consequences.includes(own) ? [own] : []), blamed];
}

/** An answer of the service (200 or 400) whose body is not in its path's format: a request sent otherwise must not change that either. */
function answeredIn(op: Operation, part: Part): string {
  const res = part.exchange?.response;
  if (!res || (res.status !== 200 && res.status !== 400)) return '';
  const decoded = decodeResponse(part.format, op, res.body);
  return decoded.format === part.format ? '' : `, answered ${decoded.format ? `in ${decoded.format.toUpperCase()}` : 'in no format'}`;
}

/** HTTP-NO-1XX-TO-HTTP10: an HTTP/1.0 client knows no 1xx (RFC 9110 15.2), so none may come before the answer. */
const informationalTo10 = (res: WireResponse): string | undefined =>
  (res.informational?.length ? `${res.informational.length} 1xx answer(s) came before the answer: ${res.informational.map((h) => h.split('\n')[0]).join('; ')}` : undefined);

/** HTTP-ACCEPT-OTHER-FORMAT: a 406 to an Accept naming only the other format honours it (RFC 9110 12.4.1). */
const honoursAccept = (res: WireResponse): string | undefined =>
  (res.status === 406 ? 'HTTP 406 (Not Acceptable): the target honoured Accept, which RFC 9110 12.4.1 lets it' : undefined);

/** BODY-FORMS: the request written in `form` of its format (src/codec/forms.ts) gets the compact form's outcome. */
export const compareForms = (op: Operation, format: Format, logical: unknown, form: string, expect: Expect, ctx: RunContext, transport: Transport, url: string): Promise<Compared> =>
  compareSends(op, format, logical, {
    rule: FORMS_RULE, label: `written ${form} (${describeForm(format, form)})`, of: (plain) => ({ ...plain, body: encodeForm(format, logical, form) }),
  }, expect, ctx, transport, url);

/** The framing's WIRE rule: the request sent in `framing` (src/client/framing.ts) gets the plain request's outcome. */
export const compareFramings = (op: Operation, format: Format, logical: unknown, framing: Framing, expect: Expect, ctx: RunContext, transport: Transport, url: string): Promise<Compared> =>
  compareSends(op, format, logical, {
    rule: FRAMING_RULE[framing], label: `sent ${framing} (${describeFraming(framing)})`, of: (plain) => ({ ...plain, framing }),
    ...(framing === 'accept-other-format' ? { honoured: honoursAccept } : {}),
    ...(framing === 'http10-expect' ? { breaks: informationalTo10 } : {}),
  }, expect, ctx, transport, url);
