/**
 * Where a documented error number sits in a body whose shape the spec does not show
 * (contract/assumptions.yaml A-ERROR-BODY): at the profile's path when it names one,
 * otherwise anywhere, as a number or as a whole word of a text.
 */
export function findErrorNumber(body: unknown, code: number, path?: string): boolean {
  if (path) return matches(valueAtPath(body, path), code);
  return numbersIn(body).includes(code);
}

function matches(value: unknown, code: number): boolean {
  if (typeof value === 'number') return value === code;
  if (typeof value === 'string') return new RegExp(`(^|[^0-9])${code}([^0-9]|$)`).test(value);
  return false;
}

/** Dotted path; a numeric segment on a lone object reads it as a one-element list (XML). */
export function valueAtPath(body: unknown, path: string): unknown {
  let cur: unknown = body;
  for (const seg of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    if (/^[0-9]+$/.test(seg) && !Array.isArray(cur)) cur = seg === '0' ? cur : undefined;
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
export function errorNumbersIn(body: unknown): FoundNumber[] {
  const out: FoundNumber[] = [];
  const walk = (v: unknown, path: string[]): void => {
    if (typeof v === 'number') out.push({ value: v, path: path.join('.') });
    else if (typeof v === 'string') for (const m of v.matchAll(/[0-9]{3,}/g)) out.push({ value: Number(m[0]), path: path.join('.') });
    else if (v !== null && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) if (!NOT_ERROR_FIELDS.has([...path, k].join('.'))) walk(x, [...path, k]);
    }
  };
  walk(body, []);
  const seen = new Set<number>();
  return out.filter((n) => !seen.has(n.value) && seen.add(n.value));
}

/** Every error number of a body (errorNumbersIn), the numbers alone. */
export const numbersIn = (body: unknown): number[] => errorNumbersIn(body).map((n) => n.value);
