/**
 * The one masking gate for every text that leaves the process: responses as they are read,
 * reports, console lines, attachments, curl lines, the errors and titles handed to Playwright,
 * and every file under the report directory when the run ends (src/report/sweep.ts).
 *
 * A target may echo a secret raw, escaped as JSON, XML or a URL escapes it, escaped again by an
 * answer that quotes an escaped request, escaped in part (`Zq7&amp;Lm"x9`: one character
 * escaped, the next not), and cut anywhere by an excerpt. Listing spellings cannot cover the
 * mixes, so the gate decodes instead: the text, and each chain of up to three decoders
 * (src/profile/decoders.ts) applied to it, is searched for every run of FRAGMENT code units of
 * a secret; each one found is mapped back to the span of the original text it came from, and
 * the union of those spans is masked. So a secret is masked whole in any mix of escapes, and so
 * is any run of FRAGMENT or more of its characters, wherever a cut lands.
 */
import { DECODERS, ESCAPE_SYNTAX, type Decoded } from './decoders.ts';
import { publicWords } from './public-words.ts';

export const MASK = '***';

/** The longest run of a secret's characters a text may keep: fewer say too little to matter. */
export const FRAGMENT = 6;

/** How many escapes deep a secret is looked for: an echo of an escaped request, quoted again in a URL. */
const DEPTH = 3;

export type Mask = (text: string) => string;

/** A text the gate searches, with each code unit's span in the original (none: the original itself). */
interface Level { text: string; start?: Int32Array; end?: Int32Array; depth: number }

/** A text and every distinct text its chains of decoders give, each mapped back to the original. */
function levels(text: string, wanted: (units: string) => boolean): Level[] {
  const all: Level[] = [{ text, depth: 0 }];
  const seen = new Set([text]);
  for (let i = 0; i < all.length; i++) {
    const level = all[i]!;
    if (level.depth === DEPTH) continue;
    for (const decoder of DECODERS) {
      if (!level.text.includes(decoder.trigger)) continue;
      const d = decoder.decode(level.text, wanted);
      if (!d || seen.has(d.text)) continue;
      seen.add(d.text);
      all.push({ text: d.text, ...composed(level, d), depth: level.depth + 1 });
    }
  }
  return all;
}

/** The spans of a decoded text in the original, through its parent's. */
function composed(parent: Level, d: Decoded): { start: Int32Array; end: Int32Array } {
  if (!parent.start || !parent.end) return { start: d.start, end: d.end };
  const start = new Int32Array(d.text.length);
  const end = new Int32Array(d.text.length);
  for (let j = 0; j < d.text.length; j++) {
    start[j] = parent.start[d.start[j]!]!;
    end[j] = parent.end[d.end[j]! - 1]!;
  }
  return { start, end };
}

/** A polynomial hash of FRAGMENT code units, rolled one unit at a time: a set lookup per position, no string built. */
const BASE = 31;
const TOP = Array.from({ length: FRAGMENT - 1 }).reduce<number>((p) => Math.imul(p, BASE), 1);
const hashOf = (s: string): number => {
  let h = 0;
  for (let k = 0; k < s.length; k++) h = (Math.imul(h, BASE) + s.charCodeAt(k)) | 0;
  return h;
};

/** A secret's spaces as sent in a form (application/x-www-form-urlencoded writes `+`), as well as raw. */
function withPluses(s: string): string[] {
  return [...s].reduce<string[]>((all, c) => (c === ' ' ? all.flatMap((p) => [`${p} `, `${p}+`]) : all.map((p) => p + c)), ['']);
}

/**
 * The gate for these secrets (an empty value is none). `words`: text that stays even where it
 * holds a run of a secret (publicWords by default).
 */
