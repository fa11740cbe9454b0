import fc from 'fast-check';
import { oneof } from './combinators.ts';
import { emailOfLength, padAddress } from '../src/scenario/build.ts';
import { AT_LIMIT_UNITS, freeTextEntries, freeTextEntry } from './free-text.ts';
import { drawnAs, drawUnit, drawUnits, unitFrom, unitValues } from './drawn.ts';

const CYRILLIC = [...'абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ'];
const LATIN = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'];
/** The characters XML must escape: a name carrying them tests both codecs (DESIGN principle 4). */
const XML_SPECIAL = [...'&<>"\''];
const DIGITS = [...'0123456789'];

export const digit = unitFrom(...DIGITS);

/**
 * A length in [min, max] that hits `max` itself often: limits are tested at and inside.
 * The free length comes first because fc.oneof shrinks toward its first branch.
 */
const lengthUpTo = (min: number, max: number): fc.Arbitrary<number> =>
  oneof(fc.integer({ min, max }), fc.constant(max));

const firstUnits = ([n, units]: [number, string[]]): string => units.slice(0, n).join('');

/**
 * A string of `unit`s, `length` of them; `max` bounds what `length` draws. A unit of
 * `unitFrom` is drawn without fast-check's value per unit (generators/drawn.ts).
 */
function textOf(unit: fc.Arbitrary<string>, length: fc.Arbitrary<number>, max: number): fc.Arbitrary<string> {
  const slow = fc.tuple(length, fc.array(unit, { minLength: max, maxLength: max })).map(firstUnits);
  const values = unitValues(unit);
  if (values === undefined) return slow;
  return drawnAs(slow, (mrng, bias) => {
    const n = length.generate(mrng, bias).value;
    return drawUnits(mrng, values, max, n).join('');
  });
}

/** A string of `unit`s whose length is [min, max], at the limit often (spec 8 limits). */
const textUpTo = (unit: fc.Arbitrary<string>, min: number, max: number): fc.Arbitrary<string> => textOf(unit, lengthUpTo(min, max), max);

/** A string of `unit`s whose length is anywhere in [min, max]. */
export const textBetween = (unit: fc.Arbitrary<string>, min: number, max: number): fc.Arbitrary<string> =>
  textOf(unit, fc.integer({ min, max }), max);

/** A string of exactly `min` to `max` digits (phone numbers, extensions). */
export const digitsUpTo = (min: number, max: number): fc.Arbitrary<string> => textUpTo(digit, min, max);

/** Exactly n digits. */
export const digitsOf = (n: number): fc.Arbitrary<string> =>
  drawnAs(fc.array(digit, { minLength: n, maxLength: n }).map((d) => d.join('')), (mrng) => drawUnits(mrng, DIGITS, n).join(''));

const wordChar = fc.constantFrom(...CYRILLIC, ...LATIN, ...XML_SPECIAL, '-', '.');

/** A character of the code points `min` to `max`, each one code point. */
const codePointIn = (min: number, max: number): fc.Arbitrary<string> => fc.integer({ min, max }).map((cp) => String.fromCodePoint(cp));

/**
 * Characters outside the Basic Multilingual Plane (one code point, two UTF-16 units, four
 * UTF-8 bytes): emoji, mathematical letters, CJK Extension B, and any other of the astral
 * planes but the two noncharacters that end each plane, which are moved two places down.
 */
const astralChar: fc.Arbitrary<string> = oneof(
  codePointIn(0x1f300, 0x1f5ff),
  codePointIn(0x1d400, 0x1d44f),
  codePointIn(0x20000, 0x2a6df),
  fc.integer({ min: 0x10000, max: 0x10ffff }).map((cp) => String.fromCodePoint((cp & 0xfffe) === 0xfffe ? cp - 2 : cp)),
);

/**
 * Whitespace a string may hold at its edges and inside: the space, the no-break, thin and
 * ideographic spaces, and the tab, the one control character XML 1.0 carries as it is.
 */
const SPACES = [' ', '\u00A0', '\u2009', '\u3000', '\t'];
const space = fc.constantFrom(...SPACES);

/** Punctuation text may hold: `%`, backslash, quotes, the XML specials, and less usual marks. */
const PUNCTUATION = [...'%\\&<>"\'!#$*+/=?^_`{|}~;:§¶†‡‰‽«»—–…№'];

/**
 * Any character a string of the spec may hold where it names no character set: letters of
 * any script, combining marks, right-to-left letters, punctuation, anything else of the BMP
 * from U+00A0 on (the C0 and C1 controls left out: XML 1.0 cannot carry most of them) and the
 * astral planes. Never a lone surrogate, U+FFFE or U+FFFF, which neither format carries.
 */
const anyChar: fc.Arbitrary<string> = oneof(
  fc.constantFrom(...CYRILLIC, ...LATIN, ...DIGITS),
  fc.constantFrom(...PUNCTUATION),
  astralChar,
  codePointIn(0x0300, 0x036f),
  oneof(codePointIn(0x05d0, 0x05ea), codePointIn(0x0627, 0x064a)),
  codePointIn(0x00a0, 0xd7ff),
  codePointIn(0xe000, 0xfffd),
);

