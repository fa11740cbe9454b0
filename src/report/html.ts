import type { Provenance, RuleChange, RuleRow, RuleVerdict, Summary } from './summary.ts';
import type { SideCell } from './cutoffs.ts';
import { probableCauseLines } from './console.ts';
import { waiverLine } from './waivers.ts';

/** Escapes text for HTML: every character markup could read. */
export const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const COLOURS: Record<RuleVerdict, string> = { pass: '#1a7f37', fail: '#cf222e', error: '#9a6700', skip: '#6e7781', untested: '#6e7781', recorded: '#0969da' };

function cell(v: RuleVerdict, level: string, waived = false): string {
  const shown = v === 'fail' && level === 'SHOULD' ? 'warn' : waived ? 'fail (waived)' : v;
  return `<td style="color:${COLOURS[v]};font-weight:600">${shown}</td>`;
}

const changeItem = (c: RuleChange): string => `<li><code>${esc(c.rule)}</code> [${c.format}] (${c.level}): ${c.was} → ${c.now}</li>`;

/** The "changed since baseline" section, regressions first. */
function baselineHtml(b: NonNullable<Summary['baseline']>): string {
  const group = (title: string, items: RuleChange[], colour?: string) => items.length === 0 ? '' : `<h3${colour ? ` style="color:${colour}"` : ''}>${title} (${items.length})</h3><ul>${items.map(changeItem).join('')}</ul>`;
  return `<h2 id="baseline">Changed since baseline</h2>
<p>Compared with <code>${esc(b.file)}</code>${b.generatedAt ? ` of ${esc(b.generatedAt)}` : ''}${b.verdict ? ` (then ${b.verdict})` : ''}: ${b.regressions.length} regressed, ${b.fixes.length} fixed, ${b.untested.length} no longer tested.</p>
${group('Regressions', b.regressions, COLOURS.fail)}${group('Fixes', b.fixes, COLOURS.pass)}${group('No longer tested', b.untested)}${group('Newly failing under a waiver (not a regression)', b.waived)}`;
}

