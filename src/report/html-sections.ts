/**
 * The certificate's sections below the first screen that tell one thing each: the changes
 * since a baseline run, the waivers, the skipped checks, the target's clock, and what the run
 * was measured with.
 */
import type { Provenance, RuleChange, Summary } from './summary-shape.ts';
import type { SideCell } from './cutoffs.ts';
import { waiverLine } from './waivers.ts';
import { COLOURS, esc } from './html-text.ts';
import { latencyChangesHtml } from './html-latency.ts';

const changeItem = (c: RuleChange): string => `<li><code>${esc(c.rule)}</code> [${c.format}] (${c.level}): ${c.was} → ${c.now}</li>`;

/** The "changed since baseline" section, regressions first. */
export function baselineHtml(b: NonNullable<Summary['baseline']>): string {
  const group = (title: string, items: RuleChange[], colour?: string) => items.length === 0 ? '' : `<h3${colour ? ` style="color:${colour}"` : ''}>${title} (${items.length})</h3><ul>${items.map(changeItem).join('')}</ul>`;
  return `<h2 id="baseline">Changed since baseline</h2>
<p>Compared with <code>${esc(b.file)}</code>${b.generatedAt ? ` of ${esc(b.generatedAt)}` : ''}${b.verdict ? ` (then ${esc(b.verdict)})` : ''}: ${b.regressions.length} regressed, ${b.fixes.length} fixed, ${b.untested.length} no longer tested.</p>
${group('Regressions', b.regressions, COLOURS.fail)}${group('Fixes', b.fixes, COLOURS.pass)}${group('No longer tested', b.untested)}${group('Newly failing under a waiver (not a regression)', b.waived)}
${b.latency ? latencyChangesHtml(b.latency) : ''}`;
}

/** The "measured with" table: what produced this certificate. */
export function provenanceHtml(p: Provenance): string {
  const row = (k: string, v: string) => `<tr><th>${k}</th><td>${v}</td></tr>`;
  const code = (v: string) => `<code>${esc(v)}</code>`;
  return `<h2 id="provenance">Measured with</h2>
<table>
${[
    row('Harness', `${esc(p.harness.name)} ${esc(p.harness.version)}`),
    row('Rule catalog', `version ${esc(p.catalog.version)}, sha256 ${code(p.catalog.sha256)}; ${p.catalog.rules.total} rules: ${p.catalog.rules.MUST} MUST, ${p.catalog.rules.SHOULD} SHOULD, ${p.catalog.rules.INFO} INFO`),
    row('Profile', p.profile ? `${esc(p.profile.name)} (${code(p.profile.file)}), sha256 ${code(p.profile.sha256)}` : 'none'),
    row('Waivers', p.waivers ? `${p.waivers.count}, sha256 ${code(p.waivers.sha256)}` : 'none'),
    row('Target', `${p.target.baseUrl ? code(p.target.baseUrl) : ''}${p.target.embeddedReference ? ' the embedded reference' : ''}${p.target.referenceFault ? ` with fault ${code(p.target.referenceFault)}` : ''}`),
    row('Started', esc(p.startedAt)),
    row('Duration', `${(p.durationMs / 1000).toFixed(1)} s`),
    row('Seed', esc(String(p.seed))),
    row('Runs per property', String(p.runsPerProperty)),
    row('Workers', String(p.workers)),
    row('Shard', p.shard ? `${p.shard.current} of ${p.shard.total}` : 'none (the whole suite)'),
    ...(p.grep ? [row('--grep', code(p.grep))] : []),
    ...(p.step ? [row('OCS_STEP', code(p.step))] : []),
    row('Node', esc(p.node)),
    row('Playwright', esc(p.playwright)),
    ...(p.merged ? [row('Merged', 'from shards\' blob reports: profile, seed and runs are the merging environment\'s')] : []),
  ].join('\n')}
</table>`;
}

