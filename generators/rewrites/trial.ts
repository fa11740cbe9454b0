/**
 * One rewritten request judged (issue 41): written from a valid request's tree with the draws
 * applied, sent to the target, and the same rewrite of the same request in the reference's world
 * sent to the oracle (src/runner/oracle.ts); src/checks/lax.ts judges the two answers. The
 * target's answer is also held to the response rules, as every answer is.
 */
import type { Format, Operation } from '../../src/contract/load.ts';
import { TransportError, wireRequest, type WireResponse } from '../../src/client/transport.ts';
import { errorFindings } from '../../src/checks/judge.ts';
import { ruleFinding } from '../../src/checks/response.ts';
import { describeRewrite, judgeLax, oracleSays } from '../../src/checks/lax.ts';
import { laxRules } from '../../src/contract/lax-readers.ts';
import { inOracleWorld, oracleRequest, oracleUrl } from '../../src/runner/oracle.ts';
import { sendAndJudge } from '../../src/runner/send.ts';
import type { Request } from '../receiver.ts';
import type { Trial } from '../trial.ts';
import type { Target } from '../trials.ts';
import { applyDraws, type Draw } from './draw.ts';
import { fromLogical, type Node } from './tree.ts';
import { writeTree } from './write.ts';

/** A valid request and the rewrites drawn for it. */
export interface LaxValue { request: Request; draws: Draw[] }

/** The rewrites of the target's request and of the oracle's are the same operators at the same places, or the two cannot be compared. */
const sameRewrites = (a: { applied: { operator: { id: string }; at: string }[] }, b: typeof a): boolean =>
  a.applied.length === b.applied.length && a.applied.every((r, i) => r.operator.id === b.applied[i]!.operator.id && r.at === b.applied[i]!.at);

export async function laxTrial(t: Target, op: Operation, format: Format, value: LaxValue): Promise<Trial> {
  const oracle = oracleUrl(t.oracle);
  if (!oracle) return { parts: [], unsent: 'no reference runs beside the run to judge rewritten requests by (OCS_ORACLE_URL)' };
  const ours = applyDraws(fromLogical(value.request), value.draws, format);
  if (ours.applied.length === 0) return { parts: [] };
  const theirs = applyDraws(fromLogical(inOracleWorld(t.ctx.profile, value.request)), value.draws, format);
  // A value of the target's world the reference's spells otherwise (a letter for a digit) can change which operators apply: nothing to compare.
  if (!sameRewrites(ours, theirs)) return { parts: [] };
  const rules = laxRules();
  const request = wireRequest(t.ctx.profile, t.url, op, format, writeTree(format, ours.tree));
  const sent = await sendAndJudge({ operation: op, rules: [], expect: 'record' }, format, undefined, request, t.transport, t.ctx.profile);
  if (sent.unsent) return { parts: [], unsent: sent.unsent };
  const exchange = { request, response: sent.response };
  if (sent.broken || !sent.response) return { parts: [{ format, findings: [...sent.findings, ...errorFindings(rules.slice(0, 1), `transport: ${sent.failure}`)], exchange }], broken: true, own: rules };
  let answer: WireResponse;
  let plain: WireResponse | undefined;
  const ask = (tree: Node): Promise<WireResponse> => t.transport.send(oracleRequest(oracle, op, format, writeTree(format, tree)));
  try {
    answer = await ask(theirs.tree);
    // A disagreement is the rewrite's only where the reference takes the request before it: otherwise the two worlds differ.
    if (answer.status !== sent.response.status) plain = await ask(fromLogical(inOracleWorld(t.ctx.profile, value.request)));
  } catch (err) {
    if (!(err instanceof TransportError)) throw err;
    return { parts: [{ format, findings: errorFindings(rules.slice(0, 1), `the reference beside the run did not answer: ${err.message}`), exchange }], broken: true, own: rules };
  }
  const original = writeTree(format, fromLogical(value.request));
  const evidence = `Rewritten: ${ours.applied.map(describeRewrite).join('; ')}. Original request: ${original}`;
  if (plain && plain.status !== 200) {
    const skipped = ruleFinding(rules[0]!, 'skip', { note: `not judged: the reference refuses the request before it is rewritten (${oracleSays(op, format, plain)}), so its world is not the target's here. ${evidence}` });
    return { parts: [{ format, findings: [...sent.findings, skipped], exchange }], own: rules };
  }
  const findings = judgeLax(ours.applied, sent.response, answer, oracleSays(op, format, answer), evidence);
  return { parts: [{ format, findings: [...sent.findings, ...findings], exchange }], own: rules };
}