/** The "measured with" table: what produced this certificate. */
function provenanceHtml(p: Provenance): string {
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

/** The safety probes: what the target did with requests the spec does not speak of; recorded, never failed. */
function safetyHtml(rules: RuleRow[]): string {
  if (rules.length === 0) return '';
  const did = (r: RuleRow, f: 'json' | 'xml'): string => {
    const note = r.recorded?.[f]?.replace(/^Recorded: /, '');
    if (!note) return esc(r[f] === 'untested' ? 'not sent on this path' : r[f]);
    // `HTTP 400: the target refused it: <body>`: what it did first, then the start of its answer.
    const m = /^(?:[^\n]*?: )?(HTTP \d+: the target [^:]+): ([\s\S]*)$/.exec(note);
    if (!m) return esc(note);
    const body = m[2]!.length > 120 ? `${m[2]!.slice(0, 120)}…` : m[2]!;
    return `<strong>${esc(m[1]!)}</strong><br><code style="font-size:0.85em;word-break:break-all">${esc(body)}</code>`;
  };
  return `<h2 id="safety">Safety probes (INFO: recorded, never failed)</h2>
<p>Requests the spec does not speak of, sent to see whether the target holds: what it did is recorded here and counts for nothing in the verdict.</p>
<table id="safety-probes" style="table-layout:fixed;width:100%"><colgroup><col style="width:16em"><col style="width:30%"><col><col></colgroup><thead><tr><th>Probe</th><th>What is sent</th><th>JSON path</th><th>XML path</th></tr></thead>
<tbody>
${rules.map((r) => `<tr><td><code>${esc(r.id)}</code></td><td>${esc(r.title)}</td><td>${did(r, 'json')}</td><td>${did(r, 'xml')}</td></tr>`).join('\n')}
</tbody></table>`;
}

/** The section a buyer compares vendors by: one line per point the spec leaves open, with what the target did there. */
function openPointsHtml(rules: RuleRow[]): string {
  if (rules.length === 0) return '';
  const did = (r: RuleRow, f: 'json' | 'xml'): string => {
    const text = r.recorded?.[f];
    if (!text) return esc(r[f] === 'untested' ? 'not run' : r[f] === 'recorded' ? 'recorded, nothing kept' : r[f]);
    return text.split('\n').map((l) => `<div style="font-size:0.9em;word-break:break-word">${esc(l)}</div>`).join('');
  };
  return `<h2 id="open-points">What the target does where the spec is open</h2>
<p>Points the spec does not show or can be read two ways (INFO): what the target did is recorded, never passed or failed. This is what to compare implementations by. Secrets are masked.</p>
<table id="open-points-table" style="table-layout:fixed;width:100%"><colgroup><col style="width:16em"><col style="width:22%"><col><col></colgroup><thead><tr><th>Point</th><th>Question</th><th>JSON path</th><th>XML path</th></tr></thead>
<tbody>
${rules.map((r) => `<tr><td><code>${esc(r.id)}</code></td><td>${esc(r.title.replace(/^INFO: /, ''))}</td><td>${did(r, 'json')}</td><td>${did(r, 'xml')}</td></tr>`).join('\n')}
</tbody></table>`;
}

/** Every skipped check, by reason; a missing fixture names the profile key to add and how many values it needs. */
function skipsHtml(s: Summary): string {
  if (s.skips.length === 0) return '';
  return `<h2 id="skips">Skipped checks (${s.counts.skip})</h2><ul>${s.skips.map((g) => `<li>${g.checks} check${g.checks === 1 ? '' : 's'}: ${esc(g.reason)}${g.fixture ? ` <strong>(add ${esc(g.fixture.key)} to the profile, with at least ${g.fixture.needs} value${g.fixture.needs === 1 ? '' : 's'})</strong>` : ''}. Rules: ${g.rules.map((r) => `<code>${esc(r)}</code>`).join(', ')}</li>`).join('')}</ul>`;
}

/** Every waiver, with its reason and what it did in this run: needed, stale (remove it), expired, not judged. */
function waiversHtml(w: NonNullable<Summary['waivers']>): string {
  const colour = { needed: COLOURS.recorded, stale: COLOURS.error, expired: COLOURS.error, unjudged: COLOURS.skip };
  return `<h2 id="waivers">Waivers (${w.list.length})</h2>
<p>Failures of MUST rules the buyer accepts, each with its reason. A waived failure is still judged and its evidence kept (the Playwright report, JUnit); it does not count against the verdict. A stale waiver (its rule passed) or an expired one (its last day is before ${esc(w.day)}) ${w.strict ? '<strong>fails this run (--strict-waivers)</strong>' : 'is a warning: remove it'}.</p>
<table id="waivers-table"><thead><tr><th>Rule</th><th>Formats</th><th>Status</th><th>Until</th><th>Reason</th><th>Written in</th></tr></thead>
<tbody>
${w.list.map((x) => `<tr title="${esc(waiverLine(x))}"><td><code>${esc(x.rule)}</code></td><td>${x.format ?? 'json, xml'}</td><td style="color:${colour[x.status]};font-weight:600">${x.status}${x.waived.length ? ` (${x.waived.join(', ')})` : ''}</td><td>${esc(x.expires ?? 'no expiry')}</td><td>${esc(x.reason)}</td><td><code>${esc(x.source)}</code></td></tr>`).join('\n')}
</tbody></table>`;
}

const VERDICT_TEXT: Record<Summary['verdict'], string> = { 'conformant': 'CONFORMANT', 'conformant-with-waivers': 'CONFORMANT WITH WAIVERS', 'not-conformant': 'NOT CONFORMANT', 'incomplete': 'INCOMPLETE' };
/** The target's clock and world as the profile gave them: which sides of each clock cut-off were judged, and why not. */
function targetWorldHtml(w: NonNullable<Summary['targetWorld']>): string {
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

/** conformance.html: the certificate and the rule × format matrix, one self-contained page. */
export function conformanceHtml(s: Summary): string {
  const rows = s.rules.filter((r) => r.level !== 'INFO').map((r) => `<tr><td><code>${esc(r.id)}</code></td><td>${r.level}</td><td>${esc(r.title)}</td><td>${esc(r.section)}</td>${cell(r.json, r.level, r.waived?.includes('json'))}${cell(r.xml, r.level, r.waived?.includes('xml'))}</tr>`).join('\n');
  const ok = s.verdict === 'conformant' || s.verdict === 'conformant-with-waivers';
  const broken = s.rules.filter((r) => r.seenIn && (r.level === 'MUST' || r.json === 'error' || r.xml === 'error'));
  const brokenList = broken.length === 0 ? '' : `<h2>Failing rules</h2><ul>${broken.map((r) =>
    `<li><code>${esc(r.id)}</code> (${r.level}, spec ${esc(r.section)}) ${esc(r.title)}: JSON ${r.json}, XML ${r.xml}${r.waived?.length ? ` <strong>(waived in ${r.waived.join(', ')})</strong>` : ''}. Seen in: ${r.seenIn!.map((t) => `<em>${esc(t)}</em>`).join('; ')}</li>`).join('')}</ul>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>OCS conformance: ${esc(s.target.name)}</title>
<style>body{font:14px system-ui,sans-serif;margin:2em}table{border-collapse:collapse}td,th{border:1px solid #d0d7de;padding:4px 8px;text-align:left}th{background:#f6f8fa}td:nth-child(4){white-space:nowrap}</style></head>
<body>
<h1>Order Change Service conformance</h1>
<p id="verdict" style="font-size:1.4em;font-weight:700;color:${ok ? COLOURS.pass : s.verdict === 'incomplete' ? COLOURS.error : COLOURS.fail}">${VERDICT_TEXT[s.verdict]}</p>
${s.stopped ? `<p style="font-weight:700;color:${COLOURS.error}">Incomplete: ${esc(s.stopped)}.</p>` : ''}
${s.verdict === 'incomplete' && s.unjudged.length && !s.partial ? `<p style="font-weight:700;color:${COLOURS.error}">Incomplete: ${s.unjudged.length} MUST rules were not judged in both formats (skipped, errored or not run): ${s.unjudged.map((id) => `<code>${esc(id)}</code>`).join(', ')}.</p>` : ''}
${s.unreachable ? `<p id="unreachable" style="font-weight:700;color:${COLOURS.error}">The run could not be made: ${esc(s.unreachable)}.</p>` : ''}
${(s.refused ?? []).map((line) => `<p style="font-weight:700;color:${COLOURS.fail}">First: ${esc(line)}.</p>`).join('\n')}
${probableCauseLines(s.probableCauses ?? []).map((line) => `<p class="probable-cause" style="font-weight:700;color:${COLOURS.fail}">Probable cause: ${esc(line)}.</p>`).join('\n')}
<p>Target: ${esc(s.target.name)}${s.target.baseUrl ? ` at <code>${esc(s.target.baseUrl)}</code>` : ''}${s.target.profile ? ` (profile <code>${esc(s.target.profile)}</code>)` : ''}. Generated ${esc(s.generatedAt)}.</p>
<p>Tests: ${s.counts.pass} passed, ${s.counts.fail} failed, ${s.counts.error} errors, ${s.counts.skip} skipped; ${s.warnings} with SHOULD warnings.
${s.untested.length ? `<strong>${s.partial ? 'Partial run' : 'Incomplete run'}</strong>: ${s.untested.length} MUST/SHOULD rules were not run in both formats${s.partial ? ' (expected for a partial run)' : ''}, so no certificate is given. ` : ''}A target is not conformant when a MUST rule fails in either format; otherwise the run is incomplete when it was stopped, something errored, or a MUST rule was not judged in both formats; otherwise the target is conformant. A failed SHOULD is a warning; INFO rules are recorded, never passed or failed.
Evidence for each failure (request, response, curl replay line) is in the <a href="html/index.html">Playwright report</a>.</p>
${s.baseline ? baselineHtml(s.baseline) : ''}
${s.waivers ? waiversHtml(s.waivers) : ''}
${brokenList}
${skipsHtml(s)}
${openPointsHtml(s.rules.filter((r) => r.level === 'INFO' && r.family !== 'safety'))}
${s.targetWorld ? targetWorldHtml(s.targetWorld) : ''}
<h2>All rules</h2>
<table id="matrix"><thead><tr><th>Rule</th><th>Level</th><th>Requirement</th><th>Spec</th><th>JSON</th><th>XML</th></tr></thead>
<tbody>
${rows}
</tbody></table>
${safetyHtml(s.rules.filter((r) => r.family === 'safety'))}
${s.provenance ? provenanceHtml(s.provenance) : ''}
</body></html>
`;
}