/** Every skipped check, by reason; a missing fixture names the profile key to add and how many values it needs. */
export function skipsHtml(s: Summary): string {
  if (s.skips.length === 0) return '';
  return `<h2 id="skips">Skipped checks (${s.counts.skip})</h2><ul>${s.skips.map((g) => `<li>${g.checks} check${g.checks === 1 ? '' : 's'}: ${esc(g.reason)}${g.fixture ? ` <strong>(add ${esc(g.fixture.key)} to the profile, with at least ${g.fixture.needs} value${g.fixture.needs === 1 ? '' : 's'})</strong>` : ''}. Rules: ${g.rules.map((r) => `<code>${esc(r)}</code>`).join(', ')}</li>`).join('')}</ul>`;
}

/** Every waiver, with its reason and what it did in this run: needed, stale (remove it), expired, not judged. */
export function waiversHtml(w: NonNullable<Summary['waivers']>): string {
  const colour = { needed: COLOURS.recorded, stale: COLOURS.error, expired: COLOURS.error, unjudged: COLOURS.skip };
  return `<h2 id="waivers">Waivers (${w.list.length})</h2>
<p>Failures of MUST rules the buyer accepts, each with its reason. A waived failure is still judged and its evidence kept (the Playwright report, JUnit); it does not count against the verdict. A stale waiver (its rule passed) or an expired one (its last day is before ${esc(w.day)}) ${w.strict ? '<strong>fails this run (--strict-waivers)</strong>' : 'is a warning: remove it'}.</p>
<table id="waivers-table"><thead><tr><th>Rule</th><th>Formats</th><th>Status</th><th>Until</th><th>Reason</th><th>Written in</th></tr></thead>
<tbody>
${w.list.map((x) => `<tr title="${esc(waiverLine(x))}"><td><code>${esc(x.rule)}</code></td><td>${x.format ?? 'json, xml'}</td><td style="color:${colour[x.status]};font-weight:600">${x.status}${x.waived.length ? ` (${x.waived.join(', ')})` : ''}</td><td>${esc(x.expires ?? 'no expiry')}</td><td>${esc(x.reason)}</td><td><code>${esc(x.source)}</code></td></tr>`).join('\n')}
</tbody></table>`;
}

/** The target's clock and world as the profile gave them: which sides of each clock cut-off were judged, and why not. */
export function targetWorldHtml(w: NonNullable<Summary['targetWorld']>): string {
  const colour: Record<SideCell['status'], string> = { judged: COLOURS.pass, recorded: COLOURS.recorded, error: COLOURS.error, 'not reached': COLOURS.skip };
  const side = (c: SideCell): string =>
    `<td><strong style="color:${c.verdict === 'fail' ? COLOURS.fail : colour[c.status]}">${c.status}${c.verdict ? `: ${c.verdict}` : ''}</strong><div style="font-size:0.9em">${esc(c.detail)}</div></td>`;
  const kinds = (ks: string[]): string => (ks.length ? ks.map((k) => `<code>${esc(k)}</code>`).join(', ') : 'none');
  return `<h2 id="target-clock">The target's clock and its cut-offs</h2>
<p>The target's clock: ${esc(w.clock)}. Each side of each cut-off is judged only when a check met the target's clock there (docs/target-clock.md).</p>
<table id="cutoffs" style="table-layout:fixed;width:100%"><colgroup><col style="width:14em"><col style="width:30%"><col><col></colgroup><thead><tr><th>Rule</th><th>Side</th><th>JSON path</th><th>XML path</th></tr></thead>
<tbody>
${w.cutoffs.map((r) => `<tr><td><code>${esc(r.rule)}</code></td><td>${esc(r.title)}</td>${side(r.json)}${side(r.xml)}</tr>`).join('\n')}
</tbody></table>
<p id="unknown-values">Values the target must not know (look-up cases): from the profile (<code>fixtures.unknown</code>): ${kinds(w.unknownValues.fromProfile)}; drawn anew each run: ${kinds(w.unknownValues.drawn)}.</p>`;
}
