import fc from 'fast-check';
import type { Format, Operation } from '../../src/contract/load.ts';
import type { GenContext } from '../fixtures.ts';
import { validRequest } from '../index.ts';
import type { Request } from '../receiver.ts';
import { contactRules } from './contacts.ts';
import { counteragentRules } from './counteragent.ts';
import { memberRules } from './member.ts';
import { pickupAddressRules } from './pickup-address.ts';
import { pickupRules } from './pickup.ts';
import { receiver } from './receiver.ts';
import { topLevel } from './top-level.ts';
import type { Violator } from './violator.ts';

/** Every violator, one per request-side rule of contract/rules.yaml that a request can break. */
export const ALL_VIOLATORS: readonly Violator[] = [...topLevel, ...receiver, ...memberRules, ...contactRules, ...counteragentRules, ...pickupRules, ...pickupAddressRules];

/** The same violators, keyed by the rule each breaks (a test checks no rule has two). */
export const VIOLATORS: ReadonlyMap<string, Violator> = new Map(ALL_VIOLATORS.map((v) => [v.rule, v]));

/**
 * Requests that break `v`'s rule and nothing else in each of `formats`: a valid request of
 * `op`, copied, then broken by the violator. Both parts shrink, so a failure ends on a
 * small request.
 */
export function violation(op: Operation, v: Violator, ctx: GenContext, formats: readonly Format[]): fc.Arbitrary<Request> {
  return fc.tuple(validRequest(op, ctx), v.how(ctx, op, formats)).map(([valid, how]) => {
    const request = copied(valid);
    v.apply(request, copied(how), op);
    return request;
  });
}

/**
 * A copy of a generated value (plain objects, arrays and primitives), so a violator's changes
 * never reach a value fast-check keeps for shrinking. structuredClone did the same at eight
 * times the cost, twice per violation a deep run draws.
 */
function copied<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copied) as T;
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) out[key] = copied((value as Record<string, unknown>)[key]);
  return out as T;
}
