/**
 * summary.json's `latency`: the histograms the tests took (src/client/latency.ts), added up
 * per endpoint and outcome, read as count, median, p95, p99 and max. Histograms add bucket by
 * bucket, so the figures of a run merged from shards are those one machine would have given.
 */
import { FORMATS, OPERATIONS } from '../contract/load.ts';
import { Histogram } from '../client/histogram.ts';
import { LATENCY_OUTCOMES, type LatencyData } from '../client/latency.ts';
import type { EndpointLatency, LatencyGroup, Quantiles } from './summary-shape.ts';

interface Pair { whole: Histogram; firstByte: Histogram }

/** Tenths of a millisecond: a histogram's bucket is 5% wide, finer digits would say nothing. */
const tenths = (ms: number): number => Math.round(ms * 10) / 10;

function quantiles(h: Histogram): Quantiles {
  return { median: tenths(h.quantile(0.5)!), p95: tenths(h.quantile(0.95)!), p99: tenths(h.quantile(0.99)!), max: tenths(h.max) };
}

function group(p: Pair): LatencyGroup {
  return { count: p.whole.count, whole: quantiles(p.whole), ...(p.firstByte.count ? { firstByte: quantiles(p.firstByte) } : {}) };
}

/** The run's latency histograms, as the tests hand them in. */
export class LatencyTally {
  private readonly pairs = new Map<string, Pair>();

  add(data: LatencyData[]): void {
    for (const d of data) {
      const key = `${d.operation}|${d.format}|${d.outcome}`;
      let p = this.pairs.get(key);
      if (!p) this.pairs.set(key, (p = { whole: new Histogram(), firstByte: new Histogram() }));
      p.whole.merge(d.whole);
      if (d.firstByte) p.firstByte.merge(d.firstByte);
    }
  }

  /** Per endpoint that was sent to, in the catalog's order: each outcome met, and every answer together. */
  endpoints(): EndpointLatency[] {
    return OPERATIONS.flatMap((operation) => FORMATS.flatMap((format): EndpointLatency[] => {
      const met = LATENCY_OUTCOMES.flatMap((outcome) => {
        const p = this.pairs.get(`${operation}|${format}|${outcome}`);
        return p ? [[outcome, p] as const] : [];
      });
      if (met.length === 0) return [];
      const answered = met.filter(([outcome]) => outcome !== 'error');
      const answers = answered.reduce((all, [, p]) => { all.whole.merge(p.whole); all.firstByte.merge(p.firstByte); return all; }, { whole: new Histogram(), firstByte: new Histogram() });
      return [{
        operation, format,
        ...(answered.length ? { answers: group(answers) } : {}),
        ...Object.fromEntries(met.map(([outcome, p]) => [outcome, group(p)])),
      }];
    }));
  }
}
