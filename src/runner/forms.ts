import type { Operation } from '../contract/load.ts';
import { encodeRequest } from '../codec/index.ts';
import { describeXmlForm, encodeXmlForm, type XmlForm } from '../codec/xml-forms.ts';
import { wireRequest, type Transport } from '../client/transport.ts';
import { outcome } from '../checks/outcome.ts';
import { ruleFinding } from '../checks/response.ts';
import type { RunContext } from '../profile/context.ts';
import type { Expect } from '../scenario/load.ts';
import { sendAndJudge, type Part } from './case.ts';

/** Spec introduction, "Both operations accept JSON or XML": any well-formed XML of a request is that request. */
export const FORMS_RULE = 'BODY-XML-FORMS';

export interface Compared { parts: Part[]; broken: boolean; unsent?: string }

/**
 * One logical request sent on the XML path in the compact form and in `form`; FORMS_RULE
 * holds when both get the same outcome (accepted, or rejected with the same documented
 * numbers). Each response is held to the response rules, and an accepted one to the
 * foundAddresses rules (the entered value is the decoded text, whatever its form); whether
 * the outcome is right is the request's own rules' to judge, in their own cases. The form's
 * part comes first, so its request is the one a report quotes. `expect` is what the compact
 * form is expected to get: a request the target may accept takes its share of the budget.
 */
export async function compareForms(op: Operation, logical: unknown, form: XmlForm, expect: Expect, ctx: RunContext, transport: Transport, url: string): Promise<Compared> {
  const send = async (text: string) => {
    const request = wireRequest(ctx.profile, url, op, 'xml', text);
    const sent = await sendAndJudge({ operation: op, rules: [], expect }, 'xml', logical, request, transport, ctx.profile);
    const part: Part = { format: 'xml', findings: sent.findings, exchange: { request, response: sent.response } };
    return { ...sent, part };
  };
  const compact = await send(encodeRequest('xml', logical));
  if (compact.unsent) return { parts: [], broken: false, unsent: compact.unsent };
  const other = await send(encodeXmlForm(logical, form));
  if (other.unsent) return { parts: [], broken: false, unsent: other.unsent };
  const written = `written ${form} (${describeXmlForm(form)})`;
  if (compact.broken || other.broken) {
    const failure = compact.broken ? `the compact form: ${compact.failure}` : `${written}: ${other.failure}`;
    return { parts: [{ ...other.part, findings: [...other.part.findings, ruleFinding(FORMS_RULE, 'error', { received: `transport: ${failure}` })] }, compact.part], broken: true };
  }
  const [a, b] = [outcome(op, compact.part, ctx), outcome(op, other.part, ctx)];
  const same = ruleFinding(FORMS_RULE, a === b ? 'pass' : 'fail', { expected: `the outcome of the compact form: ${a}`, received: `${written}: ${b}` });
  return { parts: [{ ...other.part, findings: [...other.part.findings, same] }, compact.part], broken: false };
}
