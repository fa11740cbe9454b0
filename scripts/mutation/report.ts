import { COLOURS, esc } from '../../src/report/html.ts';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { passes, type FaultResult, type MutationReport } from './run.ts';

const ids = (list: string[], intended?: string): string =>
  list.length ? list.map((id) => (id === intended ? `<b><code>${esc(id)}</code></b>` : `<code>${esc(id)}</code>`)).join(' ') : '—';
const GOOD = COLOURS.pass;
const BAD = COLOURS.fail;

function row(f: FaultResult, repeats: number): string {
  const evidence = f.evidence.map((e) => `<details><summary>${esc(e.rule)} [${esc(e.format)}] ${esc(e.origin)}</summary><pre>${esc(e.finding)}</pre></details>`).join('');
  return `<tr style="background:${passes(f) ? 'inherit' : '#ffebe9'}"><td><code>${esc(f.name)}</code><br><small>${esc(f.description)}</small></td>`
    + `<td><code>${esc(f.rule)}</code></td><td style="color:${f.killed ? GOOD : BAD}">${f.killed ? 'killed' : 'survived'}</td>`
    + `<td style="color:${f.intendedBlamed ? GOOD : BAD}">${f.intendedBlamed ? 'yes' : 'no'}</td>`
    + `<td style="color:${f.kills === repeats ? GOOD : BAD}">${f.kills}/${repeats}${f.misses.length ? `<br><small>missed with seeds ${f.misses.join(' ')}</small>` : ''}</td>`
    + `<td>${ids(f.blamed, f.rule)}${f.errors.length ? `<br>errors: ${ids(f.errors)}` : ''}${evidence}</td></tr>`;
}

/** mutation.html: the score, the baseline and one row per fault, one self-contained page. */
export function mutationHtml(r: MutationReport): string {
  const b = r.baseline;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>OCS harness mutation report</title>
<style>body{font:14px system-ui,sans-serif;margin:2em}table{border-collapse:collapse}td,th{border:1px solid #d0d7de;padding:4px 8px;text-align:left;vertical-align:top}th{background:#f6f8fa}pre{white-space:pre-wrap;margin:0}</style></head>
<body>
<h1>Mutation testing: can the harness fail?</h1>
<p style="font-size:1.4em;font-weight:700;color:${r.failed ? BAD : GOOD}">Score ${(r.score * 100).toFixed(1)}%: ${r.faults.filter(passes).length} of ${r.faults.length} faults killed with their intended rule blamed</p>
<p>Baseline (the faithful reference): <b style="color:${b.conformant ? GOOD : BAD}">${b.conformant ? 'conformant' : 'NOT conformant (a false positive)'}</b>${b.blamed.length ? `; blamed ${ids(b.blamed)}` : ''}${b.errors.length ? `; errors ${ids(b.errors)}` : ''}.</p>
<p>Each fault is a named single deviation of the reference (<code>reference/faults.ts</code>). A fault is killed when the harness finds the faulty reference not conformant; it passes only when the rule it breaks (bold) is among the blamed rules (MUST failures), in each of the ${r.seeds.length} repeat(s) (property seeds ${r.seeds.join(' ')}, ${r.properties.runs} runs per property). ${r.passed} passed, ${r.failed} failed; ${(r.wallMs / 1000).toFixed(1)} s on ${r.threads} threads; generated ${esc(r.generatedAt)}.</p>
<table><thead><tr><th>Fault</th><th>Intended rule</th><th>Killed</th><th>Intended blamed</th><th>Kills</th><th>Blamed rules</th></tr></thead>
<tbody>
${r.faults.map((f) => row(f, r.seeds.length)).join('\n')}
</tbody></table>
</body></html>
`;
}

/** Writes mutation.json and mutation.html into `dir`; answers their paths. */
export function writeMutationReports(r: MutationReport, dir: string): { json: string; html: string } {
  mkdirSync(dir, { recursive: true });
  const json = join(dir, 'mutation.json');
  const html = join(dir, 'mutation.html');
  writeFileSync(json, `${JSON.stringify(r, null, 2)}\n`);
  writeFileSync(html, mutationHtml(r));
  return { json, html };
}
