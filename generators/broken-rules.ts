import type { ErrorObject } from 'ajv';
import { validator, violations } from '../src/contract/ajv.ts';
import type { Operation } from '../src/contract/load.ts';
import { requestSchemaId } from '../src/codec/index.ts';
import type { LoadedProfile } from '../src/profile/load.ts';
import { conditionalRules } from './broken-conditions.ts';
import { clockOf } from '../src/time/clock.ts';

/**
 * Which request-side rules of the catalog a request breaks: the request schema's errors,
 * each mapped to its rule, plus the rules the schema cannot express (broken-conditions.ts).
 * Besides rule IDs the set may hold labels for what no rule covers but a valid request must
 * avoid: `DOUBTFUL: …` (DESIGN principle 3), `FIXTURE: …` (a target value not from the
 * profile, principle 7) and `SCHEMA: …` (a schema error no rule claims). The generators'
 * tests hold valid requests to the empty set and each violation to exactly its rule.
 */
export function brokenRules(op: Operation, request: unknown, profile: LoadedProfile, now = clockOf(profile).now()): Set<string> {
  const validate = validator(requestSchemaId(op));
  validate(request);
  const out = new Set<string>();
  const errors = validate.errors ?? [];
  const values = violations(errors, request).map((v) => v.value);
  errors.forEach((e, i) => { for (const r of schemaRules(op, e, values[i])) out.add(r); });
  for (const r of conditionalRules(op, request, profile, now, pastLimit(errors, values))) out.add(r);
  return out;
}

/** The objects (JSON pointers) one of whose strings is past its length limit: refused in any reading of how their fields combine. */
function pastLimit(errors: ErrorObject[], values: unknown[]): Set<string> {
  const limit = (e: ErrorObject, i: number): boolean => e.keyword === 'maxLength' || (e.keyword === 'minLength' && values[i] !== '');
  return new Set(errors.filter(limit).map((e) => e.instancePath.slice(0, e.instancePath.lastIndexOf('/'))));
}

type Mapping = string | ((value: unknown) => string[]);

const contactRules = (h: string): Record<string, Mapping> => ({
  [`${h}/contactIDs|maxItems`]: 'CNT-CONTACTIDS-MAX',
  [`${h}/contactPersons|maxItems`]: 'CNT-CONTACTPERSONS-MAX',
  [`${h}/phoneIDs|maxItems`]: 'CNT-PHONEIDS-MAX',
  [`${h}/phoneNumbers|maxItems`]: 'CNT-PHONENUMBERS-MAX',
  [`${h}/contactIDs/#|type`]: 'CNT-IDS-INTEGER',
  [`${h}/phoneIDs/#|type`]: 'CNT-IDS-INTEGER',
  [`${h}/contactPersons/#/name|required`]: 'CNT-CONTACTPERSON-NAME-REQUIRED',
  [`${h}/phoneNumbers/#/number|required`]: 'CNT-PHONE-NUMBER-REQUIRED',
  [`${h}/phoneNumbers/#/ext|pattern`]: extension,
});

const SHARED: Record<string, Mapping> = {
  '/appkey|required': 'TOP-APPKEY-REQUIRED',
  '/sessionID|required': 'TOP-SESSIONID-REQUIRED',
  '/orderID|required': 'TOP-ORDERID-REQUIRED',
};

const JADDR = '~/counteragent/juridicalAddress';

