import { setTimeout as sleep } from 'node:timers/promises';
import type { Exchange } from './exchange.ts';
import type { SharedLog } from './shared-log.ts';
import { TransportError, type WireRequest, type WireResponse } from './transport.ts';

/** The time limit passed without the whole answer. */
export class NoAnswer extends TransportError {}

/** undici's or the exchange's own time-out (src/client/answer.ts `timedOut`). */
const isTimeOut = (err: unknown): boolean => (err as Error | undefined)?.name === 'TimeoutError';

/** Another worker's stall is read at most this often: a file stat per request would cost more than it saves. */
const STALLS_READ_MS = 250;

/** How a stalls judge sends: the same request once more on a fresh connection, and what a failed exchange means. */
export interface Resend {
  fresh(req: WireRequest): Exchange;
  failure(err: unknown, exchange: Exchange): Promise<TransportError>;
  release(exchange: Exchange): void;
  /** The deadline a prompt answer comes within, now. */
  deadlineMs(): number;
}

/**
 * Stalls on kept connections (issue 29, docs/wire.md). A request written on a connection that
 * had carried an answer before and given no head within the adaptive deadline (or its whole
 * time limit, before enough answers came for a deadline) is suspected:
 * the same request goes once more on a fresh connection, while the first goes on waiting. An
 * answer on the kept connection first, or within as long again as it had waited when the fresh
 * one answered, is the answer: late is not stalled. Only a kept connection still silent then,
 * with the fresh one answered within the deadline, is the target's stall (the answer carries
 * `stalled`: WIRE-KEEP-ALIVE fails), and from then on every request goes on a fresh connection,
 * in this transport and, through `shared`, in every worker of the run: a target that leaves kept
 * connections unanswered costs one stall, not one per request or per worker.
 *
 * The fresh tries go one at a time: against a target that answers no connection at all, the
 * first try's silence ends the others' at once, so it gets each request in flight once more at
 * most (the breaker then stops the run). A request sent twice may change state twice: A-STALL.
 */
export class Stalls {
  private kept = false;
  private readAt = -Infinity;
  private tries: Promise<unknown> = Promise.resolve();
  private answersNone = false;
  private destroyed = false;

  constructor(private readonly resend: Resend, private readonly shared?: SharedLog) {}

  /** Whether every request now goes on a fresh connection. */
  freshOnly(): boolean {
    if (this.kept || !this.shared) return this.kept;
    const now = performance.now();
    if (now - this.readAt >= STALLS_READ_MS) {
      this.readAt = now;
      this.kept = this.shared.lines().length > 0;
    }
    return this.kept;
  }

  /** An answer came on a first try: a connection answers again. */
  answered(): void {
    this.answersNone = false;
  }

  /** The transport is destroyed: no fresh try starts any more. */
  destroy(): void {
    this.destroyed = true;
  }

  /** The kept exchange `first` of `req` brought no head within `suspectedMs`: its answer, judged as the class says. */
  async judge(req: WireRequest, first: Exchange, suspectedMs: number): Promise<WireResponse> {
    const fresh = this.freshTry(req);
    const kept = first.response.then((r) => ({ r }), (e: unknown) => ({ e }));
    // A kept request that reaches its time limit while judged is silent, not closed: on a busy
    // event loop a deadline's check runs a few ms before the time limit's timer (deadline.ts ticks
    // are 250 ms apart, and the check phase can come late), and its time-out then came first, or
    // within the wait for a late answer. Taken as an answer or a close, that time-out made an error
    // of every such stall, or passed it unseen (a CI run beside the bench: a stalling target
    // certified CONFORMANT).
    const spoke = kept.then((k) => ('e' in k && isTimeOut(k.e) ? undefined : k));
    const race = await Promise.race([
      spoke.then((k) => (k ? { kept: k } : new Promise<never>(() => undefined))),
      fresh.result.then((r) => ({ fresh: r }), (e: unknown) => ({ none: e })),
    ]);
    if ('kept' in race) {
      fresh.abandon();
      if ('r' in race.kept) return race.kept.r;
      throw await this.resend.failure(race.kept.e, first);
    }
    if ('none' in race) {
      const none = (race.none as Error).message;
      if (first.outOfTime) {
        first.abandon('no answer on a fresh connection either');
        throw new NoAnswer(`no response within ${Math.round(suspectedMs)} ms on a kept-alive connection, nor on a fresh one (${none})`);
      }
      // No answer on a fresh connection either: the kept one has the rest of its time limit, as any request.
      const k = await kept;
      if ('r' in k) return k.r;
      const named = await this.resend.failure(k.e, first);
      throw named instanceof NoAnswer ? new NoAnswer(`${named.message} on a kept-alive connection, nor on a fresh one (${none})`) : named;
    }
    const response = race.fresh;
    // As long again as it had waited; nothing more once its whole time limit is spent.
    const late = await Promise.race([spoke, sleep(first.outOfTime ? 0 : suspectedMs).then(() => undefined)]);
    if (late && 'r' in late) return late.r;
    // The target closed the kept connection (it may), or the fresh answer was slow too: no stall.
    if (late || response.firstByteMs! > this.resend.deadlineMs()) return response;
    const keptMs = performance.now() - first.started;
    first.abandon('the same request was answered on a fresh connection');
    if (!this.kept) this.shared?.append(`${req.url}: no answer in ${Math.round(keptMs)} ms on a kept connection`);
    this.kept = true;
    return { ...response, ms: keptMs, firstByteMs: keptMs - (response.ms - response.firstByteMs!), stalled: { keptMs, freshMs: response.firstByteMs! } };
  }

  /** One fresh try of `req`, after the tries before it; `abandon` ends it when the kept connection answered first. */
  private freshTry(req: WireRequest): { result: Promise<WireResponse>; abandon(): void } {
    let exchange: Exchange | undefined;
    let abandoned = false;
    const result = this.tries.then(async () => {
      if (abandoned) throw new TransportError('not sent: the kept connection answered');
      if (this.destroyed) throw new TransportError('not sent: the transport was destroyed');
      if (this.answersNone) throw new NoAnswer('a fresh connection brought no answer just before');
      const ex = (exchange = this.resend.fresh(req));
      try {
        const response = await ex.response;
        this.answersNone = false;
        return response;
      } catch (err) {
        const named = await this.resend.failure(err, ex);
        if (named instanceof NoAnswer && !abandoned) this.answersNone = true;
        throw named;
      } finally {
        this.resend.release(ex);
      }
    });
    this.tries = result.catch(() => undefined);
    return { result, abandon: () => { abandoned = true; exchange?.abandon('the kept connection answered'); } };
  }
}
