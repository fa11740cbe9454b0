// Latency: every request's time kept per endpoint and outcome in bounded histograms (a worker's
// registry, taken by the test that sent the requests), added up by the reporter, read as
// quantiles in summary.json, and compared with a baseline past a threshold: a regression of its
// own, exit 1, never the verdict's.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { takeLatencies, timed, type LatencyData } from '../../src/client/latency.ts';
import { TransportError, type Transport, type WireRequest } from '../../src/client/transport.ts';
import { LatencyTally } from '../../src/report/latency.ts';
import { compareLatency, DEFAULT_LATENCY_THRESHOLD, latencyLines, MIN_ANSWERS, parseLatencyThreshold, runLatencyThreshold, thresholdText } from '../../src/report/latency-baseline.ts';
import { consoleSummary, exitOf } from '../../src/report/console.ts';
import type { EndpointLatency, Summary } from '../../src/report/summary.ts';
import { tempTree, REFERENCE_PROFILE } from './helpers.ts';

const request = (path: string): WireRequest => ({ method: 'POST', url: `http://t.test/v3/orders/${path}`, headers: {}, body: '' });

/** A target answering each path with its status, after `ms`; `error` for a transport failure. */
const target = (answers: Record<string, number | 'error'>, ms = 10): Transport => ({
  async send(r) {
    const status = answers[new URL(r.url).pathname.split('/').pop()!]!;
    if (status === 'error') throw new TransportError('reset');
    return { status, headers: {}, body: '', ms, firstByteMs: ms / 2 };
  },
});

async function sendAll(t: Transport, paths: string[]): Promise<void> {
  for (const p of paths) await t.send(request(p)).catch(() => undefined);
}

describe('timed', () => {
  it('keeps each request\'s time by endpoint and outcome, and a test takes them once', async () => {
    takeLatencies();
    const t = timed(target({ 'change_pickup.json': 200, 'change_pickup.xml': 400, 'change_receiver.json': 503, 'change_receiver.xml': 'error', 'other.json': 200 }));
    await sendAll(t, ['change_pickup.json', 'change_pickup.json', 'change_pickup.xml', 'change_receiver.json', 'change_receiver.xml', 'other.json']);
    const taken = takeLatencies();
    const by = (d: LatencyData) => `${d.operation} ${d.format} ${d.outcome} ${d.whole.count}${d.firstByte ? ` ${d.firstByte.count}` : ''}`;
    assert.deepEqual(taken.map(by).sort(), [
      'change_pickup json accepted 2 2', 'change_pickup xml rejected 1 1', 'change_receiver json other 1 1', 'change_receiver xml error 1',
    ]);
    assert.equal(taken.find((d) => d.outcome === 'accepted')!.whole.max, 10);
    assert.deepEqual(takeLatencies(), [], 'taken once');
  });
});

/** Sends `n` requests to change_pickup.json, each answered with `status` after `ms` (its own `ms`, as the client measures it). */
const sendTimes = (n: number, ms: number, status: number | 'error'): Promise<void> =>
  sendAll(timed(target({ 'change_pickup.json': status }, ms)), Array<string>(n).fill('change_pickup.json'));

describe('LatencyTally', () => {
  it('adds workers\' histograms, reads count, median, p95, p99 and max, and leaves errors out of every answer', async () => {
    takeLatencies();
    const tally = new LatencyTally();
    await sendTimes(90, 4, 400);
    tally.add(takeLatencies());
    await sendTimes(10, 40, 200);
    await sendTimes(5, 500, 'error');
    tally.add(takeLatencies());
    const [e] = tally.endpoints();
    assert.equal(e!.operation, 'change_pickup');
    assert.equal(e!.answers!.count, 100);
    assert.equal(e!.error!.count, 5);
    assert.ok(Math.abs(e!.answers!.whole.median - 4) <= 0.2 && Math.abs(e!.answers!.whole.p95 - 40) <= 2, JSON.stringify(e!.answers));
    assert.equal(e!.answers!.whole.max, 40, 'errors are no answers');
    assert.ok(Math.abs(e!.answers!.firstByte!.p95 - 20) <= 1, 'the first byte is kept apart');
  });
});

const endpoint = (p95: number, count = 100): EndpointLatency => ({ operation: 'change_pickup', format: 'json', answers: { count, whole: { median: p95 / 2, p95, p99: p95, max: p95 } } });