/** Schema errors of a change-receiver request; `~` stands for a member (receiver or third). */
const RECEIVER: Record<string, Mapping> = {
  ...SHARED,
  ...contactRules('~'),
  '/receiver|required': 'RCV-RECEIVER-REQUIRED',
  '/changeOrderPayer|required': 'RCV-CHANGEORDERPAYER-REQUIRED',
  '/changeOrderPayer|type': 'RCV-CHANGEORDERPAYER-BOOLEAN',
  '/storePayer|required': 'RCV-STOREPAYER-REQUIRED',
  '/third|required': 'RCV-STOREPAYER-THIRD-REQUIRES-THIRD',
  '~/counteragentID|type': 'MBR-COUNTERAGENTID-INTEGER',
  // Spec 2.2 counts digits, so a number holds digits; a leading plus is the doubtful form A-RECEIVER-PHONE-PLUS.
  '~/phoneNumbers/#/number|pattern': receiverNumber,
  '~/email|maxLength': 'MBR-EMAIL-MAX',
  '~/dataForReceipt|anyOf': 'MBR-RECEIPT-PHONE-OR-EMAIL',
  '~/dataForReceipt/phone|pattern': 'MBR-RECEIPT-PHONE-FORMAT',
  '~/dataForReceipt/email|maxLength': 'MBR-RECEIPT-EMAIL-MAX',
  '~/counteragent/form|required': 'CAG-FORM-REQUIRED',
  '~/counteragent/name|required': 'CAG-NAME-REQUIRED',
  '~/counteragent/document/type|required': 'CAG-DOCUMENT-TYPE-REQUIRED',
  '~/counteragent/document/number|required': 'CAG-DOCUMENT-NUMBER-REQUIRED',
  '~/counteragent/inn|type': 'CAG-INN-INTEGER',
  [`${JADDR}/search|minLength`]: 'CAG-JADDR-SEARCH-MIN',
  [`${JADDR}/search|maxLength`]: 'CAG-JADDR-SEARCH-MAX',
  [`${JADDR}/house|maxLength`]: 'CAG-JADDR-HOUSE-MAX',
  [`${JADDR}/building|maxLength`]: 'CAG-JADDR-BUILDING-MAX',
  [`${JADDR}/structure|maxLength`]: 'CAG-JADDR-STRUCTURE-MAX',
  [`${JADDR}/flat|maxLength`]: 'CAG-JADDR-FLAT-MAX',
};

/** Spec 2.2: digits alone (a leading plus aside), 15 of them at most; a number may break both. */
function receiverNumber(v: unknown): string[] {
  if (typeof v !== 'string') return ['MBR-PHONE-NUMBER-DIGITS'];
  const out: string[] = [];
  if (!/^\+?[0-9]*$/.test(v)) out.push('MBR-PHONE-NUMBER-DIGITS');
  if (v.replace(/[^0-9]/g, '').length > 15) out.push('MBR-PHONE-NUMBER-MAX');
  return out.length ? out : ['INFO-RECEIVER-PHONE-PLUS'];
}

/** Spec 2.2 and 8: an extension is digits, 5 at most. */
function extension(v: unknown): string[] {
  if (typeof v !== 'string' || !/^[0-9]*$/.test(v)) return ['CNT-PHONE-EXT-DIGITS'];
  return ['CNT-PHONE-EXT-MAX'];
}

/** Spec 8: 15 characters at most, only a leading plus is a non-digit; a number may break both. */
function pickupNumber(v: unknown): string[] {
  if (typeof v !== 'string') return ['PCK-PHONE-NUMBER-CHARSET'];
  const out: string[] = [];
  if (!/^\+?[0-9]+$/.test(v)) out.push('PCK-PHONE-NUMBER-CHARSET');
  if ([...v].length > 15) out.push('PCK-PHONE-NUMBER-MAX');
  return out;
}

