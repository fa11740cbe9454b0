/**
 * Near misses of a credential (issue 32, contract/edges/credentials.yaml): values one small step
 * from the secret, which a service that compares credentials loosely (a prefix, the first N
 * characters, without case, from the second character) takes for it. Each is derived from the
 * secret, so it is as secret as the secret: the report mask must hide it, and a replay line
 * writes it as a shell expression of the secret's variable, never as its value.
 */

/** The near misses contract/edges/credentials.yaml names (`miss:`). */
export const NEAR_MISSES = ['firstChanged', 'lastChanged', 'properPrefix', 'extension', 'caseChanged', 'edgeSpaces'] as const;
export type NearMissKind = (typeof NEAR_MISSES)[number];

/**
 * The report mask hides any run of this many of a secret's characters (src/profile/mask.ts), and
 * shows shorter runs: a near miss is sent only when what it keeps of the secret is masked.
 */
const MASKED_RUN = 6;

export interface NearMiss {
  value: string;
  /** The same value in a POSIX shell, inside double quotes, from the variable `env` holding the secret. */
  shell: (env: string) => string;
}

/**
 * The characters that may stand for `c`: the others of its class (digit, lower or upper case
 * ASCII letter) from the next one round, else `x` to `z`; never one a shell, JSON or XML quotes.
 */
function others(c: string): string[] {
  const round = (from: string, size: number) => Array.from({ length: size - 1 }, (_, k) => String.fromCharCode(from.charCodeAt(0) + ((c.charCodeAt(0) - from.charCodeAt(0) + 1 + k) % size)));
  if (/[0-9]/.test(c)) return round('0', 10);
  if (/[a-z]/.test(c)) return round('a', 26);
  if (/[A-Z]/.test(c)) return round('A', 26);
  return ['x', 'y', 'z'];
}

const swapCase = (c: string): string => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase());

/**
 * A letter whose case can change in one character, the first of its kind in the secret (so a
 * shell finds it by value), with `MASKED_RUN` characters of the secret on each side; the one
 * nearest the middle.
 */
function middleLetter(chars: string[]): number {
  const mid = (chars.length - 1) / 2;
  const at = chars
    .map((c, i) => ({ c, i }))
    .filter(({ c, i }) => i >= MASKED_RUN && chars.length - 1 - i >= MASKED_RUN && chars.indexOf(c) === i
      && swapCase(c) !== c && [...swapCase(c)].length === 1 && !/[a-fA-F]/.test(c))
    .sort((a, b) => Math.abs(a.i - mid) - Math.abs(b.i - mid));
  return at[0]?.i ?? -1;
}

/**
 * Characters of the secret as a shell pattern that matches them literally, whatever the shell's
 * locale (a `?` counts bytes in some shells and characters in others). Each is one the near miss
 * already shows, never more.
 */
const lit = (s: string): string => `"${s.replace(/["\\$`]/g, '\\$&')}"`;

/**
 * The near miss of a kind, or why none is sent: a secret too short for the mask to hide what a
 * near miss keeps of it, or one with no letter a case change can safely swap. Hexadecimal letters
 * are never swapped: a key or session written in hexadecimal (a UUID) may rightly be read
 * without case (RFC 9562 §4: case insensitive on input). `credentials` are the profile's other
 * secrets (a further identity's appkey or session), which a near miss must not be.
 */
export function nearMiss(kind: NearMissKind, secret: string, credentials: readonly string[] = []): NearMiss | { none: string } {
  const chars = [...secret];
  const n = chars.length;
  const cuts = kind !== 'extension' && kind !== 'edgeSpaces';
  if (cuts && n - 1 < MASKED_RUN) return { none: `the secret has ${n} characters: a near miss would show ${n - 1} of them, and the report mask hides runs of ${MASKED_RUN} or more` };
  // Another credential of the profile (a further identity's) is no near miss: it is valid.
  const free = (value: string): boolean => !credentials.includes(value);
  const changed = (c: string, make: (r: string) => string, shell: (r: string, env: string) => string): NearMiss | { none: string } => {
    const r = others(c).find((x) => free(make(x)));
    return r === undefined ? { none: 'every such value is another credential of the profile' } : { value: make(r), shell: (env) => shell(r, env) };
  };
  const kept = (m: NearMiss): NearMiss | { none: string } => (free(m.value) ? m : { none: 'it is another credential of the profile' });
  switch (kind) {
    case 'firstChanged': return changed(chars[0]!, (r) => r + chars.slice(1).join(''), (r, env) => `${r}\${${env}#${lit(chars[0]!)}}`);
    case 'lastChanged': return changed(chars[n - 1]!, (r) => chars.slice(0, -1).join('') + r, (r, env) => `\${${env}%${lit(chars[n - 1]!)}}${r}`);
    case 'extension': return changed(chars[n - 1]!, (r) => secret + r, (r, env) => `\${${env}}${r}`);
    case 'properPrefix': return kept({ value: chars.slice(0, -1).join(''), shell: (env) => `\${${env}%${lit(chars[n - 1]!)}}` });
    case 'edgeSpaces': return kept({ value: ` ${secret} `, shell: (env) => ` \${${env}} ` });
    case 'caseChanged': {
      const i = middleLetter(chars);
      if (i < 0) return { none: `no letter of the secret (but a hexadecimal digit, or one it holds twice before) stands ${MASKED_RUN} characters from both its ends, where the report mask hides what a case change keeps of it` };
      const [letter, c] = [chars[i]!, swapCase(chars[i]!)];
      return kept({
        value: chars.slice(0, i).join('') + c + chars.slice(i + 1).join(''),
        // Before the letter's first occurrence, the other case, after it.
        shell: (env) => `\${${env}%%${lit(letter)}*}${c}\${${env}#*${lit(letter)}}`,
      });
    }
  }
}

/**
 * How a replay line writes a secret and each of its near misses: the secret as `$<env>`, a near
 * miss as its shell expression, longest first (so a near miss that holds the secret is written
 * whole, and the secret is found before a prefix of it).
 */
export function replaySpellings(secret: string, env: string, credentials: readonly string[] = []): { value: string; shell: string }[] {
  const misses = NEAR_MISSES.map((k) => nearMiss(k, secret, credentials)).flatMap((m) => ('none' in m ? [] : [{ value: m.value, shell: m.shell(env) }]));
  return [{ value: secret, shell: `$${env}` }, ...misses].sort((a, b) => b.value.length - a.value.length);
}