/** A character that is not whitespace and not a combining mark, so a text never reads as blank. */
const visibleChar: fc.Arbitrary<string> = oneof(fc.constantFrom(...CYRILLIC, ...LATIN), fc.constantFrom(...PUNCTUATION), astralChar, codePointIn(0x05d0, 0x05ea));

/** Nothing, or a run of one or two whitespace characters: what a string may carry at an edge. */
const edgeSpace: fc.Arbitrary<string> = oneof(fc.constant(''), fc.array(space, { minLength: 1, maxLength: 2 }).map((w) => w.join('')));

/**
 * Text the spec calls "string" and gives no character set (contract/assumptions.yaml
 * A-TEXT-VALUES): at least one visible character, then up to `most` of any character or
 * whitespace, with whitespace at either edge or none (A-EDGE-WHITESPACE).
 */
const freeText = (most = 16): fc.Arbitrary<string> =>
  fc.tuple(edgeSpace, visibleChar, fc.array(oneof(anyChar, space), { maxLength: most }), edgeSpace)
    .map(([lead, first, rest, trail]) => lead + first + rest.join('') + trail);

/** Names people and companies really carry, Cyrillic and XML-special characters included. */
const KNOWN_NAMES = ['Иванов Иван Иванович', 'Пётр O\'Brien', 'ООО "Ромашка & Ко" <Север>', 'АО «Вектор» & Partners', 'Анна-Мария Łukasz', 'ИП Смирнова Е.А.'];

/**
 * Spec 2.2 (contactPersons[].name) and 2.3 (counteragent name): a string with no length limit
 * and no character set. Real names, words of Cyrillic and Latin letters and & < > " ', free
 * text from all of Unicode with whitespace at its edges (A-TEXT-VALUES), and the free text of
 * contract/edges/free-text.yaml, whole values (null, 0012) among it; never blank, which stays
 * the doubtful form INFO-BLANK-NAME records.
 */