describe('latency against a baseline', () => {
  it('reads a threshold: off, a ratio, a margin, both, and a quantile; refuses anything else', () => {
    assert.deepEqual(parseLatencyThreshold('p95:2x,50ms'), DEFAULT_LATENCY_THRESHOLD);
    assert.deepEqual(parseLatencyThreshold('3x'), { quantile: 'p95', ratio: 3, ms: 0 });
    assert.deepEqual(parseLatencyThreshold('p99:100ms'), { quantile: 'p99', ratio: 1, ms: 100 });
    assert.deepEqual(parseLatencyThreshold('median:1.5x,20ms'), { quantile: 'median', ratio: 1.5, ms: 20 });
    assert.equal(parseLatencyThreshold(' off '), 'off');
    for (const bad of ['', '2', 'x', '0.5x', 'p90:2x', '50ms,2x', '2x,', 'p95:']) assert.throws(() => parseLatencyThreshold(bad), /expected off/, bad);
    assert.equal(thresholdText(DEFAULT_LATENCY_THRESHOLD), 'p95 more than 2× and at least 50 ms slower');
  });

  it('calls an endpoint slower when its p95 more than doubled and grew by at least 50 ms, by default', () => {
    const slower = (was: number, now: number) => compareLatency({ latency: [endpoint(was)] }, { latency: [endpoint(now)] }, DEFAULT_LATENCY_THRESHOLD);
    assert.deepEqual(slower(20, 90), { threshold: DEFAULT_LATENCY_THRESHOLD, compared: 1, slower: [{ operation: 'change_pickup', format: 'json', was: 20, now: 90 }] });
    assert.equal(slower(20, 40).slower.length, 0, 'doubled, not more');
    assert.equal(slower(5, 45).slower.length, 0, 'nine times slower, but 40 ms');
    assert.equal(slower(200, 380).slower.length, 0, '180 ms slower, not doubled');
  });

  it('compares only endpoints both runs answered at least MIN_ANSWERS times, and nothing when turned off', () => {
    const run = (p95: number, count = 100) => ({ latency: [endpoint(p95, count)] });
    assert.deepEqual(compareLatency(run(20, MIN_ANSWERS - 1), run(900), DEFAULT_LATENCY_THRESHOLD), { threshold: DEFAULT_LATENCY_THRESHOLD, compared: 0, slower: [] });
    assert.deepEqual(compareLatency(run(20), run(900), 'off'), { threshold: 'off', compared: 0, slower: [] });
    assert.deepEqual(latencyLines({ threshold: 'off', compared: 0, slower: [] }), ['Latency against the baseline: not compared (latency threshold off)']);
  });

  it('compares no latency across unlike runs: no figures kept, a partial run, another OCS_RUNS', () => {
    const run = (p95: number, more: object = {}) => ({ latency: [endpoint(p95)], provenance: { runsPerProperty: 25 }, ...more });
    const unlike = (old: object, now: object) => compareLatency(old, now, DEFAULT_LATENCY_THRESHOLD);
    assert.equal(unlike(run(20), run(900)).slower.length, 1, 'like runs are compared');
    assert.deepEqual(unlike({}, run(900)), { threshold: DEFAULT_LATENCY_THRESHOLD, compared: 0, slower: [], unlike: 'the baseline kept no latency' });
    assert.match(unlike(run(20), run(900, { partial: true })).unlike!, /^a partial run/);
    assert.match(unlike(run(20, { partial: true }), run(900)).unlike!, /^a partial run/);
    assert.match(unlike(run(20), run(900, { provenance: { runsPerProperty: 0 } })).unlike!, /OCS_RUNS/);
    assert.deepEqual(latencyLines(unlike({}, run(900))), ['Latency against the baseline: not compared (the baseline kept no latency)']);
  });

  it('takes the threshold from OCS_LATENCY_THRESHOLD, else the profile\'s latency.threshold, else the default', () => {
    const profile = tempTree({ 'p.yaml': `${readFileSync(REFERENCE_PROFILE, 'utf8')}\nlatency: { threshold: off }\n` });
    assert.equal(runLatencyThreshold({ OCS_PROFILE: `${profile}/p.yaml` }), 'off');
    assert.deepEqual(runLatencyThreshold({ OCS_PROFILE: `${profile}/p.yaml`, OCS_LATENCY_THRESHOLD: '3x' }), { quantile: 'p95', ratio: 3, ms: 0 });
    assert.deepEqual(runLatencyThreshold({ OCS_PROFILE: REFERENCE_PROFILE }), DEFAULT_LATENCY_THRESHOLD);
    assert.throws(() => runLatencyThreshold({ OCS_LATENCY_THRESHOLD: 'fast' }), /^Error: OCS_LATENCY_THRESHOLD: expected off/);
    const bad = tempTree({ 'p.yaml': `${readFileSync(REFERENCE_PROFILE, 'utf8')}\nlatency: { threshold: 0.5x }\n` });
    assert.throws(() => runLatencyThreshold({ OCS_PROFILE: `${bad}/p.yaml` }), (e: Error) => e.message.startsWith(`${bad}/p.yaml: latency.threshold: expected off`));
  });

  it('exits 1 for a slower endpoint, naming it, and leaves the verdict as it is', () => {
    const latency = compareLatency({ latency: [endpoint(20)] }, { latency: [endpoint(110)] }, DEFAULT_LATENCY_THRESHOLD);
    const s: Summary = {
      verdict: 'conformant', target: { name: 't' }, generatedAt: '2026-11-21T10:00:00.000Z', counts: { pass: 1, fail: 0, skip: 0, error: 0 }, warnings: 0,
      untested: [], unjudged: [], refused: [], skips: [], rules: [], probableCauses: [],
      baseline: { file: 'old/summary.json', regressions: [], fixes: [], untested: [], waived: [], latency },
    };
    assert.deepEqual(exitOf(s), { code: 1, line: 'ocs-conformance: latency regressed since the baseline old/summary.json: change_pickup [json]: p95 20 ms → 110 ms (×5.5)' });
    assert.deepEqual(consoleSummary(s).slice(1), [
      'Latency against the baseline (slower: p95 more than 2× and at least 50 ms slower): 1 of 1 endpoints slower',
      '  slower: change_pickup [json]: p95 20 ms → 110 ms (×5.5)',
      'Conformance: CONFORMANT',
    ]);
    assert.equal(exitOf({ ...s, baseline: { ...s.baseline!, latency: compareLatency({ latency: [endpoint(20)] }, { latency: [endpoint(110)] }, 'off') } }).code, 0);
    assert.equal(exitOf({ ...s, verdict: 'incomplete' }).code, 2, 'slower latency never hides an incomplete run');
  });
});
