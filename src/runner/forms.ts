import type { Format, Operation } from '../contract/load.ts';
import { encodeRequest } from '../codec/index.ts';
import { describeForm, encodeForm } from '../codec/forms.ts';
import { wireRequest, type Transport } from '../client/transport.ts';
import { outcome } from '../checks/outcome.ts';
import { ruleFinding } from '../checks/response.ts';
import type { RunContext } from '../profile/context.ts';
import type { Expect } from '../scenario/load.ts';
import type { Part } from '../checks/part.ts';
import { sendAndJudge } from './send.ts';

/** Spec introduction, "Both operations accept JSON or XML": any well-formed JSON or XML of a request is that request. */
export const FORMS_RULE = 'BODY-FORMS';

export interface Compared { parts: Part[]; broken: boolean; unsent?: string }

/**
 * One logical request sent on the path of `format` in the compact form and in `form` of that
 * format (src/codec/forms.ts); FORMS_RULE
 * holds when both get the same outcome (accepted, or rejected with the same documented
 * numbers). Each response is held to the response rules, and an accepted one to the
 * foundAddresses rules (the entered value is the decoded text, whatever its form); whether
 * the outcome is right is the request's own rules' to judge, in their own cases. The form's
 * part comes first, so its request is the one a report quotes. `expect` is what the compact
 * form is expected to get: a request the target may accept takes its share of the budget.
 */
export async function compareForms(
  op: Operation, format: Format, logical: unknown, form: string, expect: Expect, ctx: RunContext, transport: Transport, url: string,
): Promise<Compared> {
  const send = async (text: string) => {
    const request = wireRequest(ctx.profile, url, op, format, text);
    const sent = await sendAndJudge({ operation: op, rules: [], expect }, format, logical, request, transport, ctx.profile);
    const part: Part = { format, findings: sent.findings, exchange: { request, response: sent.response } };
    return { ...sent, part };
  };
  const compact = await send(encodeRequest(format, logical));
  if (compact.unsent) return { parts: [], broken: false, unsent: compact.unsent };
  const other = await send(encodeForm(format, logical, form));
  if (other.unsent) return { parts: [], broken: false, unsent: other.unsent };
  const written = `written ${form} (${describeForm(format, form)})`;
  if (compact.broken || other.broken) {
    const failure = compact.broken ? `the compact form: ${compact.failure}` : `${written}: ${other.failure}`;
    return { parts: [{ ...other.part, findings: [...other.part.findings, ruleFinding(FORMS_RULE, 'error', { received: `transport: ${failure}` })] }, compact.part], broken: true };
  }
  const [a, b] = [outcome(op, compact.part, ctx), outcome(op, other.part, ctx)];
  const same = ruleFinding(FORMS_RULE, a === b ? 'pass' : 'fail', { expected: `the outcome of the compact form: ${a}`, received: `${written}: ${b}` });
  return { parts: [{ ...other.part, findings: [...other.part.findings, same] }, compact.part], broken: false };
}
