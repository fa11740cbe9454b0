// Where an answer's error numbers are read (src/checks/error-number.ts), read each body once for
// many numbers and each path once per run: every answer is read so. The readings must stay what
// the plain ones were (kept here as the oracle): a number at the path, a whole run of digits in a
// text there, anywhere in the body without a path, and every number with its dotted path.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { errorNumberFinder, errorNumbersIn, findErrorNumber, numbersIn, valueAtPath } from '../../src/checks/error-number.ts';

// The readings as they were written before (one regular expression per number, a path split per read).
function plainValueAtPath(body: unknown, path: string): unknown {
  let cur: unknown = body;
  for (const seg of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    if (/^[0-9]+$/.test(seg) && !Array.isArray(cur)) cur = seg === '0' ? cur : undefined;
    else cur = (cur as Record<string, unknown>)[seg];
  }
  return cur;
}
function plainNumbersIn(body: unknown): { value: number; path: string }[] {
  const out: { value: number; path: string }[] = [];
  const walk = (v: unknown, path: string[]): void => {
    if (typeof v === 'number') out.push({ value: v, path: path.join('.') });
    else if (typeof v === 'string') for (const m of v.matchAll(/[0-9]{3,}/g)) out.push({ value: Number(m[0]), path: path.join('.') });
    else if (v !== null && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) if (!['metadata.status', 'metadata.generated_at'].includes([...path, k].join('.'))) walk(x, [...path, k]);
    }
  };
  walk(body, []);
  const seen = new Set<number>();
  return out.filter((n) => !seen.has(n.value) && seen.add(n.value));
}
function plainFind(body: unknown, code: number, path?: string): boolean {
  if (path) {
    const value = plainValueAtPath(body, path);
    if (typeof value === 'number') return value === code;
    if (typeof value === 'string') return new RegExp(`(^|[^0-9])${code}([^0-9]|$)`).test(value);
    return false;
  }
  return plainNumbersIn(body).map((n) => n.value).includes(code);
}

const BODIES: unknown[] = [
  { metadata: { status: 400, generated_at: '2026-11-29 10:00:00' }, errors: [{ code: 610001, message: 'x' }] },
  { metadata: { status: 400 }, errors: { code: '610001' } },
  { errors: [{ code: 'error 610001: no' }, { code: 621002 }] },
  { errors: [{ code: '6100010' }] },
  { errors: [{ code: 'x610001.5' }] },
  { errors: [{ code: '0610001' }] },
  { errors: [{ code: 610001.5 }] },
  { errors: [] },
  { '': { '': 610001, a: '621001 and 610002' }, 'a.b': 620001 },
  { data: { foundAddresses: [{ postcode: '610001' }] }, metadata: { status: 200 } },
  [610001, ['621001']],
  'not an object',
  null,
  { errors: [{ code: null }], n: Number.NaN },
];
const PATHS = [undefined, 'errors.0.code', 'errors.1.code', 'errors.code', 'metadata.status', '', 'a.b', '.', 'errors.00.code'];
const CODES = [610001, 610002, 621001, 621002, 620001, 400, 6100010];

describe('error numbers in a body', () => {
  it('are found as the plain readings find them, at a path or anywhere, one body read for many numbers', () => {
    for (const body of BODIES) {
      assert.deepEqual(errorNumbersIn(body), plainNumbersIn(body), JSON.stringify(body));
      assert.deepEqual(numbersIn(body), plainNumbersIn(body).map((n) => n.value));
      for (const path of PATHS) {
        if (path !== undefined) assert.deepEqual(valueAtPath(body, path), plainValueAtPath(body, path), `${JSON.stringify(body)} at ${path}`);
        const finder = errorNumberFinder(body, path);
        for (const code of CODES) {
          assert.equal(findErrorNumber(body, code, path), plainFind(body, code, path), `${code} in ${JSON.stringify(body)} at ${path}`);
          assert.equal(finder(code), plainFind(body, code, path), `${code} in ${JSON.stringify(body)} at ${path}, one reading`);
        }
      }
    }
  });

  it('name the path of each number, an empty key included, and leave the status and generated_at out', () => {
    assert.deepEqual(errorNumbersIn({ '': { '': 610001 }, metadata: { status: 400, generated_at: '2026-11-29 10:00:00' }, errors: [{ code: 'no 621001' }] }),
      [{ value: 610001, path: '.' }, { value: 621001, path: 'errors.0.code' }]);
    assert.equal(findErrorNumber({ errors: [{ code: 'a 610001b' }] }, 610001, 'errors.0.code'), true);
    assert.equal(findErrorNumber({ errors: [{ code: '16100011' }] }, 610001, 'errors.0.code'), false);
  });
});
