/**
 * The pace of one worker process's sending (issue 33, docs/pace.md): how many requests it may
 * have in flight (`places`, read by the run's cap, src/runner/limit.ts) and how many it may send
 * a second (`turn`). A request waiting out a 429 or a 503 is not at the target: its place is
 * lent to another while it waits (`sleeping`), within the profile's cap.
 *
 * - A 429 ("too many requests": a count of requests in time, RFC 6585 section 4) halves the
 *   rate; a 503 ("overload", RFC 9110 section 15.6.4) halves the window, and the rate too once
 *   the window is 1 (fewer in flight can no longer lower the load). Once per round trip: a push
 *   back for a request sent before the last cut is the congestion that cut answered, as TCP cuts
 *   once per window; and the rate at most once a second, the span a rate is counted over, so the
 *   last cut had time to show. The rate halves from what was really sent a second while sending, not from
 *   a cap the sending never reached. Neither falls below ANSWERED_TIMES what the target served
 *   just then (the final answers a second; for the window, by Little's law, those answers a
 *   second times their latency), and a push back that leaves the target serving more than half of
 *   what it is sent cuts nothing: a limit is still found and served in full (the target serves no
 *   more than it, so the sending settles at most twice above it), and a target that pushes back
 *   on some requests whatever the pace (one busy order, a flaky gateway) does not drive the run
 *   down to one request at a time. Never below 1.
 * - Clean answers grow them back additively: the window by one per window of answers, the rate
 *   by as much a second as brings it back where it was cut REGROW_SECONDS after the cut.
 * - Until the first push back, the window follows the target's distance (src/client/distance.ts).
 * - Never above the caps (this worker's share of safety.concurrency and safety.rps); never below
 *   where it started but after a push back.
 *
 * Each worker paces itself on the answers it gets: a target's limit pushes back on every worker
 * that exceeds its share, and halving on one's own signals converges to a fair share of it
 * (Chiu and Jain's argument for additive increase, multiplicative decrease).
 */
import { Distance } from './distance.ts';
import { LastSecond } from './last-second.ts';
import { Tally, type PaceFigures } from './pace-figures.ts';

export type { PaceFigures };

export interface PaceSettings {
  /** The most requests in flight: this worker's share of safety.concurrency. */
  maxInFlight: number;
  /** Where the window starts (at most maxInFlight). */
  startInFlight: number;
  /** The most requests a second: this worker's share of safety.rps; none when undefined. */
  maxRps?: number;
  /** Waits `ms` (the run's stop ends it early); a clock in ms. Tests give their own. */
  sleep?: (ms: number) => Promise<unknown>;
  now?: () => number;
}

const REGROW_SECONDS = 20;
/** The rate is cut at most once a second: the span it is counted over (and Retry-After's least). */
const RATE_CUT_MS = 1_000;
/**
 * What the target served (a second, and in flight) times this is the least a cut leaves, and a
 * push back that leaves it more than 1 / ANSWERED_TIMES of what it was sent cuts nothing: 2, as
 * Google's adaptive throttling takes it (Site Reliability Engineering, chapter 21), so a target
 * that pushes back on under half of what it is sent, whatever the pace, is no limit to find.
 */
