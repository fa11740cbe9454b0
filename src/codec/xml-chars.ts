/**
 * What XML 1.0 (fifth edition) asks of a document's characters that fast-xml-parser's validator
 * lets through: every character a Char (2.2: tab, line feed, carriage return and the code points
 * of Unicode but the surrogates, U+FFFE and U+FFFF), every character reference to a Char (4.1, WFC
 * Legal Character), and every entity reference to a declared entity (4.1, WFC Entity Declared):
 * with no DOCTYPE (which the harness refuses), the five predefined ones; and no ]]> in character
 * data (2.4). CDATA sections and comments hold references as plain text, so they are left out of
 * the reference checks.
 */
const NOT_CHAR = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
const PREDEFINED = new Set(['amp', 'lt', 'gt', 'quot', 'apos']);

const isChar = (cp: number): boolean =>
  cp === 0x9 || cp === 0xa || cp === 0xd || (cp >= 0x20 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd) || (cp >= 0x10000 && cp <= 0x10ffff);

const codePoint = (c: string): string => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** Why the text is no XML 1.0 document by its characters, or undefined. */
export function xmlCharProblem(text: string): string | undefined {
  const bad = NOT_CHAR.exec(text);
  if (bad) return `${codePoint(bad[0])} at offset ${bad.index} is no XML character (XML 1.0 2.2)`;
  const markup = text.replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, '').replace(/<!--[\s\S]*?-->/g, '');
  for (const m of markup.matchAll(/&(#x[0-9a-fA-F]+|#[0-9]+|[^;\s&<]+);/g)) {
    const ref = m[1]!;
    if (ref.startsWith('#')) {
      const cp = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      if (!isChar(cp)) return `the character reference &${ref}; names no XML character (XML 1.0 4.1, Legal Character)`;
    } else if (!PREDEFINED.has(ref)) {
      return `the entity reference &${ref}; names no declared entity (XML 1.0 4.1, Entity Declared)`;
    }
  }
  // Character data never holds ]]> (2.4, CharData): outside a CDATA section it is escaped as ]]&gt;.
  const content = markup.replace(/<\?[\s\S]*?\?>/g, '').replace(/<[^<>]*>/g, '<>');
  if (content.includes(']]>')) return `the string ]]> in character data, where it must be written ]]&gt; (XML 1.0 2.4)`;
  return undefined;
}
