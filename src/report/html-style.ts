/**
 * The certificate's stylesheet, for the screen and for print. On screen nothing may be wider
 * than the window: every cell and code wraps anywhere, and the long bodies of the records sit
 * in collapsed <details>. Printed (or saved as PDF, how a certificate is filed), it is an A4
 * page in the grid's colours: no row, tile row or list item split across two pages, headings
 * kept with what follows, and the links that lead out of the page printed with their address.
 */
import { OUTCOMES, type Outcome } from './html-text.ts';

const outcomeRules = (Object.keys(OUTCOMES) as Outcome[]).map((o) => `.o-${o}{background:${OUTCOMES[o].colour}}.n-${o}{color:${o === 'not-run' ? '#57606a' : OUTCOMES[o].colour}}`).join('');

export const STYLE = `
*{box-sizing:border-box}
body{font:14px/1.45 system-ui,sans-serif;color:#1f2328;margin:0 auto;padding:12px 24px 40px;max-width:1280px}
h1{font-size:18px;margin:0 0 6px}
h2{font-size:17px;margin:28px 0 8px;padding-bottom:4px;border-bottom:1px solid #d0d7de}
h3{font-size:15px;margin:16px 0 6px}
table{border-collapse:collapse;width:100%}
table.fixed{table-layout:fixed}
td,th{border:1px solid #d0d7de;padding:4px 8px;text-align:left;vertical-align:top;overflow-wrap:anywhere}
th{background:#f6f8fa}
code{font-size:.9em;overflow-wrap:anywhere}
td.num{text-align:right;font-variant-numeric:tabular-nums}
tr.all td{border-top:2px solid #8c959f}
p,li{overflow-wrap:anywhere}
.verdict-line{display:flex;align-items:center;gap:14px;flex-wrap:wrap;margin:4px 0}
#verdict{font-size:24px;font-weight:800;color:#fff;padding:4px 14px;border-radius:6px;margin:0}
#reason{font-weight:600;margin:0;flex:1 1 30em}
.meta{margin:6px 0;color:#424a53}
#layers{margin:4px 0;font-size:.88em}
.notice{margin:4px 0}
.bad,.fam.bad .fam-name{color:${OUTCOMES.fail.colour}}
.quiet{color:#57606a}
#grid{--tile:10px;margin:10px 0 4px;padding:8px 10px;border:1px solid #d0d7de;border-radius:6px}
.legend{display:flex;flex-wrap:wrap;gap:2px 16px;font-size:12px;margin-bottom:8px}
.legend .t{display:inline-block;margin-right:4px;vertical-align:-1px}
.fams{display:grid;grid-template-columns:max-content max-content max-content minmax(0,1fr);gap:3px 10px;align-items:center}
.fam{display:contents}
.fam-name{font-weight:700;font-size:12px;font-family:ui-monospace,monospace}
.fmts{font-size:8px;line-height:var(--tile);color:#57606a;text-align:right;padding-top:0}
.tiles{display:grid;grid-template-rows:var(--tile) var(--tile);gap:2px}
.t{display:block;width:var(--tile);height:var(--tile);border-radius:2px}
.o-not-run{box-shadow:inset 0 0 0 1px #afb8c1}
.fam-counts{font-size:12px;color:#424a53}
${outcomeRules}
.chosen{font-weight:600}
.body-shape{font-size:.85em;color:#424a53}
details summary{cursor:pointer;color:#0969da;font-size:.85em}
.evidence{font-size:.85em;font-family:ui-monospace,monospace;overflow-wrap:anywhere;margin-top:2px}
@media print{
  @page{size:A4;margin:12mm}
  *{print-color-adjust:exact;-webkit-print-color-adjust:exact}
  body{font-size:10pt;padding:0;max-width:none}
  h2{font-size:13pt}
  tr,li,.fam>*,.legend,.verdict-line,.probable-cause,#latency-changes{break-inside:avoid}
  h2,h3{break-after:avoid}
  thead{display:table-header-group}
  details summary{display:none}
  a.out[href]::after{content:" (" attr(href) ")";overflow-wrap:anywhere}
}
`;
