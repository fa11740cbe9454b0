/**
 * Equivalent serializations of one logical JSON request (RFC 8259): each reads back as the
 * same object, so a target reads the same request from each. The compact form is what every
 * case sends (`JSON.stringify`); each other form is JSON.stringify with one small named
 * transform of the object, of its string literals or of the whitespace between its tokens.
 */
export const JSON_FORMS = ['pretty', 'reordered', 'unicode-escapes', 'lower-case-escapes', 'escaped-solidus', 'escaped-names', 'whitespace'] as const;
export type JsonForm = (typeof JSON_FORMS)[number];

/** Never escaped: the masks of src/profile/mask.ts know a secret's JSON.stringify spelling, not this one. */
const CREDENTIALS = new Set(['appkey', 'sessionID']);

/** Members in reverse order at every level; array elements keep theirs. */
function reordered(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reordered);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).reverse().map(([k, v]) => [k, reordered(v)]));
}

/** A string literal and the structural characters of JSON.stringify's compact output. */
const TOKENS = /"(?:[^"\\]|\\.)*"(:?)|[{}[\]]/g;

type Literal = (literal: string) => string;
const kept: Literal = (literal) => literal;

/**
 * JSON.stringify's text with every string value but the top-level credentials through `value`
 * and every member name through `name`. In the compact output a literal followed by `:` is a
 * member name.
 */
function literals(body: unknown, value: Literal, name: Literal = kept): string {
  let depth = 0;
  let member = '';
  return JSON.stringify(body).replace(TOKENS, (token, colon: string | undefined) => {
    if (token === '{' || token === '[') depth++;
    else if (token === '}' || token === ']') depth--;
    else if (colon) {
      member = JSON.parse(token.slice(0, -1)) as string;
      return `${name(token.slice(0, -1))}:`;
    } else if (!(depth === 1 && CREDENTIALS.has(member))) return value(token);
    return token;
  });
}

/** A literal with a \u escape per UTF-16 unit (an astral character as its surrogate pair); RFC 8259 7 lets the hex digits be of either case. */
const escaped = (upper: boolean): Literal => (literal) => {
  const s = JSON.parse(literal) as string;
  const hex = (i: number): string => s.charCodeAt(i).toString(16).padStart(4, '0');
  return `"${Array.from({ length: s.length }, (_, i) => `\\u${upper ? hex(i).toUpperCase() : hex(i)}`).join('')}"`;
};

/**
 * RFC 8259 7 lets `/` be written `\/`. JSON.stringify writes no escape holding a `/`, so every
 * `/` of its output stands for itself.
 */
const escapedSolidus: Literal = (literal) => literal.replace(/\//g, '\\/');

/** Whitespace RFC 8259 2 allows around every structural character: a space, a tab, CR and LF. */
const WHITESPACE = ' \t\r\n';
const spaced = (body: unknown): string =>
  JSON.stringify(body).replace(/"(?:[^"\\]|\\.)*"|[{}[\]:,]/g, (token) => (token[0] === '"' ? token : `${WHITESPACE}${token}${WHITESPACE}`));

const FORMS: Record<JsonForm, { description: string; encode: (body: unknown) => string }> = {
  pretty: { description: 'indented two spaces, a line break between members', encode: (b) => JSON.stringify(b, null, 2) },
  reordered: { description: 'members in reverse order (array elements in theirs)', encode: (b) => JSON.stringify(reordered(b)) },
  'unicode-escapes': { description: 'every character of every string but the credentials as a \\u escape (\\u041C)', encode: (b) => literals(b, escaped(true)) },
  'lower-case-escapes': { description: 'every character of every string but the credentials as a \\u escape in lower-case hex (\\u041c)', encode: (b) => literals(b, escaped(false)) },
  'escaped-solidus': { description: 'every / of every string but the credentials written \\/', encode: (b) => literals(b, escapedSolidus) },
  'escaped-names': { description: 'every character of every member name as a \\u escape ("\\u0061\\u0070…")', encode: (b) => literals(b, kept, escaped(true)) },
  whitespace: { description: 'a space, a tab, CR and LF before and after every { } [ ] : and ,', encode: spaced },
};

export const describeJsonForm = (form: JsonForm): string => FORMS[form].description;

export const encodeJsonForm = (body: unknown, form: JsonForm): string => FORMS[form].encode(body);
