/**
 * Every maximum at once (issue 32, method 4): a generated valid request with two or more of its
 * limits met together, each at its limit as contract/schemas gives it (maxLength, maxItems, the
 * digits of a pattern), never one at a time. The places are found by walking the request along
 * its schema (src/contract/string-fields.ts), so a field the contract gains is drawn too.
 */
import fc from 'fast-check';
import { FORMATS, type Operation } from '../src/contract/load.ts';
import { requestFields, textKind, type RequestField } from '../src/contract/string-fields.ts';
import { COORDINATES } from './broken-conditions.ts';
import { fixturesOf, legalAddresses, type Fixtures, type GenContext } from './fixtures.ts';
import { validRequest, type Request } from './index.ts';
import { AT_LIMIT_UNITS } from './free-text.ts';
import { digitsOf, personName } from './text.ts';
import type { PropertyDef } from './definition.ts';
import { single, type Sent } from './trials.ts';

/** A limit a request meets: a text or digits at their most characters, or a list at its most elements. */
interface Limit { field: RequestField; kind: 'text' | 'digits' | 'list'; max: number }

/** Where a limit sits in one request: the path with its array indexes. */
interface Place { at: (string | number)[]; limit: Limit }

/** The most digits a pattern's quantifiers allow (`^[0-9]{1,15}$`: 15). */
const digitsIn = (pattern: string): number => Math.max(...[...pattern.matchAll(/\{(?:\d+,)?(\d+)\}/g)].map((m) => Number(m[1])));

const limitsCache = new Map<Operation, Map<string, Limit>>();

/** Every limit of the operation's request, by field path. */
function limitsOf(op: Operation): Map<string, Limit> {
  let limits = limitsCache.get(op);
  if (!limits) {
    limits = new Map();
    for (const field of requestFields(op)) {
      const kind = field.type === 'array' ? 'list' : textKind(op, field) === 'limited' ? 'text' : textKind(op, field) === 'digits' ? 'digits' : undefined;
      const max = kind === 'list' ? field.maxItems : kind === 'text' ? field.maxLength : kind === 'digits' ? digitsIn(field.pattern!) : undefined;
      if (kind && max !== undefined) limits.set(field.path, { field, kind, max });
    }
    limitsCache.set(op, limits);
  }
  return limits;
}

/**
 * The places of `limits` in a request, found by walking it: a field path leaves array indexes out,
 * so an element has its list's path and is no place of its own.
 */
function placesIn(v: unknown, limits: Map<string, Limit>, at: (string | number)[] = [], path = '', element = false): Place[] {
  const limit = path && !element ? limits.get(path) : undefined;
  const here = limit ? [{ at, limit }] : [];
  if (Array.isArray(v)) return [...here, ...v.flatMap((el, i) => placesIn(el, limits, [...at, i], path, true))];
  if (v === null || typeof v !== 'object') return here;
  return [...here, ...Object.entries(v).flatMap(([k, child]) => placesIn(child, limits, [...at, k], path ? `${path}.${k}` : k))];
}

const get = (root: unknown, at: (string | number)[]): unknown => at.reduce<unknown>((cur, k) => (cur as Record<string | number, unknown>)[k], root);
function set(root: unknown, at: (string | number)[], value: unknown): void {
  (get(root, at.slice(0, -1)) as Record<string | number, unknown>)[at.at(-1)!] = value;
}

/** `units` in turn up to `n` code points (each unit is one). */
const cycled = (units: string[], n: number): string => Array.from({ length: Math.max(0, n) }, (_, i) => units[i % units.length]).join('');

/** The profile's search a drawn search holds (the longest, so a place inside another is not taken for it). */
const baseOf = (value: string, f: Fixtures): string | undefined =>
  [...(f.pickup?.inRegion?.search ?? []), ...legalAddresses(f).flatMap((a) => (a.search ? [a.search] : []))]
    .filter((s) => value.includes(s)).sort((a, b) => b.length - a.length)[0];

/** A text at its limit: a search keeps the profile's (or is the profile's long one), an e-mail its domain. */
function textAtLimit(limit: Limit, current: string, units: string[], f: Fixtures): string | undefined {
  const name = limit.field.path.split('.').at(-1);
  if (name === 'search') {
    // Coordinates are never varied (A-SEARCH-FORMS); a search the profile does not give is left alone.
    const base = COORDINATES.test(current) ? undefined : baseOf(current, f);
    if (!base) return undefined;
    return f.pickup?.longSearch ?? `${base}, ${cycled(units, limit.max - [...base].length - 2)}`;
  }
  if (name === 'email') return `${cycled(units, limit.max - 12)}@example.com`;
  return cycled(units, limit.max);
}

