/**
 * Where a documented error number sits in a body whose shape the spec does not show
 * (contract/assumptions.yaml A-ERROR-BODY): at the profile's path when it names one,
 * otherwise anywhere, as a number or as a whole word of a text.
 */
export function findErrorNumber(body: unknown, code: number, path?: string): boolean {
  return errorNumberFinder(body, path)(code);
}

/**
 * findErrorNumber for one body and many numbers: the body is read once (the value at the path,
 * or every number in it), then each number is looked up.
 */
export function errorNumberFinder(body: unknown, path?: string): (code: number) => boolean {
  if (path) {
    const value = valueAtPath(body, path);
    if (typeof value === 'number') return (code) => value === code;
    // A whole number of a text: a run of digits with none beside it.
    if (typeof value === 'string') {
      const runs = new Set(value.match(/[0-9]+/g) ?? []);
      return (code) => runs.has(String(code));
    }
    return () => false;
  }
  const numbers = new Set(numbersIn(body));
  return (code) => numbers.has(code);
}

/** A dotted path's segments, each with whether it is a number: read once per path (a run reads the same few for every answer). */
const segmentsOf = new Map<string, { seg: string; numeric: boolean }[]>();
function segments(path: string): { seg: string; numeric: boolean }[] {
  let segs = segmentsOf.get(path);
  if (!segs) {
    segs = path.split('.').map((seg) => ({ seg, numeric: /^[0-9]+$/.test(seg) }));
    if (segmentsOf.size < 256) segmentsOf.set(path, segs);
  }
  return segs;
}

/** Dotted path; a numeric segment on a lone object reads it as a one-element list (XML). */
export function valueAtPath(body: unknown, path: string): unknown {
  let cur: unknown = body;
  for (const { seg, numeric } of segments(path)) {
    if (cur === null || typeof cur !== 'object') return undefined;
    if (numeric && !Array.isArray(cur)) cur = seg === '0' ? cur : undefined;
    else cur = (cur as Record<string, unknown>)[seg];
  }
  return cur;
}

/**
 * Fields the spec documents that are not error numbers (spec 2.4, 2.9): the emulated HTTP
 * status, and generated_at, whose year and time read as numbers.
 */
const NOT_ERROR_FIELDS = new Set(['metadata.status', 'metadata.generated_at']);

/** A number a body carries, and the dotted path it was found at (`errors.0.code`). */
export interface FoundNumber { value: number; path: string }

/**
 * Every number in a body outside its documented non-error fields, and every run of three or
 * more digits in its texts, each with its path: what the report shows as the error numbers.
 */
export function errorNumbersIn(body: unknown): readonly FoundNumber[] {
  // A body read from a kept reading (src/codec/index.ts decodeResponse) is frozen and comes back
  // for every answer of the same text: its numbers are read once.
  const frozen = body !== null && typeof body === 'object' && Object.isFrozen(body);
  if (frozen) {
    const known = numbersOfFrozen.get(body);
    if (known) return known;
  }
  const found = readNumbers(body);
  if (frozen) numbersOfFrozen.set(body, Object.freeze(found));
  return found;
}

/** The numbers of frozen bodies (a frozen body never changes), as long as the body is kept. */
const numbersOfFrozen = new WeakMap<object, readonly FoundNumber[]>();

function readNumbers(body: unknown): FoundNumber[] {
  const out: FoundNumber[] = [];
  // `path` is undefined at the top: a key there is its own path, even the empty key.
  const walk = (v: unknown, path: string | undefined): void => {
    const here = path ?? '';
    if (typeof v === 'number') out.push({ value: v, path: here });
    else if (typeof v === 'string') for (const m of v.matchAll(/[0-9]{3,}/g)) out.push({ value: Number(m[0]), path: here });
    else if (v !== null && typeof v === 'object') {
      for (const k in v) {
        if (!Object.hasOwn(v, k)) continue;
        const at = path === undefined ? k : `${path}.${k}`;
        if (!NOT_ERROR_FIELDS.has(at)) walk((v as Record<string, unknown>)[k], at);
      }
    }
  };
  walk(body, undefined);
  const seen = new Set<number>();
  return out.filter((n) => !seen.has(n.value) && seen.add(n.value));
}

/** Every error number of a body (errorNumbersIn), the numbers alone. */
export const numbersIn = (body: unknown): number[] => errorNumbersIn(body).map((n) => n.value);
