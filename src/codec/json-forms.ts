/**
 * Equivalent serializations of one logical JSON request (RFC 8259): each reads back as the
 * same object, so a target reads the same request from each. The compact form is what every
 * case sends (`JSON.stringify`); each other form is JSON.stringify with one small named
 * transform of the object or of its string literals.
 */
export const JSON_FORMS = ['pretty', 'reordered', 'unicode-escapes'] as const;
export type JsonForm = (typeof JSON_FORMS)[number];

/** Never escaped: the masks of src/report/mask.ts know a secret's JSON.stringify spelling, not this one. */
const CREDENTIALS = new Set(['appkey', 'sessionID']);

/** Members in reverse order at every level; array elements keep theirs. */
function reordered(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reordered);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).reverse().map(([k, v]) => [k, reordered(v)]));
}

const escaped = (s: string): string => `"${Array.from({ length: s.length }, (_, i) => `\\u${s.charCodeAt(i).toString(16).toUpperCase().padStart(4, '0')}`).join('')}"`;

/**
 * Every string value but the top-level credentials written with a \u escape per UTF-16 unit
 * (an astral character as its surrogate pair). In JSON.stringify's compact output a literal
 * followed by `:` is a member name, which is kept.
 */
function unicodeEscapes(body: unknown): string {
  let depth = 0;
  let name = '';
  return JSON.stringify(body).replace(/"(?:[^"\\]|\\.)*"(:?)|[{}[\]]/g, (token, colon: string | undefined) => {
    if (token === '{' || token === '[') depth++;
    else if (token === '}' || token === ']') depth--;
    else if (colon) name = JSON.parse(token.slice(0, -1)) as string;
    else if (!(depth === 1 && CREDENTIALS.has(name))) return escaped(JSON.parse(token) as string);
    return token;
  });
}

const FORMS: Record<JsonForm, { description: string; encode: (body: unknown) => string }> = {
  pretty: { description: 'indented two spaces, a line break between members', encode: (b) => JSON.stringify(b, null, 2) },
  reordered: { description: 'members in reverse order (array elements in theirs)', encode: (b) => JSON.stringify(reordered(b)) },
  'unicode-escapes': { description: 'every character of every string but the credentials as a \\u escape (\\u041C)', encode: unicodeEscapes },
};

export const describeJsonForm = (form: JsonForm): string => FORMS[form].description;

export const encodeJsonForm = (body: unknown, form: JsonForm): string => FORMS[form].encode(body);
