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
 *
 * The harness's own words stay whole whatever the secret (src/profile/public-words.ts: rule IDs,
 * field names, the catalogue's text, file names): a run of a secret's characters that lies inside
 * one whole occurrence of such a word is that word (a sessionID `EVAL-SESSION-8D41B0E6` shares
 * `-SESSION` with `TOP-SESSIONID-REQUIRED`, which was printed `TOP***ID-REQUIRED`). A run that
 * reaches past the word is the secret, and is masked whole.
 */
import { DECODERS, ESCAPE_SYNTAX, type Decoded } from './decoders.ts';
import { publicWords } from './public-words.ts';

export const MASK = '***';

/** The longest run of a secret's characters a text may keep: fewer say too little to matter. */
export const FRAGMENT = 6;

/** How many escapes deep a secret is looked for: an echo of an escaped request, quoted again in a URL. */
const DEPTH = 3;

export type Mask = (text: string) => string;

/** A decoded text, with each code unit's span in the text it was decoded from. */
interface Level { text: string; start: Int32Array; end: Int32Array; depth: number }

/** Every distinct text the chains of decoders give from `text`, each mapped back to it. */
function decodedLevels(text: string, wanted: (units: string) => boolean): Level[] {
  const all: Level[] = [];
  const seen = new Set([text]);
  const from = (parent: Level | undefined): void => {
    const t = parent?.text ?? text;
    for (const decoder of DECODERS) {
      if (!t.includes(decoder.trigger)) continue;
      const d = decoder.decode(t, wanted);
      if (!d || seen.has(d.text)) continue;
      seen.add(d.text);
      all.push({ text: d.text, ...composed(parent, d), depth: (parent?.depth ?? 0) + 1 });
    }
  };
  from(undefined);
  for (let i = 0; i < all.length; i++) if (all[i]!.depth < DEPTH) from(all[i]);
  return all;
}

/** The spans of a decoded text in the original, through its parent's. */
function composed(parent: Level | undefined, d: Decoded): { start: Int32Array; end: Int32Array } {
  if (!parent) return { start: d.start, end: d.end };
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

/** The first characters of the decoders' escapes, as a table of ASCII codes. */
const TRIGGERS = new Uint8Array(128);
for (const d of DECODERS) TRIGGERS[d.trigger.charCodeAt(0)] = 1;
function hasTrigger(text: string): boolean {
  for (const d of DECODERS) if (text.includes(d.trigger)) return true;
  return false;
}

/**
 * The gate for the secrets of a profile's variables: the variables' names (`OCS_SESSION_ID`, which
 * a replay line writes as `"$OCS_SESSION_ID"`) are the harness's words too.
 */
export function variablesMasker(variables: Record<string, { value: string; env: string }>): Mask {
  const key = JSON.stringify(Object.entries(variables).map(([k, v]) => [k, v.value, v.env]));
  let made = madeMaskers.get(key);
  if (!made) {
    made = masker(Object.fromEntries(Object.entries(variables).map(([k, v]) => [k, v.value])), [...publicWords(), ...Object.values(variables).map((v) => v.env)]);
    if (madeMaskers.size >= MADE_MASKERS) madeMaskers.clear();
    madeMaskers.set(key, made);
  }
  return made;
}

/**
 * The gates made, by their variables: a replay line (src/report/evidence.ts curlLine) asks for
 * one for each failing rule's evidence, and making one (the secrets' fragments, the public words'
 * fragments) cost a run whose every rule failed about 0.4 s of CPU in each of its workers. Kept in
 * this process's memory only, as the secrets already are.
 */
const madeMaskers = new Map<string, Mask>();
const MADE_MASKERS = 8;

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
  const shortest = Math.min(FRAGMENT, ...whole.map((w) => w.length));
  const hashes = new Set([...grams].map(hashOf));
  // A first look at a hash's low bits, far cheaper per position than the set.
  const seen = new Uint8Array(1 << 16);
  for (const h of hashes) seen[h & 0xffff] = 1;
  // What an escape must stand for to be worth decoding: a character of a secret, or one an
  // escape is written with (the next level may read it as part of one). Code units, so that each
  // half of a surrogate pair JSON writes as two escapes is one.
  const units = new Set([...values.join('').split(''), ...ESCAPE_SYNTAX]);
  const wanted = (decoded: string): boolean => {
    for (let k = 0; k < decoded.length; k++) if (units.has(decoded[k]!)) return true;
    return false;
  };
  // Where a fragment of a secret stands inside a public word: the word, and the fragment's offset in it.
  const inWords = new Map<string, { word: string; at: number }[]>();
  for (const word of words) {
    for (let at = 0; at + FRAGMENT <= word.length; at++) {
      const g = word.slice(at, at + FRAGMENT);
      if (grams.has(g)) inWords.set(g, [...(inWords.get(g) ?? []), { word, at }]);
    }
  }
  // A run of a secret's characters [from, to) that lies inside one whole occurrence of a public
  // word is that word. The whole run is weighed, not each fragment: an echo that holds a word and
  // more of the secret around it (`TOP-SESSIONID-REQUIRED-7F` of a secret holding a rule ID) is masked whole.
  const inWord = (text: string, from: number, to: number): boolean =>
    (inWords.get(text.slice(from, from + FRAGMENT)) ?? []).some(({ word, at }) => from >= at && to - from + at <= word.length && text.startsWith(word, from - at));
  /**
   * Adds to `spans` each run of a secret in `t` (fragments that meet or overlap, joined), as a
   * start and an end; in a decoded text (`level`, of the stretch at `offset`), the span of the
   * original it came from. No closure is made per call: tsx keeps every closure's name, at a
   * property definition each (issue 44).
   */
  const search = (t: string, spans: number[], level?: Level, offset = 0): void => {
    let h = 0;
    let run = -1;
    let end = -1;
    for (let i = 0; i < t.length; i++) {
      if (i >= FRAGMENT) h = (h - Math.imul(t.charCodeAt(i - FRAGMENT), TOP)) | 0;
      h = (Math.imul(h, BASE) + t.charCodeAt(i)) | 0;
      const p = i - FRAGMENT + 1;
      if (p < 0 || seen[h & 0xffff] === 0 || !hashes.has(h) || !grams.has(t.slice(p, i + 1))) continue;
      if (p > end) {
        if (run >= 0 && !inWord(t, run, end)) addSpan(spans, run, end, level, offset);
        run = p;
      }
      end = i + 1;
    }
    if (run >= 0 && !inWord(t, run, end)) addSpan(spans, run, end, level, offset);
    for (const w of whole) for (let p = t.indexOf(w); p !== -1; p = t.indexOf(w, p + 1)) addSpan(spans, p, p + w.length, level, offset);
  };
  const cut = cutPoints(values);

  return (text: string): string => {
    const spans: number[] = [];
    search(text, spans);
    if (!hasTrigger(text)) return spans.length ? masked(text, spans) : text;
    // The decoders read only the stretches between cut points that hold an escape's first
    // character: no spelling of a secret runs across a cut point, and a stretch with no escape
    // has nothing to decode. So the gate's work on a long text is mostly one pass.
    let from = 0;
    let escapes = false;
    for (let i = 0; i <= text.length; i++) {
      const c = i < text.length ? text.charCodeAt(i) : -1;
      if (c === -1 || (c < 128 && cut[c] === 1)) {
        if (escapes && i - from >= shortest) {
          for (const level of decodedLevels(text.slice(from, i), wanted)) search(level.text, spans, level, from);
        }
        from = i + 1;
        escapes = false;
      } else if (c < 128 && TRIGGERS[c] === 1) escapes = true;
    }
    return spans.length ? masked(text, spans) : text;
  };
}

