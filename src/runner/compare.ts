import type { Format, Operation } from '../contract/load.ts';
import { encodeRequest } from '../codec/index.ts';
import { describeForm, encodeForm } from '../codec/forms.ts';
import { wireRequest, type Transport, type WireRequest } from '../client/transport.ts';
import { describeFraming, FRAMING_RULE, type Framing } from '../client/framing.ts';
import { outcome } from '../checks/outcome.ts';
import { ruleFinding } from '../checks/response.ts';
import type { Part } from '../checks/part.ts';
import type { RunContext } from './context.ts';
import type { Expect } from '../scenario/types.ts';
import { sendAndJudge } from './send.ts';

/** Spec introduction, "Both operations accept JSON or XML": any well-formed JSON or XML of a request is that request. */
export const FORMS_RULE = 'BODY-FORMS';

export interface Compared { parts: Part[]; broken: boolean; unsent?: string }

/** The request sent otherwise: the rule that holds it to the plain request's outcome, how it is named, how it is made. */
interface Variant { rule: string; label: string; of: (plain: WireRequest) => WireRequest }

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
  const path = ctx.profile.responses?.errorCodePath;
  const [a, b] = [outcome(op, plain.part, path), outcome(op, other.part, path)];
  const same = ruleFinding(variant.rule, a === b ? 'pass' : 'fail', { expected: `the outcome of the plain request: ${a}`, received: `${variant.label}: ${b}` });
  return { parts: [{ ...other.part, findings: [...other.part.findings, same] }, plain.part], broken: false };
}

/** BODY-FORMS: the request written in `form` of its format (src/codec/forms.ts) gets the compact form's outcome. */
export const compareForms = (op: Operation, format: Format, logical: unknown, form: string, expect: Expect, ctx: RunContext, transport: Transport, url: string): Promise<Compared> =>
  compareSends(op, format, logical, {
    rule: FORMS_RULE, label: `written ${form} (${describeForm(format, form)})`, of: (plain) => ({ ...plain, body: encodeForm(format, logical, form) }),
  }, expect, ctx, transport, url);

/** The framing's WIRE rule: the request sent in `framing` (src/client/framing.ts) gets the plain request's outcome. */
export const compareFramings = (op: Operation, format: Format, logical: unknown, framing: Framing, expect: Expect, ctx: RunContext, transport: Transport, url: string): Promise<Compared> =>
  compareSends(op, format, logical, {
    rule: FRAMING_RULE[framing], label: `sent ${framing} (${describeFraming(framing)})`, of: (plain) => ({ ...plain, framing }),
  }, expect, ctx, transport, url);
