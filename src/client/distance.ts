/**
 * Until the first push back, a worker's window follows the target's distance (src/client/pace.ts).
 * By Little's law the requests in flight are the throughput times the latency, so more in flight
 * bring more answers a second exactly while the latency does not grow with them. At the end of
 * each round (a window of answers), a window that was full (a request waited for a place) and
 * whose round took no longer than the base latency (the fastest round's median) by a quarter grows
 * by half, while it is under what one worker could ever answer in the target's distance (TOP_RPS ×
 * the least tenth percentile of the last NEAR_ROUNDS rounds: the distance no queue adds to, as BBR
 * takes the least round trip of a recent window, but not the odd answer a gateway gives at once to
 * a request it refuses, nor a round crowded with such answers, which held a run's window for good
 * when it was the least of every round yet; a target on the same machine answers a tenth of its
 * requests in a few ms in every round however busy the worker is, and never needs more than the
 * window starts with). A round whose median is twice the base shrinks
 * it back toward where it started: the extra requests only queued, at the target or in the worker.
 */
const GROWTH = 1.5;
const CALM = 1.25;
/** At a target on the same machine, a millisecond either way is noise. */
const CALM_MS = 2;
const QUEUED = 2;
const SHRINK = 0.8;
/**
 * About the most answers a second one worker judges (npm run bench's throughput, 1,500 to 2,500
 * at a target in its own process): more in flight than this times the latency cannot be used.
 */
const TOP_RPS = 2_000;
/** A round of fewer answers says too little about the latency. */
const MIN_ROUND = 8;
/**
 * The distance is the least of this many rounds' tenth percentiles: a round of a test's first
 * requests, HTTP probes a gateway in front of a distant target refuses at once, holds the window
 * for these rounds (about 2 s at 200 ms), not for the run.
 */
const NEAR_ROUNDS = 10;

export class Distance {
  private round = { answers: 0, latencies: [] as number[], full: false };
  private base = Infinity;
  /** The tenth percentiles of the last NEAR_ROUNDS rounds, in ms: their least is the target's distance. */
  private readonly tenths: number[] = [];
  /** Rounds ended: the first, its requests all sent at once into a cold target, shows no distance. */
  private rounds = 0;

  /** `start`: where the window began, the least it shrinks back to; `most`: the cap. */
  constructor(private readonly start: number, private readonly most: number) {}

  /** A request waited for a place in the window: the window was full this round. */
  wanted(): void {
    this.round.full = true;
  }

  /** An answer came after `ms`, the window being `window`: the window it should be now, when a round ended and changed it. */
  answered(ms: number, window: number): number | undefined {
    this.round.answers++;
    if (this.round.latencies.length < this.most) this.round.latencies.push(ms);
    return this.round.answers >= Math.max(MIN_ROUND, Math.floor(window)) ? this.endRound(window) : undefined;
  }

  private endRound(window: number): number | undefined {
    const { latencies, full } = this.round;
    this.round = { answers: 0, latencies: [], full: false };
    if (latencies.length < MIN_ROUND) return undefined;
    latencies.sort((a, b) => a - b);
    const median = latencies[latencies.length >> 1]!;
    this.base = Math.min(this.base, median);
    this.tenths.push(latencies[Math.floor(latencies.length / 10)]!);
    if (this.tenths.length > NEAR_ROUNDS) this.tenths.shift();
    const near = Math.min(...this.tenths);
    if (++this.rounds === 1) return undefined;
    if (full && median <= this.base * CALM + CALM_MS && window < (TOP_RPS * near) / 1000) return window * GROWTH;
    if (median > this.base * QUEUED && window > this.start) return Math.max(this.start, window * SHRINK);
    return undefined;
  }
}
