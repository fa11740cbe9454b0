/**
 * The metamorphic relations of contract/relations.yaml drawn by property (issue 42): a generated
 * request, a relation that applies to it, and for a search a free-text remark
 * (contract/edges/free-text.yaml); src/runner/relations.ts sends the requests the relation makes
 * of it and holds each answer to the first's. A request twice is drawn from everything a target
 * could confuse (valid requests, documented errors, violations: mixedRequests); the others from
 * valid requests, since a relation that moves a value could mend or move a violation.
 */
import fc from 'fast-check';
import { FORMATS, type Operation } from '../src/contract/load.ts';
import { relationById } from '../src/contract/relations.ts';
import { searchesSent } from '../src/checks/found-addresses.ts';
import { relate, RELATION_KINDS, type RelationKind } from '../src/runner/relations.ts';
import { validRequest, type GenContext, type Request } from './index.ts';
import { COORDINATES } from './broken-conditions.ts';
import { freeTextEntry } from './free-text.ts';
import { accepted, mixedRequests } from './mixed.ts';
import type { PropertyDef } from './definition.ts';
import type { Sent } from './trials.ts';

/** One run: the first request with what it must get, the relation sent of it, a remark to place. */
export interface Drawn { sent: Sent; kind: RelationKind; remark: string }

/** The relations that need a search: one is sent back, the other places a remark among its elements. */
const SEARCHED: Record<RelationKind, 'any' | 'text' | undefined> = { 'result-as-search': 'any', 'remark-places': 'text', repeat: undefined, 'same-value': undefined };

/** The relations a valid request can be sent in: those needing a search only where it has one. */
function kindsFor(op: Operation, request: Request): RelationKind[] {
  const searches = searchesSent(op, request);
  return RELATION_KINDS.filter((k) => k !== 'repeat' && (SEARCHED[k] === undefined || searches.some((s) => SEARCHED[k] === 'any' || !COORDINATES.test(s.source))));
}

export function relationDraw(op: Operation, g: GenContext): fc.Arbitrary<Drawn> {
  const onValid = validRequest(op, g).chain((request) => fc.constantFrom(...kindsFor(op, request)).map((kind) => ({ sent: accepted(op)(request), kind })));
  const twice = mixedRequests(op, g).map((sent) => ({ sent, kind: 'repeat' as const }));
  return fc.tuple(fc.oneof({ arbitrary: onValid, weight: 3 }, { arbitrary: twice, weight: 1 }), freeTextEntry('search'))
    .map(([d, remark]) => ({ ...d, remark }));
}

/** Every relation's rule, each once. */
const RULES = [...new Set(RELATION_KINDS.map((k) => relationById(k).rule))];

/** Per format: generated requests keep every relation of contract/relations.yaml sent here (generators/suite.ts lists them). */
export const relationProperties = (op: Operation): PropertyDef<Drawn>[] => FORMATS.map((format) => ({
  title: `${RULES[0]!} [${format}] property: ${op} requests and the requests each relation makes of them get the answers the relation demands`,
  operation: op, rules: RULES, format, source: 'generators/relations.ts relationDraw (contract/relations.yaml)', several: true,
  arbitrary: (g) => relationDraw(op, g),
  trial: (t) => async (d) => {
    const c = await relate(d.kind, { op, format, logical: d.sent.request as Record<string, unknown>, expect: d.sent.expect, rules: d.sent.rules, remark: d.remark }, { ctx: t.ctx, transport: t.transport, url: t.url });
    if (c.unsent) return { parts: [], unsent: c.unsent };
    return { parts: c.parts, broken: c.broken, own: [relationById(d.kind).rule, ...d.sent.rules] };
  },
}));
