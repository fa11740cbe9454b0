/**
 * The certificate's first screen: the verdict and why, the target, the date and what was
 * measured, then every rule × format as one grid of coloured tiles, a row per family (the rule
 * ID's first segment: TOP, RCV, …), JSON above XML, each tile a link to its rule's row, and
 * each family's counts beside it. At 1280 × 800 it tells whether the target conforms, which
 * families fail, and in which format.
 */
import { FORMATS, type Format } from '../contract/load.ts';
import type { RuleRow, Summary } from './summary-shape.ts';
import { esc, outcomeOf, OUTCOMES, type Outcome } from './html-text.ts';
import { layerLines, shownLayers } from './layers.ts';
import { firstOf } from './words.ts';

const VERDICT_TEXT: Record<Summary['verdict'], string> = { 'conformant': 'CONFORMANT', 'conformant-with-waivers': 'CONFORMANT WITH WAIVERS', 'not-conformant': 'NOT CONFORMANT', 'incomplete': 'INCOMPLETE' };
const VERDICT_COLOUR: Record<Summary['verdict'], string> = { 'conformant': OUTCOMES.pass.colour, 'conformant-with-waivers': OUTCOMES.waived.colour, 'not-conformant': OUTCOMES.fail.colour, 'incomplete': OUTCOMES.error.colour };

const FORMAT_NAME: Record<Format, string> = { json: 'JSON', xml: 'XML' };

/** A rule's row in the certificate, which its tiles link to. */
export const ruleAnchor = (id: string): string => `rule-${id}`;

/** The family of a rule: its ID's first segment. */
export const familyOf = (id: string): string => id.split('-')[0]!;

const listed = (ids: string[], max = 6): string => firstOf(ids, max);

/** Why the verdict is what it is, in one line: the rules that decide it, with their formats. */
function reason(s: Summary): string {
  const inFormats = (r: RuleRow, o: Outcome) => `${r.id} (${FORMATS.filter((f) => outcomeOf(r, f) === o).map((f) => FORMAT_NAME[f]).join(', ')})`;
  const failing = s.rules.filter((r) => r.level === 'MUST' && FORMATS.some((f) => outcomeOf(r, f) === 'fail'));
  const waived = s.rules.filter((r) => FORMATS.some((f) => outcomeOf(r, f) === 'waived'));
  if (s.verdict === 'not-conformant') return `MUST rules failing: ${listed(failing.map((r) => inFormats(r, 'fail')))}.`;
  if (s.verdict === 'conformant-with-waivers') return `Every MUST rule passed in JSON and XML but for waived failures: ${listed(waived.map((r) => inFormats(r, 'waived')))}.`;
  if (s.verdict === 'conformant') return 'Every MUST rule passed in JSON and XML, and nothing errored.';
  const why = [
    s.stopped ? `the run was stopped` : '',
    s.counts.error ? `${s.counts.error} checks errored` : '',
    s.unjudged.length ? `${s.unjudged.length} MUST rules were not judged in both formats${s.partial ? ' (a partial run)' : ''}` : '',
    !s.unjudged.length && s.untested.length ? `${s.untested.length} rules were not run in both formats` : '',
  ].filter(Boolean);
  return `No certificate: ${why.join('; ') || 'the run was not whole'}.`;
}

