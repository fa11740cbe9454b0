/**
 * Latencies kept as counts in fixed buckets, not as samples: a run sends tens of thousands of
 * requests, and a deep run millions, so memory stays a few hundred numbers whatever the count.
 * Buckets grow by 5% from 0.1 ms (each bucket's upper edge is 1.05 times its lower), so a
 * quantile read from them is within 5% of the true one; below 0.1 ms everything is one bucket,
 * above about an hour another. The same fixed edges in every process make two histograms add
 * bucket by bucket: the workers' histograms of one run, and the shards' of a merged one.
 *
 * Why not a library: HdrHistogram's JavaScript port and DDSketch would each do, but the harness
 * needs only record, merge, quantile and a JSON form, and these buckets are the few lines below.
 */
const FIRST = 0.1;
const GROWTH = 1.05;
const LOG_GROWTH = Math.log(GROWTH);
/** Buckets up to 0.1 ms × 1.05^360 ≈ 4,200 s. */
const BUCKETS = 361;

/** A histogram as JSON: sparse counts by bucket index, the exact maximum, and the count. */
export interface HistogramData { count: number; max: number; buckets: Record<string, number> }

const bucketOf = (ms: number): number => (ms <= FIRST ? 0 : Math.min(BUCKETS - 1, 1 + Math.floor(Math.log(ms / FIRST) / LOG_GROWTH)));
/** The upper edge of a bucket: a quantile is reported at its bucket's upper edge, never below the truth. */
const upperEdge = (bucket: number): number => FIRST * GROWTH ** bucket;

export class Histogram {
  private readonly counts = new Float64Array(BUCKETS);
  count = 0;
  max = 0;

  record(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) return;
    this.counts[bucketOf(ms)]!++;
    this.count++;
    if (ms > this.max) this.max = ms;
  }

  /** Adds another histogram's counts to this one's. */
  merge(other: Histogram | HistogramData): this {
    const data = other instanceof Histogram ? other.toJSON() : other;
    for (const [bucket, n] of Object.entries(data.buckets)) this.counts[Number(bucket)]! += n;
    this.count += data.count;
    this.max = Math.max(this.max, data.max);
    return this;
  }

  /** The q-quantile (0 < q ≤ 1) in ms, at most 5% above the true one and never above the maximum; undefined when empty. */
  quantile(q: number): number | undefined {
    if (this.count === 0) return undefined;
    const rank = Math.max(1, Math.ceil(q * this.count));
    let seen = 0;
    for (let b = 0; b < BUCKETS; b++) {
      seen += this.counts[b]!;
      if (seen >= rank) return Math.min(upperEdge(b), this.max);
    }
    return this.max;
  }

  toJSON(): HistogramData {
    const buckets: Record<string, number> = {};
    this.counts.forEach((n, b) => { if (n) buckets[b] = n; });
    return { count: this.count, max: this.max, buckets };
  }
}