/** A run [from, to) of `t` found in a search, as a span of the text masked: through `level`'s spans, from `offset`, when `t` was decoded from a stretch of it. */
function addSpan(spans: number[], from: number, to: number, level: Level | undefined, offset: number): void {
  if (level) spans.push(offset + level.start[from]!, offset + level.end[to - 1]!);
  else spans.push(from, to);
}

/**
 * The characters no spelling of a secret runs across: punctuation and spaces (ASCII) that no
 * secret holds and no escape is written with (JSON's `\uXXXX` and `\"`, XML's `&#x…;`, URLs'
 * `%XX`, a form's `+`). Letters and digits are never one, so no word is cut either.
 */
function cutPoints(secrets: string[]): Uint8Array {
  const inSecrets = new Set(secrets.join(''));
  const cut = new Uint8Array(128);
  for (const c of ' \n\r\t{}[],:<>=!?()*|~^$\'@') if (!inSecrets.has(c) && !ESCAPE_SYNTAX.includes(c) && c !== '+') cut[c.charCodeAt(0)] = 1;
  return cut;
}

const isHigh = (c: number): boolean => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number): boolean => c >= 0xdc00 && c <= 0xdfff;

/** The text with each span (pairs of start and end), merged where they meet, as one MASK; a span never ends between the two halves of a surrogate pair. */
function masked(text: string, spans: number[]): string {
  const pairs: [number, number][] = [];
  for (let k = 0; k < spans.length; k += 2) {
    let a = spans[k]!;
    let b = spans[k + 1]!;
    if (a > 0 && isLow(text.charCodeAt(a)) && isHigh(text.charCodeAt(a - 1))) a--;
    if (b < text.length && isLow(text.charCodeAt(b)) && isHigh(text.charCodeAt(b - 1))) b++;
    pairs.push([a, b]);
  }
  pairs.sort((x, y) => x[0] - y[0]);
  let out = '';
  let from = 0;
  for (const [a, b] of pairs) {
    if (b <= from) continue;
    out += a > from ? `${text.slice(from, a)}${MASK}` : out.endsWith(MASK) ? '' : MASK;
    from = b;
  }
  return out + text.slice(from);
}