const ANSWERED_TIMES = 2;
const LATENCY_WEIGHT = 16;
/** A cut is judged on at least this many answers and push backs of the last second. */
const MIN_RESPONSES = 8;

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export class Pace {
  private windowF: number;
  private readonly start: number;
  /** When the last cut came: a push back for a request sent before it cuts nothing more. */
  private cutAt = -Infinity;
  /** The rate after the last cut of the rate, at `rateCutAt`, and how much it grows a second since. */
  private cut?: { base: number; perSecond: number };
  private rateCutAt = -Infinity;
  private pushed = false;
  private readonly distance: Distance;
  /** The answers' latency of late, in ms (a moving average over about LATENCY_WEIGHT answers). */
  private latency?: number;
  private readonly lastSecond: LastSecond;
  private gate: Promise<unknown> = Promise.resolve();
  private lastSent = -Infinity;
  private readonly sleep: (ms: number) => Promise<unknown>;
  private readonly now: () => number;
  /** Requests waiting out a 429 or a 503 now, and who is told when places free up. */
  private asleep = 0;
  private readonly roomListeners: (() => void)[] = [];
  /** Answers, push backs and failures so far: what a watchdog reads as progress. */
  completions = 0;
  private lastAnswerAt: number;
  private readonly tally: Tally;

  constructor(private readonly settings: PaceSettings) {
    this.start = Math.max(1, Math.min(settings.startInFlight, settings.maxInFlight));
    this.windowF = this.start;
    this.sleep = settings.sleep ?? pause;
    this.now = settings.now ?? (() => performance.now());
    this.lastSecond = new LastSecond(this.now);
    this.distance = new Distance(this.start, settings.maxInFlight);
    this.lastAnswerAt = this.now();
    this.tally = new Tally(this.start);
  }

  /** Requests that may be in flight now. */
  get window(): number {
    return Math.floor(this.windowF);
  }

  /** Places for requests in flight now: the window, and those lent by requests waiting out a push back, within the cap. */
  places(): number {
    return Math.min(this.settings.maxInFlight, this.window + this.asleep);
  }

  /** Calls `listener` whenever places free up without a request ending (one went to sleep). */
  onRoom(listener: () => void): void {
    this.roomListeners.push(listener);
  }

  /** Runs `wait` (a wait before sending a pushed-back request again) with the request's place lent out meanwhile. */
  async sleeping<T>(wait: () => Promise<T>): Promise<T> {
    this.asleep++;
    for (const listener of this.roomListeners) listener();
    try {
      return await wait();
    } finally {
      this.asleep--;
    }
  }

  /** Requests a second now; undefined when nothing caps them. */
  rate(): number | undefined {
    const { maxRps } = this.settings;
    if (this.cut === undefined) return maxRps;
    const grown = this.cut.base + (this.cut.perSecond * (this.now() - this.rateCutAt)) / 1000;
    return maxRps === undefined ? grown : Math.min(maxRps, grown);
  }

  /** A request waited for a place in the window: the window was full this round. */
  wanted(): void {
    this.distance.wanted();
  }

  /**
   * Waits for the rate's turn (sends leave one at a time, a gap apart); the time the request left,
   * at once (no promise) when nothing caps the rate.
   */
  turn(): number | Promise<number> {
    if (this.rate() === undefined) return this.sent();
    // Each waits a gap after the one before really left: a late wake-up delays the ones after it, never bunches them.
    const next = this.gate.then(async () => {
      const wait = this.lastSent + 1000 / this.rate()! - this.now();
      if (wait > 0) await this.sleep(wait);
      return (this.lastSent = this.sent());
    });
    this.gate = next;
    return next;
  }

  /** How long since the last final answer (or since the pace began): the run's budget for waiting counts it. */
  quietMs(): number {
    return this.now() - this.lastAnswerAt;
  }

  /** A final answer (not 429 or 503) came, `ms` after its request was sent. */
  answered(ms: number): void {
    this.completions++;
    this.tally.answered();
    this.lastAnswerAt = this.now();
    this.lastSecond.count('answered');
    this.latency = this.latency === undefined ? ms : this.latency + (ms - this.latency) / LATENCY_WEIGHT;
    if (this.pushed) {
      this.setWindow(this.windowF + 1 / this.windowF);
      return;
    }
    const next = this.distance.answered(ms, this.windowF);
    if (next !== undefined) this.setWindow(next);
  }

  /** The target answered 429 or 503 to a request sent at `sentAt`. */
  pushedBack(sentAt: number, status: number): void {
    this.completions++;
    this.tally.pushedBack(status);
    this.pushed = true;
    this.lastSecond.count('pushed');
    if (sentAt < this.cutAt) return;
    const { sent, answered, pushed } = this.lastSecond.rates();
    // Too few answers in the last second to tell a limit by; or the target still serves more than
    // 1 / ANSWERED_TIMES of what it is sent: within the margin, nothing to cut.
    if (this.lastSecond.responses() < MIN_RESPONSES || answered * (ANSWERED_TIMES - 1) >= pushed) return;
    const now = this.now();
    this.cutAt = now;
    if (status !== 429) {
      // Little's law: the requests in flight the final answers a second took at this latency.
      const inService = (answered * (this.latency ?? 0)) / 1000;
      const before = this.window;
      this.setWindow(Math.min(this.windowF, Math.max(this.windowF / 2, ANSWERED_TIMES * inService)));
      if (before > 1) return;
    }
    // A rate is a count over time: judged again only once a second has shown the last cut's effect.
    if (now - this.rateCutAt < RATE_CUT_MS) return;
    const from = Math.max(1, Math.min(this.rate() ?? Infinity, sent));
    this.cut = { base: Math.max(1, from / 2, ANSWERED_TIMES * answered), perSecond: from / 2 / REGROW_SECONDS };
    this.rateCutAt = now;
    this.tally.capped(this.rate()!);
  }

  /** A request failed on the wire: progress, not a signal of pace (the breaker counts it). */
  failed(): void {
    this.completions++;
  }

  /** The harness waited `ms` before sending a pushed-back request again. */
  waited(ms: number): void {
    this.tally.waited(ms);
  }

  /** What the pace was since the last `take` (or since it began). */
  figures(): PaceFigures {
    return this.tally.figures(this.cut === undefined ? undefined : this.rate());
  }

  /**
   * The figures since the last take, and a new count from now (a test takes those of its own
   * requests, as it takes its latencies): the window and rate go on where they are, and a pace
   * pushed back before stays limited.
   */
  take(): PaceFigures {
    return this.tally.take(this.window, this.cut === undefined ? undefined : this.rate(), this.pushed);
  }

  /** Counts a request sent now; the time. */
  private sent(): number {
    this.lastSecond.count('sent');
    this.tally.sent();
    return this.now();
  }

  private setWindow(w: number): void {
    this.windowF = Math.max(1, Math.min(this.settings.maxInFlight, w));
    this.tally.inFlight(this.window);
  }
}