/** The header: title, verdict, why, and what was measured on whom and when. */
export function headHtml(s: Summary): string {
  const p = s.provenance;
  const levels = p ? ` (${p.catalog.rules.MUST} MUST, ${p.catalog.rules.SHOULD} SHOULD, ${p.catalog.rules.INFO} INFO)` : '';
  const checks = s.counts.pass + s.counts.fail + s.counts.skip + s.counts.error;
  const measured = [
    `${s.rules.length} rules${levels} in JSON and XML`,
    `${checks} checks`,
    ...(p ? [`${p.runsPerProperty} runs per property`, `${esc(p.harness.name)} ${esc(p.harness.version)}`] : []),
    ...(s.partial ? ['<strong>a partial run</strong>'] : []),
  ].join(', ');
  return `<header id="head">
<h1>Order Change Service conformance of ${esc(s.target.name)}</h1>
<div class="verdict-line"><p id="verdict" style="background:${VERDICT_COLOUR[s.verdict]}">${VERDICT_TEXT[s.verdict]}</p><p id="reason">${esc(reason(s))}</p></div>
${shownLayers(s) ? `<p id="layers">${esc(layerLines(shownLayers(s)!).join('. '))}.</p>\n` : ''}<p class="meta">Target: <strong>${esc(s.target.name)}</strong>${s.target.baseUrl ? ` at <code>${esc(s.target.baseUrl)}</code>` : ''}${p?.target.embeddedReference ? ' (the embedded reference' + (p.target.referenceFault ? `, fault <code>${esc(p.target.referenceFault)}</code>` : '') + ')' : ''}${s.target.profile ? `, profile <code>${esc(s.target.profile)}</code>` : ''}. Generated ${esc(s.generatedAt)}. Measured: ${measured}.</p>
</header>`;
}

/** `JSON 13 pass, 1 fail · XML 14 pass`, or `JSON, XML: 14 pass` when both formats show the same. */
function familyCounts(rows: RuleRow[]): string {
  const counts = (f: Format): string => (Object.keys(OUTCOMES) as Outcome[])
    .map((o) => [o, rows.filter((r) => outcomeOf(r, f) === o).length] as const)
    .filter(([, n]) => n > 0)
    .map(([o, n]) => `<span class="n-${o}">${n} ${OUTCOMES[o].label}</span>`).join(', ');
  const [json, xml] = [counts('json'), counts('xml')];
  return json === xml ? `JSON, XML: ${json}` : `JSON ${json} · XML ${xml}`;
}

const tile = (r: RuleRow, f: Format): string => {
  const o = outcomeOf(r, f);
  return `<a class="t o-${o}" href="#${ruleAnchor(r.id)}" data-rule="${esc(r.id)}" data-format="${f}" data-outcome="${o}" title="${esc(`${r.id} [${FORMAT_NAME[f]}]: ${OUTCOMES[o].label}. ${r.title}`)}"></a>`;
};

/** The grid: a legend with the run's count of each outcome, then a row per family. */
export function gridHtml(s: Summary): string {
  const families = new Map<string, RuleRow[]>();
  for (const r of s.rules) families.set(familyOf(r.id), [...(families.get(familyOf(r.id)) ?? []), r]);
  const cells = s.rules.flatMap((r) => FORMATS.map((f) => outcomeOf(r, f)));
  const legend = (Object.keys(OUTCOMES) as Outcome[]).map((o) =>
    `<span class="key" data-outcome="${o}"><span class="t o-${o}"></span>${OUTCOMES[o].label} ${cells.filter((c) => c === o).length}</span>`).join('');
  const rows = [...families].map(([family, rules]) => {
    const bad = rules.some((r) => FORMATS.some((f) => ['fail', 'error'].includes(outcomeOf(r, f))));
    return `<div class="fam${bad ? ' bad' : ''}" id="family-${esc(family)}"><span class="fam-name">${esc(family)}</span><span class="fmts">JSON<br>XML</span>`
      + `<span class="tiles" style="grid-template-columns:repeat(${rules.length},var(--tile))">${rules.map((r) => tile(r, 'json')).join('')}${rules.map((r) => tile(r, 'xml')).join('')}</span>`
      + `<span class="fam-counts">${rules.length} rule${rules.length === 1 ? '' : 's'}: ${familyCounts(rules)}</span></div>`;
  }).join('\n');
  return `<section id="grid" aria-label="Every rule in each format, by family">
<div class="legend">${legend}</div>
<div class="fams">
${rows}
</div>
</section>`;
}
