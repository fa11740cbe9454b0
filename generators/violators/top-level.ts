import fc from 'fast-check';
import { OPERATIONS } from '../../src/contract/load.ts';
import { fixed, violator, type Violator } from './violator.ts';

const without = (rule: string, field: string): Violator => violator({
  rule,
  operations: OPERATIONS,
  how: fixed,
  apply: (r) => { delete r[field]; },
});

/** A credential the target never issued: the profile's one with an unknown tail (spec 5). */
const unknown = (rule: string, field: 'appkey' | 'sessionID'): Violator => violator({
  rule,
  operations: OPERATIONS,
  how: () => fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'), minLength: 6, maxLength: 16 }),
  apply: (r, tail: string) => { r[field] = `ocs-unknown-${field}-${tail}`; },
});

/** Spec 2.1, 2.6 (required top-level fields) and 5 (authentication). */
export const topLevel: Violator[] = [
  without('TOP-APPKEY-REQUIRED', 'appkey'),
  without('TOP-SESSIONID-REQUIRED', 'sessionID'),
  without('TOP-ORDERID-REQUIRED', 'orderID'),
  unknown('AUTH-APPKEY-VALID', 'appkey'),
  unknown('AUTH-SESSIONID-VALID', 'sessionID'),
];
