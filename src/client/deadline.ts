import { Histogram } from './histogram.ts';

/** Answers seen before the deadline follows them: a p99 of fewer says little. */
const WARM_UP = 16;
/** No deadline is shorter: a target's slowest honest answers (a cold cache, a GC) fit in it. */
const FLOOR_MS = 1_500;
/** How far past the p99 an answer may come before its request counts as stalled. */
const P99_TIMES = 8;
const TICK_MS = 250;
/** A tick this late means the event loop was busy: answers may wait unread in socket buffers. */
const LATE_MS = 50;

/**
 * A request written on a connection and waiting for its answer's head since `since`; `slot` is
 * its place among the waiting (-1 when it waits no more).
 */
export interface Waiter { since: number; slot: number; expire(waitedMs: number): void }

/**
 * How long a request waits for its answer's head before the transport gives up on the
 * connection it went out on (issue 29): the profile's time limit until WARM_UP answers came,
 * then min(timeoutMs, max(FLOOR_MS, P99_TIMES × p99)) of the times to the first byte so far. A
 * target that leaves a kept connection unanswered then costs a second or two, not the whole
 * time limit per request.
 *
 * One unref'd interval checks every waiting request against the deadline as it is now, so a
 * request sent before the first answers came benefits once they have. A tick that runs late
 * aborts nothing, and an on-time tick checks in the check phase, after the loop's poll: an
 * answer that arrived while the loop was busy is read before its request is judged stalled.
 */
export class HeadDeadline {
  private readonly firstBytes = new Histogram();
  /**
   * An array and each waiter's slot in it, not a Set: measured on the plain path, a Set of the
   * requests in flight made each request's garbage cost three times as much.
   */
  private readonly waiting: Waiter[] = [];
  private ticker?: NodeJS.Timeout;
  private lastTick = 0;

  constructor(private readonly timeoutMs: number) {}

  /** The longest a request waits for its head now, in ms. */
  ms(): number {
    if (this.firstBytes.count < WARM_UP) return this.timeoutMs;
    return Math.min(this.timeoutMs, Math.max(FLOOR_MS, P99_TIMES * this.firstBytes.quantile(0.99)!));
  }

  /** A head came this long after its request was written. */
  record(ms: number): void {
    this.firstBytes.record(ms);
  }

  wait(waiter: Waiter): void {
    waiter.slot = this.waiting.push(waiter) - 1;
    if (!this.ticker) {
      this.lastTick = performance.now();
      this.ticker = setInterval(() => this.tick(), TICK_MS).unref();
    }
  }

  done(waiter: Waiter): void {
    const slot = waiter.slot;
    waiter.slot = -1;
    // Gone already: stop() let go of every waiter, and an exchange a destroy fails settles after it.
    if (slot < 0 || this.waiting[slot] !== waiter) return;
    const last = this.waiting.pop()!;
    if (last !== waiter) {
      this.waiting[slot] = last;
      last.slot = slot;
    }
  }

  stop(): void {
    clearInterval(this.ticker);
    this.ticker = undefined;
    for (const waiter of this.waiting) waiter.slot = -1;
    this.waiting.length = 0;
  }

  private tick(): void {
    const now = performance.now();
    const late = now - this.lastTick > TICK_MS + LATE_MS;
    this.lastTick = now;
    if (!late && this.waiting.length) setImmediate(() => this.expire());
  }

  private expire(): void {
    const now = performance.now();
    const deadline = this.ms();
    for (const waiter of [...this.waiting]) {
      if (now - waiter.since < deadline) continue;
      this.done(waiter);
      waiter.expire(now - waiter.since);
    }
  }
}
