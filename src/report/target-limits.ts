/**
 * The target's own limits on strings the spec gives none (profile `targetLimits`, issue 42):
 * like waivers, declared, never hidden. summary.json lists them, and the certificate shows each
 * with its reason beside the rule whose checks sent the field at that length instead
 * (LIM-UNSTATED-LENGTH, src/scenario/lengths.ts).
 */
import { readProfile, type TargetLimit } from '../profile/load.ts';
import { esc } from './html-text.ts';

/** The profile's declarations; undefined when it declares none or cannot be read (a merge without it). */
export function declaredLimits(profileFile: string | undefined): TargetLimit[] | undefined {
  if (!profileFile) return undefined;
  try {
    const limits = readProfile(profileFile).targetLimits;
    return limits?.length ? limits : undefined;
  } catch {
    return undefined;
  }
}

export function targetLimitsHtml(limits: TargetLimit[]): string {
  return `<h2 id="target-limits">The target's own limits (${limits.length})</h2>
<p>Limits the spec does not state (section 8 lists every one), declared by the profile for this target: <code>LIM-UNSTATED-LENGTH</code> sent each field at the declared length instead of past 255, 1,000 and 4,000 characters, so the certificate holds for strings up to these lengths only.</p>
<table id="target-limits-table"><thead><tr><th>Field</th><th>Operation</th><th>Characters at most</th><th>Reason</th></tr></thead>
<tbody>
${limits.map((l) => `<tr><td><code>${esc(l.field)}</code></td><td>${l.operation ?? 'both'}</td><td>${l.maxLength}</td><td>${esc(l.reason)}</td></tr>`).join('\n')}
</tbody></table>`;
}
