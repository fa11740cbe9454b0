import type { Fixtures } from '../fixtures.ts';
import { FAITHFUL, type Hooks, type Obj } from '../hooks.ts';
import type { Limits } from './limits.ts';
import { type Problem, type ProblemKind, problems } from './problems.ts';

export interface Issue {
  fields: string[];
  problem: Problem;
}

/** A value the look-up stage must find in the fixtures (100005 otherwise). */
export interface Ref {
  kind: 'counteragent' | 'contact' | 'phone' | 'address' | 'legalForm' | 'documentType' | 'street' | 'search';
  value: string | number;
  field: string;
}

export type { Obj };

/** Collects every broken field of one request, so validation reports them all at once. */
export class Check {
  readonly issues: Issue[] = [];
  readonly refs: Ref[] = [];
  /** Every `search` sent, in request order: each one is answered in foundAddresses. */
  readonly searches: { field: string; source: string }[] = [];
  constructor(readonly fixtures: Fixtures, readonly hooks: Hooks = FAITHFUL) {}

  get limits(): Limits {
    return this.hooks.limits;
  }

  /** Records an issue, unless the service skips that check (a fault); answers whether it did. */
  report(fields: string[], problem: Problem): boolean {
    // The faithful service makes every check: no name to build.
    if (this.hooks.enforces !== FAITHFUL.enforces && !this.hooks.enforces(checkName(fields, problem.kind))) return false;
    this.issues.push({ fields, problem });
    return true;
  }

  ref(kind: Ref['kind'], value: string | number, field: string): void {
    this.refs.push({ kind, value, field });
  }

  search(field: string, source: string): void {
    this.searches.push({ field, source });
  }
}

/** A check's name (reference/hooks.ts): the issue's fields, array indexes as `[]`, and its problem kind. */
function checkName(fields: string[], kind: ProblemKind): string {
  return `${fields.map((f) => f.replace(/\[\d+\]/g, '[]')).join('|')} ${kind}`;
}

export function at(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return parent ? `${parent}.${key}` : key;
}

/** README: null and an empty array count as absent, and so does an empty string where a string is due. */
function absent(v: unknown): boolean {
  return v === undefined || v === null || (Array.isArray(v) && v.length === 0);
}

/** Whether a field counts as sent, for one-of and combination rules. */
export function sent(v: unknown): boolean {
  return !absent(v) && v !== '';
}

export interface StringRule {
  required?: boolean;
  min?: number;
  max?: number;
  /** At most this many digits, whatever else the value holds. */
  maxDigits?: number;
  /** A whole-value pattern and how to describe it when it fails. */
  format?: { re: RegExp; en: string; ru: string };
}

export function str(ck: Check, v: unknown, path: string, rule: StringRule = {}): string | undefined {
  if (absent(v) || v === '') {
    if (rule.required) ck.report([path], problems.missing());
    return undefined;
  }
  if (typeof v !== 'string') {
    ck.report([path], problems.type('string'));
    return undefined;
  }
  // The first broken check the service makes is reported, in this order; one it skips (a fault)
  // lets the value through to the next. The length is counted only where a rule limits it.
  const { max, min, maxDigits, format } = rule;
  // Counted faithfully (code points), a value of at most `max` UTF-16 units is within `max`: not counted.
  const within = min === undefined && max !== undefined && v.length <= max && ck.hooks.count === FAITHFUL.count;
  if ((max !== undefined || min !== undefined) && !within) {
    // The value's length in characters, as the service counts them (reference/hooks.ts `count`).
    const n = ck.hooks.count(v);
    if (max !== undefined && n > max && ck.report([path], problems.tooLong(max))) return undefined;
    if (min !== undefined && n < min && ck.report([path], problems.tooShort(min))) return undefined;
  }
  if (maxDigits !== undefined && v.replace(/\D/g, '').length > maxDigits && ck.report([path], problems.tooManyDigits(maxDigits))) return undefined;
  if (format && !format.re.test(v) && ck.report([path], problems.format(format.en, format.ru))) return undefined;
  return v;
}

export function int(ck: Check, v: unknown, path: string, required = false): number | undefined {
  if (absent(v)) {
    if (required) ck.report([path], problems.missing());
    return undefined;
  }
  // Past 2^53 a JSON number no longer holds the integer that was sent.
  if (typeof v !== 'number' || !Number.isSafeInteger(v)) {
    // A service that skips this check (a fault) reads whatever came as a number, NaN included.
    return ck.report([path], problems.type('integer')) ? undefined : Number(v);
  }
  return v;
}

export function bool(ck: Check, v: unknown, path: string, required = false): boolean | undefined {
  if (absent(v)) {
    if (required) ck.report([path], problems.missing());
    return undefined;
  }
  if (typeof v !== 'boolean') {
    ck.report([path], problems.type('boolean'));
    return undefined;
  }
  return v;
}

export function obj(ck: Check, v: unknown, path: string, required = false): Obj | undefined {
  if (absent(v)) {
    if (required) ck.report([path], problems.missing());
    return undefined;
  }
  if (typeof v !== 'object' || Array.isArray(v)) {
    ck.report([path], problems.type('object'));
    return undefined;
  }
  return v as Obj;
}

/** An array of at most `max` elements; each element goes through `item`. */
export function list<T>(ck: Check, v: unknown, path: string, max: number, item: (el: unknown, path: string) => T | undefined): T[] | undefined {
  if (absent(v)) return undefined;
  if (!Array.isArray(v)) {
    ck.report([path], problems.type('array'));
    return undefined;
  }
  if (v.length > max) ck.report([path], problems.tooMany(max));
  const out: T[] = [];
  v.forEach((el, i) => {
    const t = item(el, at(path, i));
    if (t !== undefined) out.push(t);
  });
  return out;
}

/** Exactly one of two fields: reports both and neither, answers which one was sent. */
export function exactlyOne(ck: Check, o: Obj, path: string, a: string, b: string): string | undefined {
  const hasA = sent(o[a]);
  const hasB = sent(o[b]);
  const fields = [at(path, a), at(path, b)];
  if (hasA && hasB && ck.report(fields, problems.oneOfBoth(a, b))) return undefined;
  if (!hasA && !hasB) {
    ck.report(fields, problems.oneOfNeither(a, b));
    return undefined;
  }
  // With both sent, a service that skips the check (a fault) takes the first.
  return hasA ? a : b;
}
