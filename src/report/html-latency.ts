/**
 * The certificate's latency: per endpoint and format, how many requests and how long they took
 * (median, p95, p99, max) to the whole answer and to its first byte, every answer together and
 * then by outcome; and, against a baseline, the endpoints that got slower. Never part of the
 * verdict: the spec states no time limit.
 */
import { LATENCY_OUTCOMES } from '../client/latency.ts';
import { latencyChangeLine, MIN_ANSWERS, thresholdText } from './latency-baseline.ts';
import type { EndpointLatency, LatencyComparison, LatencyGroup, Quantiles } from './summary-shape.ts';
import { esc } from './html-text.ts';

const OUTCOME_TEXT = { answers: 'every answer', accepted: 'accepted (HTTP 200)', rejected: 'rejected (HTTP 400)', other: 'another status', error: 'no answer (transport error: time to the failure)' };

const figures = (q: Quantiles | undefined): string =>
  (q ? [q.median, q.p95, q.p99, q.max] : [undefined, undefined, undefined, undefined]).map((v) => `<td class="num">${v === undefined ? '–' : v}</td>`).join('');

function row(e: EndpointLatency, key: keyof typeof OUTCOME_TEXT, g: LatencyGroup, first: boolean): string {
  const name = first ? `<td><code>${e.operation}</code></td><td>${e.format.toUpperCase()}</td>` : '<td></td><td></td>';
  return `<tr${key === 'answers' ? ' class="all"' : ''}>${name}<td>${OUTCOME_TEXT[key]}</td><td class="num">${g.count}</td>${figures(g.whole)}${figures(g.firstByte)}</tr>`;
}

/** The endpoints slower than in the baseline run, or why none was compared. */
export function latencyChangesHtml(c: LatencyComparison): string {
  if (c.threshold === 'off') return '<p>Latency is not compared with the baseline: the latency threshold is off.</p>';
  const t = c.threshold;
  if (c.compared === 0) return `<p>Latency is not compared with the baseline: ${esc(c.unlike ?? `no endpoint answered ${MIN_ANSWERS} times in both runs`)}.</p>`;
  const head = `<h3 id="latency-changes"${c.slower.length ? ' class="bad"' : ''}>Latency: ${c.slower.length} of ${c.compared} endpoints slower (${esc(thresholdText(t))})</h3>`;
  return head + (c.slower.length ? `<ul>${c.slower.map((s) => `<li>${esc(latencyChangeLine(s, t))}</li>`).join('')}</ul>` : '');
}

export function latencyHtml(endpoints: EndpointLatency[] | undefined): string {
  if (!endpoints?.length) return '';
  const rows = endpoints.flatMap((e) => (['answers', ...LATENCY_OUTCOMES] as const).flatMap((k) => (e[k] ? [[k, e[k]!] as const] : [])).map(([k, g], i) => row(e, k, g, i === 0)));
  return `<h2 id="latency">How long the target took to answer</h2>
<p>Per endpoint and format, in milliseconds, from sending a request to the whole answer and to its first byte; each figure is read from a histogram, within 5% above the true one. Recorded, never judged: the spec states no time limit. With <code>--baseline</code>, an endpoint much slower than in the baseline run fails the comparison, not the certificate.</p>
<table id="latency-table" class="fixed"><colgroup><col style="width:11em"><col style="width:5.5em"><col style="width:15em"><col><col><col><col><col><col><col><col><col></colgroup>
<thead><tr><th rowspan="2">Endpoint</th><th rowspan="2">Format</th><th rowspan="2">Requests</th><th rowspan="2">Count</th><th colspan="4">Whole answer (ms)</th><th colspan="4">First byte (ms)</th></tr>
<tr><th>median</th><th>p95</th><th>p99</th><th>max</th><th>median</th><th>p95</th><th>p99</th><th>max</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody></table>`;
}
