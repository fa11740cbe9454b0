/**
 * Which properties exist (DESIGN principle 5), for any runner: per operation and format,
 * generated valid requests are accepted; per request-side rule, operation and format, that
 * rule's violations are rejected; per operation, a logical request gets the same outcome as
 * JSON and as XML; per operation and format, the same in every form of the format
 * (src/codec/forms.ts) and in every HTTP framing (src/client/framing.ts) as plainly; and
 * sequences and bursts of both operations and formats get the answers their requests get alone
 * (generators/company.ts); and valid requests rewritten as lax readers read them get the
 * reference's outcome (generators/rewrites/). suites/conformance.spec.ts makes each a step of its endpoint's test;
 * the mutation run (scripts/mutation/sources.ts) judges every reference with them.
 */
import fc from 'fast-check';
import { FORMATS, OPERATIONS, type Operation } from '../src/contract/load.ts';
import { SUCCESS_RULE } from '../src/checks/judge.ts';
import { FORMS } from '../src/codec/forms.ts';
import { FRAMINGS, FRAMING_RULE } from '../src/client/framing.ts';
import { FORMS_RULE } from '../src/runner/compare.ts';
import { IDENTITY_RULES, OVERLAP_RULE, SEQUENCE_RULE } from '../src/runner/sequence.ts';
import { validRequest } from './index.ts';
import { ALL_VIOLATORS, violation } from './violators/index.ts';
import { accepted, mixedRequests } from './mixed.ts';
import { bursts, inSequence, sequences, together } from './company.ts';
import { maximaProperties } from './maxima.ts';
import { relationProperties } from './relations.ts';
import { laxProperties } from './rewrites/property.ts';
import { forms, framings, parity, single, type Sent } from './trials.ts';
import type { PropertyDef } from './definition.ts';

export { checkProperty } from './check.ts';
export type { PropertyDef, PropertyOutcome } from './definition.ts';
export type { Sent } from './trials.ts';

/** The WIRE rules a framing is judged on, each once. */
const WIRE_RULES = [...new Set(Object.values(FRAMING_RULE))];

function propertiesOf(op: Operation): PropertyDef<any>[] {
  const success = [SUCCESS_RULE[op]];
  const valid = FORMATS.map((format): PropertyDef<Sent> => ({
    title: `${SUCCESS_RULE[op]} [${format}] property: generated valid ${op} requests are accepted`,
    operation: op, rules: success, format, source: 'generators/index.ts validRequest',
    arbitrary: (g) => validRequest(op, g).map(accepted(op)),
    trial: single(op, format),
  }));
  const violations = ALL_VIOLATORS.filter((v) => v.operations.includes(op)).flatMap((v) => v.formats.map((format): PropertyDef<Sent> => {
    const rules = [v.rule];
    return {
      title: `${v.rule} [${format}] property: ${op} violations are rejected`,
      operation: op, rules, format, source: `generators/violators (${v.rule})${v.why ? `; ${format} only: ${v.why}` : ''}`,
      arbitrary: (g) => violation(op, v, g, [format]).map((request) => ({ request, rules, expect: 'rejected' })),
      trial: single(op, format),
    };
  }));
  const same: PropertyDef<Sent> = {
    title: `${SUCCESS_RULE[op]} [xml] property: a ${op} request gets the same outcome as JSON and as XML`,
    operation: op, rules: success, format: 'xml', source: 'parity', several: true,
    arbitrary: (g) => mixedRequests(op, g),
    trial: parity(op),
  };
  const written = FORMATS.map((format): PropertyDef<Sent> => ({
    title: `${FORMS_RULE} [${format}] property: a ${op} request gets the compact form's outcome in every ${format.toUpperCase()} form`,
    operation: op, rules: [FORMS_RULE], format, source: 'src/codec/forms.ts', several: true,
    arbitrary: (g) => fc.tuple(mixedRequests(op, g), fc.constantFrom(...FORMS[format])).map(([s, form]): Sent => ({ ...s, form })),
    trial: forms(op, format),
  }));
  const framed = FORMATS.map((format): PropertyDef<Sent> => ({
    title: `${WIRE_RULES[0]} [${format}] property: a ${op} request gets the plain request's outcome in every HTTP framing`,
    operation: op, rules: WIRE_RULES, format, source: 'src/client/framing.ts', several: true,
    arbitrary: (g) => fc.tuple(mixedRequests(op, g), fc.constantFrom(...FRAMINGS)).map(([s, framing]): Sent => ({ ...s, framing })),
    trial: framings(op, format),
  }));
  return [...valid, ...violations, same, ...written, ...framed, ...maximaProperties(op), ...relationProperties(op), ...laxProperties(op)];
}

/**
 * The sequence and burst properties draw both operations and both formats, so each sits in one
 * endpoint's test: a sequence property in the JSON receiver and the XML pickup tests, a burst
 * property in the other two, so every endpoint test holds one.
 */
const company: PropertyDef<any>[] = [
  ...(['change_receiver', 'change_pickup'] as const).map((op, i) => ({
    title: `${SEQUENCE_RULE} [${FORMATS[i]!}] property: sequences of both operations and formats get the answers their requests get alone`,
    operation: op, rules: [SEQUENCE_RULE, 'RSP-GENERATED-AT-MOVES', ...IDENTITY_RULES], format: FORMATS[i]!, source: 'generators/company.ts sequences (fc.commands)',
    arbitrary: sequences, trial: inSequence, several: true as const,
  })),
  ...(['change_receiver', 'change_pickup'] as const).map((op, i) => ({
    title: `${OVERLAP_RULE} [${FORMATS[1 - i]!}] property: bursts of both operations and formats get the answers their requests get alone`,
    operation: op, rules: [OVERLAP_RULE, ...IDENTITY_RULES], format: FORMATS[1 - i]!, source: 'generators/company.ts bursts',
    arbitrary: bursts, trial: together, weight: (burst: unknown[]) => burst.length, several: true as const,
  })),
];

/** Every property, per operation in the order the suite lists them. */
export const PROPERTIES: readonly PropertyDef<any>[] = [...OPERATIONS.flatMap(propertiesOf), ...company];