export function masker(secrets: Record<string, string>, words: string[] = publicWords()): Mask {
  const values = [...new Set(Object.values(secrets).filter(Boolean))];
  if (values.length === 0) return (text) => text;
  const grams = new Set<string>();
  const whole: string[] = [];
  for (const secret of values) {
    if (secret.length < FRAGMENT) whole.push(...withPluses(secret));
    for (let i = 0; i + FRAGMENT <= secret.length; i++) for (const g of withPluses(secret.slice(i, i + FRAGMENT))) grams.add(g);
  }
  const hashes = new Set([...grams].map(hashOf));
  // A first look at a hash's low bits, far cheaper per position than the set.
  const seen = new Uint8Array(1 << 16);
  for (const h of hashes) seen[h & 0xffff] = 1;
  // What an escape must stand for to be worth decoding: a character of a secret, or one an
  // escape is written with (the next level may read it as part of one). Code units, so that each
  // half of a surrogate pair JSON writes as two escapes is one.
  const units = new Set([...values.join('').split(''), ...ESCAPE_SYNTAX]);
  const wanted = (decoded: string): boolean => decoded.split('').some((u) => units.has(u));
  // Where a fragment of a secret stands inside a public word: the word, and the fragment's offset in it.
  const inWords = new Map<string, { word: string; at: number }[]>();
  for (const word of words) {
    for (let at = 0; at + FRAGMENT <= word.length; at++) {
      const g = word.slice(at, at + FRAGMENT);
      if (grams.has(g)) inWords.set(g, [...(inWords.get(g) ?? []), { word, at }]);
    }
  }
  const isWord = (text: string, p: number, g: string): boolean => (inWords.get(g) ?? []).some(({ word, at }) => p >= at && text.startsWith(word, p - at));

  const cuttable = cutPoints(values);
  const piece = (text: string): string => {
    if (text.length === 0) return text;
    // +1 where a masked span starts, -1 where it ends, over the original text.
    const marks = new Int32Array(text.length + 1);
    let found = false;
    const mark = (level: Level, from: number, to: number): void => {
      marks[level.start ? level.start[from]! : from]! += 1;
      marks[level.end ? level.end[to - 1]! : to]! -= 1;
      found = true;
    };
    for (const level of levels(text, wanted)) {
      const t = level.text;
      let h = 0;
      for (let i = 0; i < t.length; i++) {
        if (i >= FRAGMENT) h = (h - Math.imul(t.charCodeAt(i - FRAGMENT), TOP)) | 0;
        h = (Math.imul(h, BASE) + t.charCodeAt(i)) | 0;
        const p = i - FRAGMENT + 1;
        if (p < 0 || seen[h & 0xffff] === 0 || !hashes.has(h)) continue;
        const g = t.slice(p, i + 1);
        if (grams.has(g) && !isWord(t, p, g)) mark(level, p, i + 1);
      }
      for (const w of whole) for (let p = t.indexOf(w); p !== -1; p = t.indexOf(w, p + 1)) mark(level, p, p + w.length);
    }
    return found ? masked(text, marks) : text;
  };
  // A long text (a report's data, a 60 MB body) in pieces, so that the gate's work and memory
  // stay those of a piece; a piece ends only where no secret, however escaped, can go on.
  return (text: string): string => {
    if (text.length <= PIECE) return piece(text);
    let out = '';
    let changed = false;
    for (let from = 0; from < text.length;) {
      let to = Math.min(text.length, from + PIECE);
      while (to < text.length && !cuttable.has(text[to - 1]!)) to++;
      const part = text.slice(from, to);
      const after = piece(part);
      changed ||= after !== part;
      out += after;
      from = to;
    }
    return changed ? out : text;
  };
}

/** The length of text the gate searches at once. */
const PIECE = 64 * 1024;

/**
 * The characters after which a long text may be cut: punctuation and spaces that no secret
 * holds and no escape is written with (JSON's `\uXXXX`, XML's `&#x…;` and `&quot;`, URLs' `%XX`,
 * a form's `+`), so no spelling of a secret, and no field name, runs across them.
 */
function cutPoints(secrets: string[]): Set<string> {
  const inSecrets = new Set(secrets.join(''));
  return new Set([...' \n\t{}[],:<>=!?()*|~^$\'"@'].filter((c) => !inSecrets.has(c) && !'\\/"&#;%+'.includes(c)));
}

const isHigh = (c: number): boolean => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number): boolean => c >= 0xdc00 && c <= 0xdfff;

/** Each run of marked code units becomes one MASK; a run never ends between the two halves of a surrogate pair. */
function masked(text: string, marks: Int32Array): string {
  let out = '';
  let from = 0;
  let depth = 0;
  let runStart = -1;
  for (let i = 0; i <= text.length; i++) {
    depth += marks[i]!;
    if (depth > 0 && runStart === -1) {
      runStart = i > 0 && isLow(text.charCodeAt(i)) && isHigh(text.charCodeAt(i - 1)) ? i - 1 : i;
    } else if (depth === 0 && runStart !== -1) {
      const end = i < text.length && isLow(text.charCodeAt(i)) && isHigh(text.charCodeAt(i - 1)) ? i + 1 : i;
      if (runStart < from) runStart = from; // the previous run took the pair's first half
      out += `${text.slice(from, runStart)}${MASK}`;
      from = Math.max(from, end);
      runStart = -1;
    }
  }
  return out + text.slice(from);
}
