/**
 * The metamorphic relations of contract/relations.yaml that no other code sends (issue 42): a
 * request, then the requests the relation makes of it (from its answer, or from itself), each
 * answer held to the first's. The relation's rule judges the comparison; every answer is also
 * held to the response rules. Scenario cases send a relation with `relation: <id>`, the
 * properties of generators/relations.ts draw them.
 */
import type { Format, Operation } from '../contract/load.ts';
import { relationById } from '../contract/relations.ts';
import { fitting } from '../contract/text-edges.ts';
import { encodeRequest, decodeResponse } from '../codec/index.ts';
import { wireRequest, type Transport } from '../client/transport.ts';
import { outcome } from '../checks/outcome.ts';
import { ruleFinding } from '../checks/response.ts';
import { searchesSent } from '../checks/found-addresses.ts';
import { valueAtPath } from '../checks/error-number.ts';
import type { Part } from '../checks/part.ts';
import type { Expect } from '../scenario/types.ts';
import type { RunContext } from './context.ts';
import type { Compared } from './compare.ts';
import { sendAndJudge } from './send.ts';
import { isCoordinates, placeRemark, REMARK_PLACES, sameValueEverywhere, withSearch } from './relation-requests.ts';
import { NOT_APPLICABLE } from '../scenario/missing.ts';

/** The relations sent here, by their id in contract/relations.yaml. */
export const RELATION_KINDS = ['result-as-search', 'repeat', 'same-value', 'remark-places'] as const;
export type RelationKind = (typeof RELATION_KINDS)[number];

/** The longest search the spec allows (section 8): a longer result cannot be sent back. */
const SEARCH_MAX = 1024;

/** What one relation sends: the first request, what it must get, the rules that judge it alone, and a remark to place. */
export interface Related { op: Operation; format: Format; logical: Record<string, unknown>; expect: Expect; rules: string[]; remark?: string }

/** An answer: its part, its outcome as two sends are compared, and the result of each field searched. */
interface Answered { part: Part; outcome: string; results: Map<string, unknown>; broken: boolean; unsent?: string }

interface Talk { ctx: RunContext; transport: Transport; url: string }

async function send(r: Related, logical: Record<string, unknown>, rules: string[], talk: Talk): Promise<Answered> {
  const request = wireRequest(talk.ctx.profile, talk.url, r.op, r.format, encodeRequest(r.format, logical));
  const sent = await sendAndJudge({ operation: r.op, rules, expect: r.expect }, r.format, logical, request, talk.transport, talk.ctx.profile);
  const part: Part = { format: r.format, findings: sent.findings, exchange: { request, response: sent.response } };
  const results = new Map<string, unknown>();
  if (sent.response?.status === 200) {
    const decoded = decodeResponse(r.format, r.op, sent.response.body);
    const data = decoded.format ? valueAtPath(decoded.value, 'data.foundAddresses') : undefined;
    for (const f of (Array.isArray(data) ? data : data ? [data] : []) as ({ field?: unknown; result?: unknown } | null)[]) {
      if (f !== null && typeof f === 'object' && typeof f.field === 'string') results.set(f.field, f.result);
    }
  }
  return { part, outcome: outcome(r.op, part, talk.ctx.profile.responses?.errorCodePath), results, broken: sent.broken, unsent: sent.unsent };
}

/** The remark a case places (the first free-text entry that fits a search) unless the property drew one. */
const remarkOf = (r: Related): string => r.remark ?? fitting('search')[0]!.text;

/** Sends the relation `kind` of `r`: the first request judged on `r.rules`, the others on the response rules and the relation's rule. */
export async function relate(kind: RelationKind, r: Related, talk: Talk): Promise<Compared> {
  const rule = relationById(kind).rule;
  const first = await send(r, r.logical, r.rules, talk);
  if (first.unsent) return { parts: [], broken: false, unsent: first.unsent };
  if (first.broken) return { parts: [{ ...first.part, findings: [...first.part.findings, ruleFinding(rule, 'error', { received: 'the first request: no answer' })] }], broken: true };
  const others = variantsOf(kind, r, first);
  if (typeof others === 'string') return { parts: [{ ...first.part, findings: [...first.part.findings, ruleFinding(rule, 'skip', { note: others })] }], broken: false };
  const parts: Part[] = [];
  let failed: Part | undefined;
  for (const other of others) {
    const got = await send(r, other.logical, [], talk);
    if (got.unsent) return { parts: [], broken: false, unsent: got.unsent };
    // A variant already judged failing stays the failure; the one left unanswered is an error beside it.
    if (got.broken) return { parts: [...(failed ? [failed] : []), ...parts, { ...got.part, findings: [...got.part.findings, ruleFinding(rule, 'error', { received: `${other.label}: no answer` })] }, first.part], broken: true };
    const problem = other.judge(first, got);
    const finding = ruleFinding(rule, problem ? 'fail' : 'pass', problem ? { expected: `${other.label}: ${problem.expected}`, received: problem.received } : {});
    const part = { ...got.part, findings: [...got.part.findings, finding] };
    if (problem && !failed) failed = part;
    else parts.push(part);
  }
  // The part a report quotes first is the failing one, else the first variant's.
  return { parts: [...(failed ? [failed] : []), ...parts, first.part], broken: false };
}

