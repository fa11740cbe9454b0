/**
 * Waivers: a buyer's record of a known, argued deviation (issue 18). Each names a MUST rule,
 * optionally one format, the reason, and optionally its last day. They come from the profile's
 * `waivers` section and from a `--waivers FILE` (OCS_WAIVERS) of the same shape, and are
 * checked before any request: a problem names the file and the key, as the profile's do.
 */
import { createHash } from 'node:crypto';
import { FORMATS, loadRules, type Format } from '../contract/load.ts';
import { ProfileError, readChecked, readProfile } from './load.ts';
import type { WaiverEntry } from './waiver-entry.ts';

export type { WaiverEntry };

/** A checked waiver and where it was written (`profiles/x.yaml: key waivers.0`). */
export interface Waiver extends WaiverEntry { source: string }

/** A real calendar day in YYYY-MM-DD: 2027-02-30 is refused, not rolled over to March. */
const isDay = (text: string): boolean => {
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
};

/** The formats a waiver covers: its format, else both. */
export const formatsOf = (w: WaiverEntry): Format[] => (w.format ? [w.format] : FORMATS);

/** Checks one file's list against the catalog: a known MUST rule (nothing else changes a verdict), a real day. */
function checked(entries: WaiverEntry[], file: string): Waiver[] {
  const levels = new Map(loadRules().map((r) => [r.id, r.level]));
  return entries.map((w, i) => {
    const key = `${file}: key waivers.${i}`;
    const level = levels.get(w.rule);
    if (!level) throw new ProfileError(`${key}.rule: unknown rule ID '${w.rule}' (\`ocs-conformance rules\` lists them)`);
    if (level !== 'MUST') throw new ProfileError(`${key}.rule: ${w.rule} is a ${level} rule; only a MUST rule's failure changes the verdict, so only a MUST rule can be waived`);
    if (w.expires !== undefined && !isDay(w.expires)) throw new ProfileError(`${key}.expires: '${w.expires}' is not a calendar day (YYYY-MM-DD)`);
    return { rule: w.rule, ...(w.format ? { format: w.format } : {}), reason: w.reason.trim(), ...(w.expires ? { expires: w.expires } : {}), source: key };
  });
}

/** A waiver file: `waivers:` and its list, nothing else. */
function readWaiverFile(file: string): WaiverEntry[] {
  return readChecked<{ waivers: WaiverEntry[] }>(file, 'the waivers', 'waivers.schema.json').waivers;
}

/**
 * The run's waivers: the profile's, then the waiver file's. Two waivers of one rule that
 * cover a format in common are refused: which reason would the certificate give?
 */
export function readWaivers(profileFile: string, waiverFile?: string): Waiver[] {
  const all = [
    ...checked(readProfile(profileFile).waivers ?? [], profileFile),
    ...(waiverFile ? checked(readWaiverFile(waiverFile), waiverFile) : []),
  ];
  all.forEach((w, i) => {
    const twin = all.slice(0, i).find((o) => o.rule === w.rule && formatsOf(o).some((f) => formatsOf(w).includes(f)));
    if (twin) throw new ProfileError(`${w.source}: ${w.rule} is waived already (${twin.source}) for ${formatsOf(w).filter((f) => formatsOf(twin).includes(f)).join(' and ')}`);
  });
  return all;
}

/** The waivers of the run described by `env` (OCS_PROFILE, OCS_WAIVERS), none without a profile. */
export function runWaivers(env: NodeJS.ProcessEnv): Waiver[] {
  return env.OCS_PROFILE ? readWaivers(env.OCS_PROFILE, env.OCS_WAIVERS || undefined) : [];
}

/**
 * sha256 of the canonical waiver list: each waiver's rule, format, reason and last day, in that
 * key order, sorted by rule and format. Where a waiver is written, and in which order, does
 * not change it; any change of what is waived, why or until when does.
 */
export function waiversHash(waivers: WaiverEntry[]): string {
  const canonical = waivers
    .map((w) => ({ rule: w.rule, format: w.format ?? null, reason: w.reason, expires: w.expires ?? null }))
    .sort((a, b) => a.rule.localeCompare(b.rule) || String(a.format).localeCompare(String(b.format)));
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}
