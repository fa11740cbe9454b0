import type { Format } from '../contract/load.ts';
import type { RuleRow, Summary } from './summary-shape.ts';
import { probableCauseLines } from './console.ts';
import { COLOURS, esc, outcomeOf } from './html-text.ts';
import { gridHtml, headHtml, ruleAnchor } from './html-grid.ts';
import { openPointsHtml, safetyHtml } from './html-open.ts';
import { latencyHtml } from './html-latency.ts';
import { baselineHtml, provenanceHtml, skipsHtml, targetWorldHtml, waiversHtml } from './html-sections.ts';
import { STYLE } from './html-style.ts';
import { targetLimitsHtml } from './target-limits.ts';

// The mutation report (scripts/mutation/report.ts) writes with the certificate's escaping and colours.
export { COLOURS, esc } from './html-text.ts';

/** A rule's verdict in one format, as the grid's tile tells it (outcomeOf), in the matrix's shorter words. */
function cell(r: RuleRow, f: Format): string {
  const o = outcomeOf(r, f);
  const shown = o === 'warning' ? 'warn' : o === 'waived' ? 'fail (waived)' : r[f];
  return `<td style="color:${COLOURS[r[f]]};font-weight:600">${shown}</td>`;
}

/** The MUST rules that fail or error, each with where it was seen: the first thing to fix. */
function failingHtml(s: Summary): string {
  const broken = s.rules.filter((r) => r.seenIn && (r.level === 'MUST' || r.json === 'error' || r.xml === 'error'));
  if (broken.length === 0) return '';
  return `<h2>Failing rules</h2><ul id="failing">${broken.map((r) =>
    `<li><a href="#${ruleAnchor(r.id)}"><code>${esc(r.id)}</code></a> (${r.level}, spec ${esc(r.section)}) ${esc(r.title)}: JSON ${r.json}, XML ${r.xml}${r.waived?.length ? ` <strong>(waived in ${r.waived.join(', ')})</strong>` : ''}. Seen in: ${r.seenIn!.map((t) => `<em>${esc(t)}</em>`).join('; ')}</li>`).join('')}</ul>`;
}

/** Every MUST and SHOULD rule, a row each, with its verdict per format: where the grid's tiles lead. */
function matrixHtml(rules: RuleRow[]): string {
  const rows = rules.filter((r) => r.level !== 'INFO').map((r) => `<tr id="${ruleAnchor(r.id)}"><td><code>${esc(r.id)}</code></td><td>${r.level}</td><td>${esc(r.title)}</td><td>${esc(r.section)}</td>${cell(r, 'json')}${cell(r, 'xml')}</tr>`).join('\n');
  return `<h2>All rules</h2>
<table id="matrix" class="fixed"><colgroup><col style="width:16em"><col style="width:5.5em"><col><col style="width:6em"><col style="width:7.5em"><col style="width:7.5em"></colgroup><thead><tr><th>Rule</th><th>Level</th><th>Requirement</th><th>Spec</th><th>JSON</th><th>XML</th></tr></thead>
<tbody>
${rows}
</tbody></table>`;
}

/** What stands before the grid's reading: a run that was stopped, could not be made, or was refused, and the probable cause of a failure. */
function noticesHtml(s: Summary): string {
  const notice = (text: string, colour: string, attrs = ' class="notice"') => `<p${attrs} style="font-weight:700;color:${colour}">${text}</p>`;
  return [
    ...(s.stopped ? [notice(`Incomplete: ${esc(s.stopped)}.`, COLOURS.error)] : []),
    ...(s.verdict === 'incomplete' && s.unjudged.length && !s.partial ? [notice(`Incomplete: ${s.unjudged.length} MUST rules were not judged in both formats (skipped, errored or not run): ${s.unjudged.map((id) => `<code>${esc(id)}</code>`).join(', ')}.`, COLOURS.error)] : []),
    ...(s.unreachable ? [notice(`The run could not be made: ${esc(s.unreachable)}.`, COLOURS.error, ' id="unreachable" class="notice"')] : []),
    ...(s.refused ?? []).map((line) => notice(`First: ${esc(line)}.`, COLOURS.fail)),
    ...probableCauseLines(s.probableCauses ?? []).map((line) => notice(`Probable cause: ${esc(line)}.`, COLOURS.fail, ' class="notice probable-cause"')),
  ].join('\n');
}

/**
 * conformance.html: the certificate, one self-contained page. Its first screen is the verdict
 * and the grid of every rule × format (src/report/html-grid.ts); below come what to fix first,
 * what changed, the open points, the latency, every rule's row and what it was measured with.
 */
export function conformanceHtml(s: Summary): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>OCS conformance: ${esc(s.target.name)}</title>
<style>${STYLE}</style></head>
<body>
${headHtml(s)}
${noticesHtml(s)}
${gridHtml(s)}
${failingHtml(s)}
${s.baseline ? baselineHtml(s.baseline) : ''}
${s.waivers ? waiversHtml(s.waivers) : ''}
${s.targetLimits ? targetLimitsHtml(s.targetLimits) : ''}
${skipsHtml(s)}
${openPointsHtml(s.rules.filter((r) => r.level === 'INFO' && r.family !== 'safety'))}
${s.targetWorld ? targetWorldHtml(s.targetWorld) : ''}
${latencyHtml(s.latency, s.pace)}
${matrixHtml(s.rules)}
${safetyHtml(s.rules.filter((r) => r.family === 'safety'))}
<h2 id="reading">How to read it</h2>
<p>Checks: ${s.counts.pass} passed, ${s.counts.fail} failed, ${s.counts.error} errors, ${s.counts.skip} skipped; ${s.warnings} with SHOULD warnings.
${s.untested.length ? `<strong>${s.partial ? 'Partial run' : 'Incomplete run'}</strong>: ${s.untested.length} MUST/SHOULD rules were not run in both formats${s.partial ? ' (expected for a partial run)' : ''}, so no certificate is given. ` : ''}A target is not conformant when a MUST rule fails in either format; otherwise the run is incomplete when it was stopped, something errored, or a MUST rule was not judged in both formats; otherwise the target is conformant. A failed SHOULD is a warning; INFO rules are recorded, never passed or failed.
Evidence for each failure (request, response, curl replay line) is in the <a class="out" href="html/index.html">Playwright report</a>.</p>
${s.provenance ? provenanceHtml(s.provenance) : ''}
</body></html>
`;
}