interface Variant { label: string; logical: Record<string, unknown>; judge: (first: Answered, got: Answered) => { expected: string; received: string } | undefined }

/** Held to the first request's outcome. */
const sameOutcome = (first: Answered, got: Answered): { expected: string; received: string } | undefined =>
  (first.outcome === got.outcome ? undefined : { expected: `the first request's outcome: ${first.outcome}`, received: got.outcome });

/** The requests a relation makes of the first and its answer, or why it makes none. */
function variantsOf(kind: RelationKind, r: Related, first: Answered): Variant[] | string {
  const searches = searchesSent(r.op, r.logical);
  if (kind === 'repeat') {
    return [{ label: 'the same request again', logical: r.logical, judge: (a, b) => sameOutcome(a, b) ?? sameResults(a, b, searches.map((s) => s.field)) }];
  }
  if (kind === 'same-value') {
    const spread = sameValueEverywhere(r.op, r.logical);
    return [{ label: 'with its value in every place that can carry it', logical: spread, judge: (a, b) => sameOutcome(a, b) ?? alike(b, spread, r.op) }];
  }
  if (kind === 'result-as-search') {
    if (first.outcome !== 'accepted') return `${NOT_APPLICABLE}the first request was not accepted (${first.outcome}), so it has no result to send back`;
    const back = searches.flatMap((s) => {
      const result = first.results.get(s.field);
      // Spec 8: a search of 1024 characters at most, a legal address's of 2 at least.
      return typeof result === 'string' && result.trim() !== '' && [...result].length >= 2 && [...result].length <= SEARCH_MAX ? [{ field: s.field, result }] : [];
    });
    if (back.length === 0) return `${NOT_APPLICABLE}the first answer has no result within the search limits (2 to 1024 characters) to send back`;
    return back.map(({ field, result }) => ({
      label: `with ${field}.search the result ${JSON.stringify(result)} of the first answer`,
      logical: withSearch(r.logical, field, result),
      judge: (a, b) => sameOutcome(a, b) ?? (typeof b.results.get(field) === 'string' && b.results.get(field) !== '' ? undefined : { expected: `a result for ${field}`, received: `foundAddresses ${JSON.stringify(Object.fromEntries(b.results))}` }),
    }));
  }
  const text = searches.find((s) => !isCoordinates(s.source));
  if (!text) return `${NOT_APPLICABLE}the request has no text search`;
  const remark = remarkOf(r);
  if ([...text.source].length + [...remark].length + 2 > SEARCH_MAX) return `${NOT_APPLICABLE}its search with the remark would pass 1024 characters`;
  return REMARK_PLACES.map((place) => ({
    label: `with the remark ${JSON.stringify(remark)} ${place} the search's elements`,
    logical: withSearch(r.logical, text.field, placeRemark(text.source, remark, place)),
    judge: sameOutcome,
  }));
}

/** REL-REPEAT: each field searched resolved to the first answer's result again. */
function sameResults(a: Answered, b: Answered, fields: string[]): { expected: string; received: string } | undefined {
  const differ = fields.filter((f) => JSON.stringify(a.results.get(f)) !== JSON.stringify(b.results.get(f)));
  if (differ.length === 0) return undefined;
  return { expected: `the first answer's results: ${differ.map((f) => `${f} ${JSON.stringify(a.results.get(f))}`).join(', ')}`, received: differ.map((f) => `${f} ${JSON.stringify(b.results.get(f))}`).join(', ') };
}

/** REL-SAME-VALUE-PLACES: searches of the same text resolved to the same result. */
function alike(b: Answered, spread: Record<string, unknown>, op: Operation): { expected: string; received: string } | undefined {
  const searches = searchesSent(op, spread);
  const clash = searches.find((s) => searches.some((t) => t.source === s.source && JSON.stringify(b.results.get(t.field)) !== JSON.stringify(b.results.get(s.field))));
  if (!clash) return undefined;
  return { expected: `one result for the search ${JSON.stringify(clash.source)} in each of ${searches.filter((s) => s.source === clash.source).map((s) => s.field).join(', ')}`, received: `foundAddresses ${JSON.stringify(Object.fromEntries(b.results))}` };
}
