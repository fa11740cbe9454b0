/**
 * Requests sent, answered and pushed back on over the last second, counted in BUCKET_MS spans:
 * what the rates really were when the pace (src/client/pace.ts) judges a cut. Spans that saw none
 * are left out, so a worker that was idle (between two tests) is not taken for a slow one.
 */
const BUCKET_MS = 250;
const BUCKETS = 4;
const KINDS = ['sent', 'answered', 'pushed'] as const;
export type Kind = typeof KINDS[number];

export class LastSecond {
  private readonly counts = { sent: new Array<number>(BUCKETS).fill(0), answered: new Array<number>(BUCKETS).fill(0), pushed: new Array<number>(BUCKETS).fill(0) };
  private at = 0;

  constructor(private readonly now: () => number) {}

  count(kind: Kind): void {
    this.move();
    this.counts[kind][this.at % BUCKETS]!++;
  }

  /** Answers and push backs in the last second. */
  responses(): number {
    this.move();
    return [...this.counts.answered, ...this.counts.pushed].reduce((a, b) => a + b, 0);
  }

  /** Requests a second, sent, answered and pushed back on, over the spans of the last second that saw any. */
  rates(): Record<Kind, number> {
    this.move();
    const busy = [...this.counts.sent.keys()].filter((i) => this.counts.sent[i]! + this.counts.answered[i]! + this.counts.pushed[i]! > 0);
    const seconds = (busy.length * BUCKET_MS) / 1000;
    const total = (kind: Kind): number => (busy.length ? busy.reduce((n, i) => n + this.counts[kind][i]!, 0) / seconds : 0);
    return { sent: total('sent'), answered: total('answered'), pushed: total('pushed') };
  }

  private move(): void {
    const at = Math.floor(this.now() / BUCKET_MS);
    for (let b = this.at + 1; b <= at && b <= this.at + BUCKETS; b++) {
      for (const kind of KINDS) this.counts[kind][b % BUCKETS] = 0;
    }
    this.at = Math.max(this.at, at);
  }
}
