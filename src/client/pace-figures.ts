/** What the pace was, for the report (src/report/pace.ts adds the workers' up). */
export interface PaceFigures {
  /** Requests sent, every resend counted, and final answers (not 429 or 503) among their answers. */
  sent: number;
  answers: number;
  /** 429s and 503s met, by status. */
  pushbacks: Record<string, number>;
  /** Waits before sending again after them, and their total. */
  waits: { count: number; ms: number };
  inFlight: { start: number; max: number; min: number; last: number };
  /** The cap on requests a second: the lowest it was cut to, and the last; absent when nothing capped it. */
  rps?: { min: number; last: number };
  /** From the first push back (epoch ms) to the last answer: the span the target limited, and the answers in it. */
  limited?: { from: number; to: number; answers: number };
}

/** The counts of a pace (src/client/pace.ts) since they were last taken. */
export class Tally {
  private counted: PaceFigures;

  constructor(window: number) {
    this.counted = Tally.fresh(window);
  }

  sent(): void {
    this.counted.sent++;
  }

  answered(): void {
    this.counted.answers++;
    if (this.counted.limited) {
      this.counted.limited.answers++;
      this.counted.limited.to = Date.now();
    }
  }

  pushedBack(status: number): void {
    const f = this.counted;
    f.pushbacks[status] = (f.pushbacks[status] ?? 0) + 1;
    f.limited ??= { from: Date.now(), to: Date.now(), answers: 0 };
  }

  waited(ms: number): void {
    this.counted.waits.count++;
    this.counted.waits.ms += ms;
  }

  /** The window moved to `window`. */
  inFlight(window: number): void {
    const f = this.counted.inFlight;
    f.last = window;
    f.max = Math.max(f.max, window);
    f.min = Math.min(f.min, window);
  }

  /** A cut left the rate at `rate`. */
  capped(rate: number): void {
    this.counted.rps = { min: Math.min(this.counted.rps?.min ?? Infinity, rate), last: rate };
  }

  /** The counts so far, `rate` the cap now (undefined when nothing capped it). */
  figures(rate: number | undefined): PaceFigures {
    const f = this.counted;
    return {
      ...f, pushbacks: { ...f.pushbacks }, waits: { ...f.waits }, inFlight: { ...f.inFlight },
      ...(f.rps && rate !== undefined ? { rps: { min: Math.min(f.rps.min, rate), last: rate } } : {}), ...(f.limited ? { limited: { ...f.limited } } : {}),
    };
  }

  /** The counts so far, and a new count from now, at the window and rate the pace has; `limited`: it was pushed back before. */
  take(window: number, rate: number | undefined, limited: boolean): PaceFigures {
    const taken = this.figures(rate);
    const now = Date.now();
    this.counted = { ...Tally.fresh(window), ...(rate !== undefined ? { rps: { min: rate, last: rate } } : {}), ...(limited ? { limited: { from: now, to: now, answers: 0 } } : {}) };
    return taken;
  }

  private static fresh(window: number): PaceFigures {
    return { sent: 0, answers: 0, pushbacks: {}, waits: { count: 0, ms: 0 }, inFlight: { start: window, max: window, min: window, last: window } };
  }
}
