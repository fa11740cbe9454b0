/**
 * Replaces every occurrence of a secret (appkey, sessionID) with a fixed mask, in any
 * text that leaves the process: reports, logs, attachments, curl lines, error messages.
 * A target may send a secret back spelled otherwise: JSON-escaped, XML-escaped or
 * URL-encoded, and an echo of a JSON or XML request escapes what that request had escaped
 * already. So each secret is masked in every spelling those three make, chained up to three
 * deep.
 */
export const MASK = '***';

/** The shortest piece of a secret masked on its own: a prefix this long gives too much away. */
export const PREFIX_MASKED = 6;

const xmlEscape = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
const jsonEscape = (s: string): string => JSON.stringify(s).slice(1, -1);
const ESCAPES = [jsonEscape, xmlEscape, encodeURIComponent];

/** How many escapes deep a spelling is followed: an echo of an escaped request, quoted again in a URL. */
const DEPTH = 3;

/** A secret as it may be spelled in a body, a header or a URL: every chain of up to DEPTH escapes. */
function spellingsOf(secret: string): string[] {
  let level = [secret];
  const all = [secret];
  for (let i = 0; i < DEPTH; i++) {
    level = level.flatMap((s) => ESCAPES.map((e) => e(s)));
    all.push(...level);
  }
  return all;
}

function spellings(secrets: Record<string, string>): string[] {
  const all = new Set(Object.values(secrets).filter(Boolean).flatMap(spellingsOf));
  // Longest first, so a secret that contains another is masked whole.
  return [...all].sort((a, b) => b.length - a.length);
}

/**
 * Masks each secret whole, in each spelling. Masking a response body with it as soon as the
 * body is read (src/client/transport.ts `masking`) is what keeps a cut excerpt from holding
 * half a secret: nothing is cut before this ran.
 */
export function masker(secrets: Record<string, string>): (text: string) => string {
  const ordered = spellings(secrets);
  if (ordered.length === 0) return (text) => text;
  // One pass over the text for every spelling at once (a response is masked as it is read, so
  // this runs on every one); the alternation tries the longest spelling first.
  const any = new RegExp(ordered.map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
  return (text: string) => text.replace(any, MASK);
}

/**
 * What reports, logs and attachments go through: each secret masked whole, and then any run
 * of PREFIX_MASKED or more of a secret's first characters wherever it stands, the end of a
 * cut included (a target that echoes part of a key, a text cut before it was masked).
 */
export function outputMasker(secrets: Record<string, string>): (text: string) => string {
  const whole = masker(secrets);
  const heads = spellings(secrets).filter((s) => s.length >= PREFIX_MASKED);
  const firsts = new Set(heads.map((s) => s[0]!));
  // At each place a spelling's first characters stand, the longest run of any spelling is masked.
  const matched = (text: string, at: number): number =>
    heads.reduce((longest, s) => {
      let n = 0;
      while (n < s.length && at + n < text.length && text[at + n] === s[n]) n++;
      return n >= PREFIX_MASKED ? Math.max(longest, n) : longest;
    }, 0);
  return (text: string) => {
    const out = whole(text);
    let masked = '';
    let from = 0;
    for (let at = 0; at <= out.length - PREFIX_MASKED; at++) {
      if (!firsts.has(out[at]!)) continue;
      const n = matched(out, at);
      if (n === 0) continue;
      masked += `${out.slice(from, at)}${MASK}`;
      from = at + n;
      at = from - 1;
    }
    return masked + out.slice(from);
  };
}
