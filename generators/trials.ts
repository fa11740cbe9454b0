import type { Format, Operation } from '../src/contract/load.ts';
import { encodeRequest } from '../src/codec/index.ts';
import { wireRequest, type Transport } from '../src/client/transport.ts';
import { outcome } from '../src/checks/outcome.ts';
import { ruleFinding } from '../src/checks/response.ts';
import type { RunContext } from '../src/runner/context.ts';
import type { Part } from '../src/checks/part.ts';
import { sendAndJudge } from '../src/runner/send.ts';
import type { Expect } from '../src/scenario/load.ts';
import type { Request } from './receiver.ts';
import type { Trial } from './trial.ts';
import { compareForms, compareFramings, FORMS_RULE } from '../src/runner/compare.ts';
import { FRAMING_RULE, type Framing } from '../src/client/framing.ts';

/**
 * A running target and what it takes to talk to it. Whoever runs the properties supplies it
 * (Playwright's runner, the mutation run), so nothing here reads the process's own target.
 */
export interface Target {
  url: string;
  transport: Transport;
  ctx: RunContext;
  /** The faithful reference beside the run, the oracle of rewritten requests (src/runner/oracle.ts), where the runner gives one. */
  oracle?: string;
}

/**
 * A generated request with what the target must do with it, and the rules that judge it;
 * `form`: the form of its format it is also written in (the forms property); `framing`: the
 * framing it is also sent in (the framings property).
 */
export interface Sent { request: Request; rules: string[]; expect: Expect; form?: string; framing?: Framing }

/** One exchange, judged; `unsent` says why it was not sent (safety.maxAccepted is used up). */
async function exchange(t: Target, op: Operation, format: Format, s: Sent): Promise<Part & { broken: boolean; unsent?: string }> {
  const wire = wireRequest(t.ctx.profile, t.url, op, format, encodeRequest(format, s.request));
  const sent = await sendAndJudge({ operation: op, rules: s.rules, expect: s.expect }, format, s.request, wire, t.transport, t.ctx.profile);
  return { format, findings: sent.findings, exchange: { request: wire, response: sent.response }, broken: sent.broken, unsent: sent.unsent };
}

/** One request in one format, judged as a scenario case is. */
export const single = (op: Operation, format: Format) => (t: Target) => async (s: Sent): Promise<Trial> => {
  const part = await exchange(t, op, format, s);
  if (part.unsent) return { parts: [], unsent: part.unsent };
  return { parts: [part], broken: part.broken, own: s.rules };
};

/** DESIGN principle 4: the XML path answers a logical request as the JSON path does. */
export const parity = (op: Operation) => (t: Target) => async (s: Sent): Promise<Trial> => {
  const json = await exchange(t, op, 'json', s);
  if (json.unsent) return { parts: [], unsent: json.unsent };
  const xml = await exchange(t, op, 'xml', s);
  if (xml.unsent) return { parts: [], unsent: xml.unsent };
  if (json.broken || xml.broken) return { parts: [json, xml], broken: true };
  const path = t.ctx.profile.responses?.errorCodePath;
  const [a, b] = [outcome(op, json, path), outcome(op, xml, path)];
  const same = ruleFinding(s.rules[0]!, a === b ? 'pass' : 'fail', { expected: `the outcome of the JSON path: ${a}`, received: `on the XML path: ${b}` });
  return { parts: [json, { ...xml, findings: [...xml.findings, same] }], own: s.rules };
};

/** BODY-FORMS: the request written in its form gets the compact form's outcome (src/runner/compare.ts). */
export const forms = (op: Operation, format: Format) => (t: Target) => async (s: Sent): Promise<Trial> => {
  if (!s.form) throw new Error('the forms property drew a request without a form');
  const compared = await compareForms(op, format, s.request, s.form, s.expect, t.ctx, t.transport, t.url);
  if (compared.unsent) return { parts: [], unsent: compared.unsent };
  return { parts: compared.parts, broken: compared.broken, own: [FORMS_RULE] };
};

/** The framing's WIRE rule: the request sent in its framing gets the plain request's outcome (src/runner/compare.ts). */
export const framings = (op: Operation, format: Format) => (t: Target) => async (s: Sent): Promise<Trial> => {
  if (!s.framing) throw new Error('the framings property drew a request without a framing');
  const compared = await compareFramings(op, format, s.request, s.framing, s.expect, t.ctx, t.transport, t.url);
  if (compared.unsent) return { parts: [], unsent: compared.unsent };
  return { parts: compared.parts, broken: compared.broken, own: [FRAMING_RULE[s.framing]] };
};
