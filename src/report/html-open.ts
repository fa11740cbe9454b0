/**
 * The certificate's INFO sections: what the target does where the spec is open, and the safety
 * probes. Each cell leads with what the target chose, in words; the statuses and body excerpts
 * it was read from (secrets masked) sit one click away, in a collapsed <details>, so no body
 * widens the page.
 */
import type { Format } from '../contract/load.ts';
import type { RuleRow } from './summary-shape.ts';
import { chosenWords, errorBodyWords } from './choices.ts';
import { esc, escCode } from './html-text.ts';
import { ruleAnchor } from './html-grid.ts';

/** What the target did in one format: its choice, where its error number sits and its body's shape, then the evidence. */
function did(r: RuleRow, f: Format): string {
  const record = r.recorded?.[f];
  if (!record) return `<span class="quiet">${r[f] === 'untested' ? 'not run' : r[f] === 'recorded' ? 'recorded, nothing kept' : esc(r[f])}</span>`;
  const body = errorBodyWords(record);
  return `<div class="chosen">${escCode(r.chosen?.[f] ?? chosenWords(record))}</div>`
    + (body ? `<div class="body-shape">${escCode(body)}</div>` : '')
    + `<details><summary>evidence</summary>${record.split('\n').map((l) => `<div class="evidence">${esc(l)}</div>`).join('')}</details>`;
}

const table = (id: string, head: [string, string], rows: RuleRow[], title: (r: RuleRow) => string): string =>
  `<table id="${id}" class="fixed"><colgroup><col style="width:17.5em"><col style="width:20%"><col><col></colgroup><thead><tr><th>${head[0]}</th><th>${head[1]}</th><th>JSON path</th><th>XML path</th></tr></thead>
<tbody>
${rows.map((r) => `<tr id="${ruleAnchor(r.id)}"><td><code>${esc(r.id)}</code></td><td>${escCode(title(r))}</td><td>${did(r, 'json')}</td><td>${did(r, 'xml')}</td></tr>`).join('\n')}
</tbody></table>`;

/** The section a buyer compares vendors by: one line per point the spec leaves open, with what the target did there. */
export function openPointsHtml(rules: RuleRow[]): string {
  if (rules.length === 0) return '';
  return `<h2 id="open-points">What the target does where the spec is open</h2>
<p>Points the spec does not show or can be read two ways (INFO): what the target did is recorded, never passed or failed. This is what to compare implementations by. Each cell opens on its evidence: the status and the start of each answer, secrets masked.</p>
${table('open-points-table', ['Point', 'Question'], rules, (r) => r.title.replace(/^INFO: /, ''))}`;
}

/** The safety probes: what the target did with requests the spec does not speak of; recorded, never failed. */
export function safetyHtml(rules: RuleRow[]): string {
  if (rules.length === 0) return '';
  return `<h2 id="safety">Safety probes (INFO: recorded, never failed)</h2>
<p>Requests the spec does not speak of, sent to see whether the target holds: what it did is recorded here and counts for nothing in the verdict.</p>
${table('safety-probes', ['Probe', 'What is sent'], rules, (r) => r.title)}`;
}
