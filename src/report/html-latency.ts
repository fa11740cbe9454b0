/**
 * The certificate's latency: per endpoint and format, how many requests and how long they took
 * (median, p95, p99, max) to the whole answer and to its first byte, every answer together and
 * then by outcome; and, against a baseline, the endpoints that got slower. Never part of the
 * verdict: the spec states no time limit.
 */
import { LATENCY_OUTCOMES } from '../client/latency.ts';
import { latencyChangeLine, MIN_ANSWERS, thresholdText } from './latency-baseline.ts';
import type { EndpointLatency, LatencyComparison, LatencyGroup, PaceSection, Quantiles } from './summary-shape.ts';
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

/**
 * How the run was paced (src/report/pace.ts): the requests sent and answered, what the target
 * pushed back with and the waits it cost, the requests in flight and a second the pace reached,
 * and what the target sustained. A spent budget for waiting is named, with what to declare.
 */
function paceHtml(p: PaceSection | undefined): string {
  if (!p) return '';
  const pushbacks = Object.entries(p.pushbacks).map(([status, n]) => `${n} × HTTP ${status}`).join(', ');
  const rows: [string, string][] = [
    ['Requests sent (every one sent again counted) / final answers', `${p.sent} / ${p.answers}`],
    ['Pushed back ("not now": 429, 503)', pushbacks ? `${pushbacks}; waited ${p.waits.count} times, ${(p.waits.ms / 1000).toFixed(1)} s in all, then sent again` : 'never'],
    ['Requests in flight (a worker\'s): start, most, fewest, end', `${p.inFlight.start}, ${p.inFlight.max}, ${p.inFlight.min}, ${p.inFlight.last}`],
    ...(p.rps ? [['Requests a second once capped: lowest, end', `${p.rps.min.toFixed(1)}, ${p.rps.last.toFixed(1)}`] as [string, string]] : []),
    ...(p.sustainedRps !== undefined ? [['Final answers a second while the target limited the run', `${p.sustainedRps} (profile <code>safety.rps</code> declares a limit)`] as [string, string]] : []),
    ...(p.spent ? [['The run\'s budget for waiting', `<span class="bad">spent</span>: ${esc(p.spent)}`] as [string, string]] : []),
  ];
  return `<h2 id="pace">How the run was paced</h2>
<p>The harness starts with ${p.inFlight.start} requests in flight and grows that while a target's answers come as fast with more (a distant target), within <code>safety.concurrency</code>. A 429 or a 503 is never a verdict: the request waits (Retry-After, or a backoff) and is sent again, the pace slows (half as many in flight; after a 429, fewer a second too) and grows back while answers come clean. Recorded, never judged.</p>
<table id="pace-table" class="fixed"><colgroup><col style="width:26em"><col></colgroup><tbody>
${rows.map(([k, v]) => `<tr><td>${k}</td><td>${v}</td></tr>`).join('\n')}
</tbody></table>`;
}

export function latencyHtml(endpoints: EndpointLatency[] | undefined, pace?: PaceSection): string {
  if (!endpoints?.length) return paceHtml(pace);
  const rows = endpoints.flatMap((e) => (['answers', ...LATENCY_OUTCOMES] as const).flatMap((k) => (e[k] ? [[k, e[k]!] as const] : [])).map(([k, g], i) => row(e, k, g, i === 0)));
  return `<h2 id="latency">How long the target took to answer</h2>
<p>Per endpoint and format, in milliseconds, from sending a request to the whole answer and to its first byte; each figure is read from a histogram, within 5% above the true one. Recorded, never judged: the spec states no time limit. With <code>--baseline</code>, an endpoint much slower than in the baseline run fails the comparison, not the certificate.</p>
<table id="latency-table" class="fixed"><colgroup><col style="width:11em"><col style="width:5.5em"><col style="width:15em"><col><col><col><col><col><col><col><col><col></colgroup>
<thead><tr><th rowspan="2">Endpoint</th><th rowspan="2">Format</th><th rowspan="2">Requests</th><th rowspan="2">Count</th><th colspan="4">Whole answer (ms)</th><th colspan="4">First byte (ms)</th></tr>
<tr><th>median</th><th>p95</th><th>p99</th><th>max</th><th>median</th><th>p95</th><th>p99</th><th>max</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody></table>
${paceHtml(pace)}`;
}
