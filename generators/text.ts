import fc from 'fast-check';
import { oneof } from './combinators.ts';
import { padAddress } from '../src/scenario/build.ts';

const CYRILLIC = [...'абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ'];
const LATIN = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'];
/** The characters XML must escape: a name carrying them tests both codecs (DESIGN principle 4). */
const XML_SPECIAL = [...'&<>"\''];
const DIGITS = [...'0123456789'];

export const digit = fc.constantFrom(...DIGITS);

/**
 * A length in [min, max] that hits `max` itself often: limits are tested at and inside.
 * The free length comes first because fc.oneof shrinks toward its first branch.
 */
const lengthUpTo = (min: number, max: number): fc.Arbitrary<number> =>
  oneof(fc.integer({ min, max }), fc.constant(max));

/** A string of `unit`s, `length` of them; `max` bounds what `length` draws. */
const textOf = (unit: fc.Arbitrary<string>, length: fc.Arbitrary<number>, max: number): fc.Arbitrary<string> =>
  fc.tuple(length, fc.array(unit, { minLength: max, maxLength: max })).map(([n, units]) => units.slice(0, n).join(''));

/** A string of `unit`s whose length is [min, max], at the limit often (spec 8 limits). */
const textUpTo = (unit: fc.Arbitrary<string>, min: number, max: number): fc.Arbitrary<string> => textOf(unit, lengthUpTo(min, max), max);

/** A string of `unit`s whose length is anywhere in [min, max]. */
export const textBetween = (unit: fc.Arbitrary<string>, min: number, max: number): fc.Arbitrary<string> =>
  textOf(unit, fc.integer({ min, max }), max);

/** A string of exactly `min` to `max` digits (phone numbers, extensions). */
export const digitsUpTo = (min: number, max: number): fc.Arbitrary<string> => textUpTo(digit, min, max);

/** Exactly n digits. */
export const digitsOf = (n: number): fc.Arbitrary<string> => fc.array(digit, { minLength: n, maxLength: n }).map((d) => d.join(''));

const wordChar = fc.constantFrom(...CYRILLIC, ...LATIN, ...XML_SPECIAL, '-', '.');

/** Names people and companies really carry, Cyrillic and XML-special characters included. */
const KNOWN_NAMES = ['Иванов Иван Иванович', 'Пётр O\'Brien', 'ООО "Ромашка & Ко" <Север>', 'АО «Вектор» & Partners', 'Анна-Мария Łukasz', 'ИП Смирнова Е.А.'];

/**
 * Spec 2.2 (contactPersons[].name) and 2.3 (counteragent name): a string with no length
 * limit. Words of Cyrillic and Latin letters and & < > " ', joined by single spaces, so the
 * value is never empty and never starts or ends with whitespace (DESIGN principle 3).
 */
export const personName: fc.Arbitrary<string> = oneof(
  fc.constantFrom(...KNOWN_NAMES),
  fc.array(fc.string({ unit: wordChar, minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 4 }).map((w) => w.join(' ')),
);

const emailChar = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789');
const DOMAINS = ['example.com', 'mail.example.org'];
const SHORTEST_EMAIL = 24;

/**
 * Spec 2.2 and 8: an e-mail of `min` to `max` characters, at `max` often. ASCII only, so a
 * character is one code point and one UTF-16 unit (contract/assumptions.yaml A-CHARACTER-COUNT).
 */
export function emailUpTo(max: number, min = SHORTEST_EMAIL): fc.Arbitrary<string> {
  return fc.tuple(lengthUpTo(min, max), fc.array(emailChar, { minLength: max, maxLength: max }), fc.constantFrom(...DOMAINS))
    .map(([n, chars, domain]) => `${chars.slice(0, n - domain.length - 1).join('')}@${domain}`);
}

const housePartChar = fc.constantFrom(...DIGITS, 'А', 'Б', 'к', 'с', 'A');

/** Spec 2.3, 2.7: building (5), structure (7), flat (5): digits and letters, at the limit often. */
export const housePart = (max: number): fc.Arbitrary<string> => textUpTo(housePartChar, 1, max);

/** A house part past its limit: `max + 1` to `max + 3` characters. */
export const housePartOver = (max: number): fc.Arbitrary<string> => textBetween(housePartChar, max + 1, max + 3);

/**
 * Spec 2.3, 2.7: a house "including letter", 7 characters at most. The house comes from the
 * profile; a suffix such as `к1` varies it up to the limit (DESIGN principle 7: padded or
 * varied where the spec allows).
 */
export function houseFrom(base: string, max = 7): fc.Arbitrary<string> {
  const room = max - [...base].length;
  return room <= 0 ? fc.constant(base) : oneof(fc.constant(base), textUpTo(housePartChar, 1, room).map((s) => base + s));
}

/** A house from the profile padded past the limit: `max + 1` to `max + 3` characters. */
export const houseOver = (base: string, max = 7): fc.Arbitrary<string> =>
  fc.integer({ min: max + 1, max: max + 3 }).map((n) => base + '1'.repeat(Math.max(1, n - [...base].length)));

const fillerUnit = fc.constantFrom('д', 'x', 'Ж');

/** A profile search as is, padded inside the limit, or padded to the limit exactly. */
export function searchUpTo(base: string, max: number, atMax?: string): fc.Arbitrary<string> {
  const shortest = [...base].length + 3;
  if (shortest > max) return fc.constant(base);
  return oneof(
    fc.constant(base),
    fc.tuple(fc.integer({ min: shortest, max }), fillerUnit).map(([n, u]) => padAddress(base, n, u)),
    atMax !== undefined ? fc.constant(atMax) : fillerUnit.map((u) => padAddress(base, max, u)),
  );
}

/** A profile search padded past the limit: `max + 1` to `max + 40` characters. */
export const searchOver = (base: string, max: number): fc.Arbitrary<string> =>
  fc.tuple(fc.integer({ min: max + 1, max: max + 40 }), fillerUnit).map(([n, u]) => padAddress(base, n, u));