/** A list at its limit: the profile's other IDs after those drawn, or new elements after those drawn. */
function listAtLimit(limit: Limit, current: unknown[], f: Fixtures, element: fc.Arbitrary<Record<string, string>>): fc.Arbitrary<unknown[]> {
  const missing = limit.max - current.length;
  if (missing <= 0) return fc.constant(current);
  if (typeof current[0] === 'number') {
    const book = (f.addressBook as Record<string, number[] | undefined> | undefined)?.[limit.field.path.split('.').at(-1)!] ?? [];
    return fc.constant([...current, ...book.filter((id) => !current.includes(id))].slice(0, limit.max));
  }
  return fc.array(element, { minLength: missing, maxLength: missing }).map((more) => [...structuredClone(current), ...more]);
}

/** A new element of an object list: each of its string fields at its limit, or a name. */
function elementOf(op: Operation, list: string): fc.Arbitrary<Record<string, string>> {
  const fields = requestFields(op).filter((f) => f.type === 'string' && f.path.startsWith(`${list}.`));
  const limits = limitsOf(op);
  return fc.record(Object.fromEntries(fields.map((field) => {
    const digits = limits.get(field.path);
    return [field.path.slice(list.length + 1), digits?.kind === 'digits' ? digitsOf(digits.max) : personName];
  })), { noNullPrototype: true }) as fc.Arbitrary<Record<string, string>>;
}

/** The value at a place with its limit met; undefined where none is (a coordinates search). */
function atLimit(op: Operation, place: Place, request: Request, units: string[], f: Fixtures): fc.Arbitrary<unknown> | undefined {
  const current = get(request, place.at);
  const { limit } = place;
  if (limit.kind === 'list') return listAtLimit(limit, current as unknown[], f, elementOf(op, limit.field.path));
  if (limit.kind === 'digits') {
    const plus = String(current).startsWith('+');
    return digitsOf(plus ? limit.max - 1 : limit.max).map((d) => (plus ? `+${d}` : d));
  }
  const text = textAtLimit(limit, String(current), units, f);
  return text === undefined ? undefined : fc.constant(text);
}

/**
 * Spec 8: a valid request of `op` with two or more of its limits met at once (lists, texts,
 * digits), texts filled with the characters a server may count otherwise (contract/edges/text.yaml
 * `at`). A list is met before the texts inside it, which keep their places as it grows.
 */
export function maximaRequest(op: Operation, g: GenContext): fc.Arbitrary<Request> {
  const f = fixturesOf(g.profile);
  return fc.tuple(validRequest(op, g), fc.shuffledSubarray([...AT_LIMIT_UNITS], { minLength: 1 })).chain(([request, units]) => {
    // Lists first; a coordinates search, which never varies, is no place to meet a limit.
    const places = placesIn(request, limitsOf(op)).sort((a, b) => Number(b.limit.kind === 'list') - Number(a.limit.kind === 'list'))
      .flatMap((place) => {
        const value = atLimit(op, place, request, units, f);
        return value ? [{ place, value }] : [];
      });
    return fc.subarray(places, { minLength: Math.min(2, places.length) }).chain((chosen) =>
      fc.tuple(...chosen.map((c) => c.value)).map((vs) => {
        const out: Request = structuredClone(request);
        chosen.forEach((c, i) => set(out, c.place.at, structuredClone(vs[i])));
        return out;
      }));
  });
}

/** The rule a request with several limits at once is judged on. */
export const MAXIMA_RULE = 'LIM-EVERY-MAXIMUM';

/** Per format: generated requests with two or more limits met at once are accepted (generators/suite.ts lists them). */
export const maximaProperties = (op: Operation): PropertyDef<Sent>[] => FORMATS.map((format) => ({
  title: `${MAXIMA_RULE} [${format}] property: ${op} requests with two or more limits met at once are accepted`,
  operation: op, rules: [MAXIMA_RULE], format, source: 'generators/maxima.ts maximaRequest',
  arbitrary: (g) => maximaRequest(op, g).map((request): Sent => ({ request, rules: [MAXIMA_RULE], expect: 'accepted' })),
  trial: single(op, format),
}));