/** Schema errors of a change-pickup request. */
const PICKUP: Record<string, Mapping> = {
  ...SHARED,
  ...contactRules(''),
  '/phoneNumbers/#/number|pattern': pickupNumber,
  '/variant|required': 'PCK-VARIANT-REQUIRED',
  '/variant|const': 'PCK-VARIANT-ADDRESS-ONLY',
  '/produce_date|required': 'PCK-PRODUCE-DATE-REQUIRED',
  '/produce_date|pattern': 'PCK-PRODUCE-DATE-FORMAT',
  '/produce_date|type': 'PCK-PRODUCE-DATE-FORMAT',
  '/time|required': 'PCK-TIME-REQUIRED',
  '/time/worktimeStart|required': 'PCK-TIME-WORKTIMESTART-REQUIRED',
  '/time/worktimeEnd|required': 'PCK-TIME-WORKTIMEEND-REQUIRED',
  '/time/worktimeStart|pattern': 'PCK-TIME-WORKTIME-FORMAT',
  '/time/worktimeEnd|pattern': 'PCK-TIME-WORKTIME-FORMAT',
  '/time/worktimeStart|type': 'PCK-TIME-WORKTIME-FORMAT',
  '/time/worktimeEnd|type': 'PCK-TIME-WORKTIME-FORMAT',
  '/time/breakStart|pattern': 'PCK-TIME-BREAK-FORMAT',
  '/time/breakEnd|pattern': 'PCK-TIME-BREAK-FORMAT',
  '/time/breakStart|type': 'PCK-TIME-BREAK-FORMAT',
  '/time/breakEnd|type': 'PCK-TIME-BREAK-FORMAT',
  '/time/exactTime|type': 'PCK-TIME-EXACTTIME-BOOLEAN',
  '/addressID|type': 'PCK-ADDRESSID-INTEGER',
  '/address|anyOf': 'PCK-ADDRESS-SEARCH-OR-STREET-HOUSE',
  '/address/search|maxLength': 'PCK-ADDRESS-SEARCH-MAX',
  '/address/house|maxLength': 'PCK-ADDRESS-HOUSE-MAX',
  '/address/building|maxLength': 'PCK-ADDRESS-BUILDING-MAX',
  '/address/structure|maxLength': 'PCK-ADDRESS-STRUCTURE-MAX',
  '/address/flat|maxLength': 'PCK-ADDRESS-FLAT-MAX',
};

/** The "exactly one of" pairs, told apart by the oneOf's place in the schema. */
function oneOfRule(op: Operation, e: ErrorObject): string | undefined {
  const side = (e.params as { passingSchemas: number[] | null }).passingSchemas === null ? 'NEITHER' : 'BOTH';
  if (e.schemaPath.endsWith('contactsOneOf/allOf/0/oneOf')) return `CNT-CONTACTS-${side}`;
  if (e.schemaPath.endsWith('contactsOneOf/allOf/1/oneOf')) return `CNT-PHONES-${side}`;
  if (e.schemaPath === '#/allOf/0/oneOf') return op === 'change_receiver' ? `MBR-COUNTERAGENT-${side}` : `PCK-ADDRESS-${side}`;
  return undefined;
}

/** The rules one schema error breaks; `value` is what the request holds at its instancePath. */
function schemaRules(op: Operation, e: ErrorObject, value: unknown): string[] {
  // A branch of oneOf or anyOf reports through its combinator; if/not are judged in code.
  if (/\/(oneOf|anyOf)\/[0-9]+\//.test(e.schemaPath) || e.keyword === 'if' || e.keyword === 'not') return [];
  if (value === null) return ['INFO-NULL-FIELD'];
  if (e.keyword === 'minItems') return ['INFO-EMPTY-ARRAY'];
  if (e.keyword === 'minLength' && value === '') return [`DOUBTFUL: empty string at ${e.instancePath}`];
  if (e.keyword === 'oneOf') return [oneOfRule(op, e) ?? `SCHEMA: ${e.instancePath || '/'} oneOf`];
  const missing = e.keyword === 'required' ? `/${(e.params as { missingProperty: string }).missingProperty}` : '';
  let path = (e.instancePath + missing).replace(/\/[0-9]+(?=\/|$)/g, '/#');
  if (op === 'change_receiver') path = path.replace(/^\/(receiver|third)(?=\/)/, '~');
  const mapping = (op === 'change_receiver' ? RECEIVER : PICKUP)[`${path}|${e.keyword}`];
  if (mapping === undefined) return [`SCHEMA: ${e.instancePath || '/'} ${e.keyword}${missing ? ` ${missing.slice(1)}` : ''}`];
  return typeof mapping === 'string' ? [mapping] : mapping(value);
}
