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

/** Every number in a body, and every run of digits in its texts: what the report shows as "numbers". */
export function numbersIn(body: unknown): number[] {
  const out: number[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === 'number') out.push(v);
    else if (typeof v === 'string') for (const m of v.matchAll(/[0-9]{3,}/g)) out.push(Number(m[0]));
    else if (v !== null && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(body);
  return [...new Set(out)];
}
