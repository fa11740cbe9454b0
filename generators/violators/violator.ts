import fc from 'fast-check';
import { FORMATS, type Format, type Operation } from '../../src/contract/load.ts';
import type { GenContext } from '../fixtures.ts';
import type { Request } from '../receiver.ts';
import { knownIds, namedLike, namedUnknowns, sameFormPools, type IdKind, type LikeKind } from '../../src/profile/unknowns.ts';

/**
 * Breaks exactly one request-side rule of the catalog in an otherwise valid request
 * (DESIGN principle 5). `how` is what varies from one violation to the next (which member,
 * which bad value, a valid sub-object to put in); it is an arbitrary of its own, so
 * fast-check shrinks it with the request.
 */
export interface Violator<H = unknown> {
  rule: string;
  operations: Operation[];
  /** The formats the violation can be sent in; a violation with one format says `why`. */
  formats: Format[];
  why?: string;
  /** `formats`: the formats the violation will be sent in; a value must break the rule in each. */
  how(ctx: GenContext, op: Operation, formats: readonly Format[]): fc.Arbitrary<H>;
  /** Breaks the rule in `request`, a copy of a valid request the violator may change. */
  apply(request: Request, how: H, op: Operation): void;
}

export function violator<H>(v: Omit<Violator<H>, 'formats'> & { formats?: Format[] }): Violator {
  return { formats: FORMATS, ...v } as Violator;
}

/** A violator that needs nothing but the request: removing a field, for example. */
export const fixed = (): fc.Arbitrary<null> => fc.constant(null);

export type Which = 'receiver' | 'third';

/** Which member of a receiver change a member rule is broken in; `third` falls back to receiver when absent. */
export const whichMember: fc.Arbitrary<Which> = fc.constantFrom<Which>('receiver', 'third');

const isObject = (v: unknown): v is Request => v !== null && typeof v === 'object' && !Array.isArray(v);

export function memberOf(request: Request, which: Which): Request {
  const m = request[which];
  return isObject(m) ? m : (request.receiver as Request);
}

/** Where contacts and phones live: the pickup request itself, or a member of a receiver change. */
export const holderOf = (request: Request, op: Operation, which: Which): Request =>
  op === 'change_pickup' ? request : memberOf(request, which);

/** Sets one side of an "exactly one of" pair and removes the other. */
export function only(holder: Request, keep: string, value: unknown, drop: string): void {
  delete holder[drop];
  holder[keep] = value;
}

const jsonOnly = (formats: readonly Format[]): boolean => !formats.includes('xml');

/**
 * An integer field's non-integer values. Digit text, the string a lenient target reads as
 * the number, exists only in JSON: in XML digit text is the integer itself.
 */
export const notAnInteger = (id: number, formats: readonly Format[]): fc.Arbitrary<unknown> =>
  fc.constantFrom<unknown>('abc', id + 0.5, `${id}x`, 'один', true, ...(jsonOnly(formats) ? [String(id)] : []));

/**
 * A boolean field's non-boolean values. XML Schema's 1 and 0 are left out; the strings
 * "true" and "false" only in JSON, since in XML they are the booleans.
 */
export const notABoolean = (formats: readonly Format[]): fc.Arbitrary<unknown> =>
  fc.constantFrom<unknown>('yes', 'да', 'нет', 2, 'y', ...(jsonOnly(formats) ? ['true', 'false'] : []));

/**
 * An address-book ID the profile does not list: nine digits, as the scenarios' `$unknownId`
 * makes them, so the target does not know it (spec 2.2, 2.6 "from the address book"); one
 * of the profile's own for `kind` where it names them (fixtures.unknown).
 */
export function unknownId(ctx: GenContext, kind: IdKind): fc.Arbitrary<number> {
  const named = namedUnknowns(ctx.profile, kind);
  if (named) return fc.constantFrom(...named);
  const known = knownIds(ctx.profile.fixtures);
  return fc.integer({ min: 900_000_000, max: 999_999_999 }).filter((id) => !known.has(id));
}

/**
 * A value of the same form as `known` that the target does not know, as the scenarios'
 * `$unknownLike` makes it (sameFormPools); one of the profile's own where it names them for
 * the kind (namedLike: a pickup street's only of `known`'s region, since the region rule
 * refuses any other).
 */
export function unknownLike(ctx: GenContext, kind: LikeKind, known: string): fc.Arbitrary<string> {
  const named = namedLike(ctx.profile, kind, known);
  if (named) return fc.constantFrom(...named);
  return fc.tuple(...sameFormPools(known).map((pool) => fc.constantFrom(...pool))).map((cs) => cs.join('')).filter((s) => s !== known);
}