export const personName: fc.Arbitrary<string> = oneof(
  fc.constantFrom(...KNOWN_NAMES),
  fc.array(fc.string({ unit: wordChar, minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 4 }).map((w) => w.join(' ')),
  freeText(),
  freeTextEntries('name'),
  freeTextEntry('name', true),
);

/**
 * A character of an e-mail's local part: ASCII letters and digits first (they shrink best),
 * then Cyrillic and astral letters (RFC 6531 allows any non-ASCII character) and the RFC 5322
 * specials a dot-atom may hold, `%`, `&` and `'` among them (A-EMAIL-FORMAT). Never a dot,
 * whitespace or `@`, so every address is `local@domain` in any reading.
 *
 * One table drawn from evenly, not a one-of of four sets: an e-mail at its limit is 128 of
 * these, and a one-of per character was a third of the time a change_receiver request took
 * to draw (measured in issue 20).
 */
const EMAIL_CHARS = [
  ...'abcdefghijklmnopqrstuvwxyz0123456789',
  ...CYRILLIC,
  ...Array.from({ length: 0x50 }, (_, i) => String.fromCodePoint(0x1d400 + i)),
  ...'!#$%&\'*+-/=?^_`{|}~',
  ...AT_LIMIT_UNITS,
];
const emailChar = fc.constantFrom(...EMAIL_CHARS);
const DOMAINS = ['example.com', 'mail.example.org'];
const SHORTER_DOMAIN = Math.min(...DOMAINS.map((d) => d.length));
const LONGER_DOMAIN = Math.max(...DOMAINS.map((d) => d.length));
const domain = fc.constantFrom(...DOMAINS);
const SHORTEST_EMAIL = 24;
const emailOf = ([n, chars, d]: [number, string[], string]): string => `${chars.slice(0, n - d.length - 1).join('')}@${d}`;

/**
 * Spec 2.2 and 8: an e-mail of `min` to `max` characters, at `max` often. A character is a
 * code point (A-CHARACTER-COUNT): each unit of the local part is one, whatever its UTF-8 or
 * UTF-16 length.
 */
export function emailUpTo(max: number, min = SHORTEST_EMAIL): fc.Arbitrary<string> {
  const length = lengthUpTo(min, max);
  const slow = fc.tuple(length, fc.array(emailChar, { minLength: max, maxLength: max }), domain).map(emailOf);
  // Too short for the longer domain: the local part would be cut as slice() cuts from the end.
  if (min <= LONGER_DOMAIN) return slow;
  // Drawn without fast-check's value per character (generators/drawn.ts): an e-mail at its limit is 128 of them.
  return drawnAs(slow, (mrng, bias) => {
    // The local part is at most n - 12 characters (the shorter domain and the @): only those are kept.
    const n = length.generate(mrng, bias).value;
    const chars = drawUnits(mrng, EMAIL_CHARS, max, n - SHORTER_DOMAIN - 1);
    const d = drawUnit(mrng, DOMAINS);
    chars.length = n - d.length - 1;
    return `${chars.join('')}@${d}`;
  });
}

/**
 * Spec 8: an e-mail past the limit by 1 to 20 characters: ASCII as the scenarios' `$email`
 * builds it, or multi-byte. Whitespace at an edge is left to the scenario cases: in an
 * e-mail it is a doubtful form of its own (A-EMAIL-FORMAT), so no violator sends it.
 */
export const emailOver = (max: number): fc.Arbitrary<string> => oneof(
  fc.integer({ min: max + 1, max: max + 20 }).map(emailOfLength),
  fc.integer({ min: max + 1, max: max + 20 }).chain((n) => emailUpTo(n, n)),
);

/**
 * Digits and letters of a house part, one astral letter among them (a character is a code
 * point), the slash of a corner house (12/3), which JSON may write `\/` (BODY-FORMS), and the
 * characters a limit may be counted otherwise by (contract/edges/text.yaml `at`: й, №, ½, 한…).
 */
const housePartChar = unitFrom(...DIGITS, 'А', 'Б', 'к', 'с', 'A', '𝒜', '/', ...AT_LIMIT_UNITS);

/** `text` with `w` added at its start or its end. */
const withEdge = (text: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc.tuple(text, space, fc.boolean()).map(([t, w, lead]) => (lead ? w + t : t + w));

/**
 * Spec 2.3, 2.7: building (5), structure (7), flat (5): digits and letters, at the limit
 * often, sometimes with a space at an edge that counts toward the limit (A-EDGE-WHITESPACE).
 */
export const housePart = (max: number): fc.Arbitrary<string> =>
  oneof(textUpTo(housePartChar, 1, max), withEdge(textUpTo(housePartChar, 1, max - 1)));

/** A house part past its limit: `max + 1` to `max + 3` characters, or `max` and a space at an edge. */
export const housePartOver = (max: number): fc.Arbitrary<string> =>
  oneof(textBetween(housePartChar, max + 1, max + 3), withEdge(textBetween(housePartChar, max, max)));

/**
 * Spec 2.3, 2.7: a house "including letter", 7 characters at most. The house comes from the
 * profile; a suffix such as `к1`, or a space at an edge, varies it up to the limit (DESIGN
 * principle 7: padded or varied where the spec allows).
 */
export function houseFrom(base: string, max = 7): fc.Arbitrary<string> {
  const room = max - [...base].length;
  return room <= 0 ? fc.constant(base) : oneof(fc.constant(base), textUpTo(housePartChar, 1, room).map((s) => base + s), withEdge(fc.constant(base)));
}

/** A house from the profile padded past the limit: `max + 1` to `max + 3` characters, or to `max` and a space. */
export const houseOver = (base: string, max = 7): fc.Arbitrary<string> => oneof(
  fc.integer({ min: max + 1, max: max + 3 }).map((n) => base + '1'.repeat(Math.max(1, n - [...base].length))),
  withEdge(fc.constant(base + '1'.repeat(Math.max(0, max - [...base].length)))),
);

/** What pads a search to a length: Cyrillic, Latin, astral characters, `%`, and contract/edges/text.yaml's `at` entries. */
const fillerUnit = fc.constantFrom('д', 'x', 'Ж', '🏠', '𝒜', '%', ...AT_LIMIT_UNITS);

const codePoints = (s: string): number => [...s].length;

/**
 * A trailing remark: free text after a comma (A-SEARCH-ADDITIONS), from all of Unicode or from
 * contract/edges/free-text.yaml, and whitespace at the
 * search's edges; the profile's search stays whole, so it names the same place. When the
 * additions would pass `max`, the search is sent as it is.
 */
function withRemark(base: string, max: number): fc.Arbitrary<string> {
  return fc.tuple(edgeSpace, oneof(freeText(24), freeTextEntries('search')), edgeSpace).map(([lead, remark, trail]) => {
    const s = `${lead}${base}, ${remark}${trail}`;
    return codePoints(s) <= max ? s : base;
  });
}

/**
 * A profile search as is, padded inside the limit, padded to the limit exactly (with
 * multi-byte filler, and whitespace at an edge inside the count), or with a trailing remark.
 */
export function searchUpTo(base: string, max: number, atMax?: string): fc.Arbitrary<string> {
  const shortest = codePoints(base) + 3;
  if (shortest > max) return fc.constant(base);
  const atLimit = fc.tuple(fillerUnit, edgeSpace, edgeSpace).map(([u, lead, trail]) =>
    lead + padAddress(base, max - codePoints(lead) - codePoints(trail), u) + trail);
  return oneof(
    fc.constant(base),
    fc.tuple(fc.integer({ min: shortest, max }), fillerUnit).map(([n, u]) => padAddress(base, n, u)),
    atMax !== undefined ? fc.constant(atMax) : atLimit,
    withRemark(base, max),
  );
}

/** A profile search padded past the limit: `max + 1` to `max + 40` characters, or to `max` and whitespace at an edge. */
export const searchOver = (base: string, max: number): fc.Arbitrary<string> => oneof(
  fc.tuple(fc.integer({ min: max + 1, max: max + 40 }), fillerUnit).map(([n, u]) => padAddress(base, n, u)),
  withEdge(fillerUnit.map((u) => padAddress(base, max, u))),
);
