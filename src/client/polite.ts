import type { Pace } from './pace.ts';
import type { SharedLog } from './shared-log.ts';
import { NotSent, NOT_SENT, TransportError, type Transport, type WireResponse } from './transport.ts';

/**
 * Backpressure is not a verdict (issue 33, DESIGN principle 6). A 429 (RFC 6585 section 4) or a
 * 503 (RFC 9110 section 15.6.4) says "not now": the request is sent again after the Retry-After
 * the target asks for (at most MAX_WAIT_MS), or else after an exponential backoff with full
 * jitter, and judged on the answer that comes after them, which carries `pushedBack`. Every send
 * takes the pace's turn (the rate cap), and every answer tells the pace (src/client/pace.ts).
 *
 * The run's budget for waiting (profile safety.waitBudgetSeconds): a request that would still be
 * pushed back after it, counted from its first send, ends as a transport error (the verdict is
 * `error`, never `fail`), with what the target sustained. When no request at all got a final
 * answer meanwhile, the budget is spent for the whole run: the line goes to `spent`
 * (OCS_PACE_FILE, every worker reads it) and nothing more is sent, so a target that keeps
 * shedding ends the run INCOMPLETE after one budget, not one per request.
 */
export interface PoliteOptions {
  budgetMs: number;
  /** The longest single wait honoured, whatever Retry-After says. */
  maxWaitMs?: number;
  /** Where the workers of a run tell each other the budget is spent; this process alone without it. */
  spent?: SharedLog;
  /** Waits `ms`; resolves `true` when the run was stopped meanwhile (src/runner/stop.ts): nothing more is then sent. */
  sleep?: (ms: number) => Promise<unknown>;
  now?: () => number;
  random?: () => number;
}

export const DEFAULT_WAIT_BUDGET_SECONDS = 120;
const MAX_WAIT_MS = 30_000;
/** Backoff without a Retry-After: full jitter over BACKOFF_BASE_MS × 2^attempt, at most BACKOFF_CAP_MS. */
const BACKOFF_BASE_MS = 100;
const BACKOFF_CAP_MS = 10_000;
/** Another worker's spent budget is read at most this often: a file stat per request would cost more than it saves. */
const SPENT_READ_MS = 250;

const PUSHBACK: Record<number, string> = { 429: '429 Too Many Requests', 503: '503 Service Unavailable' };

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The wait a Retry-After header asks for (seconds, or an HTTP date), in ms. */
export function retryAfterMs(value: string | undefined, now: number): number | undefined {
  if (!value) return undefined;
  if (/^\s*\d+\s*$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** What the target sustained while it pushed back, and the profile keys that declare it. */
export function sustainedLine(pace: Pace): string {
  const f = pace.figures();
  const seconds = f.limited ? Math.max(1, f.limited.to - f.limited.from) / 1000 : 0;
  const rate = f.limited && seconds ? f.limited.answers / seconds : 0;
  return `it sustained ${rate.toFixed(1)} requests/s with at most ${f.inFlight.last} in flight: declare them in safety.rps and safety.concurrency`;
}

export function polite(transport: Transport, pace: Pace, opts: PoliteOptions): Transport {
  const sleep = opts.sleep ?? pause;
  const now = opts.now ?? Date.now;
  const random = opts.random ?? Math.random;
  const maxWait = opts.maxWaitMs ?? MAX_WAIT_MS;
  let spent: string | undefined;
  let readAt = -Infinity;
  const spentReason = (): string | undefined => {
    if (spent || !opts.spent) return spent;
    if (now() - readAt >= SPENT_READ_MS) {
      readAt = now();
      spent = opts.spent.lines()[0];
    }
    return spent;
  };
  const waitFor = (res: WireResponse, attempt: number): number => {
    const asked = retryAfterMs(res.headers['retry-after'], now());
    return asked !== undefined ? Math.min(asked, maxWait) : random() * Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** attempt);
  };
  const giveUp = (res: WireResponse, statuses: number[], since: number): TransportError => {
    const quiet = pace.quietMs();
    const what = `the target answered ${PUSHBACK[res.status]} ${statuses.length} time(s) to this request over ${Math.round((now() - since) / 1000)} s`;
    const line = `the target answered only 429 or 503 for ${Math.round(quiet / 1000)} s, the run's budget for waiting (safety.waitBudgetSeconds: ${opts.budgetMs / 1000} s); ${sustainedLine(pace)}`;
    // No final answer came to any request while this one used its whole budget: the run's is spent.
    if (quiet >= now() - since) {
      spent ??= line;
      opts.spent?.append(line);
    }
    return new TransportError(`${what}, past the run's budget for waiting (safety.waitBudgetSeconds: ${opts.budgetMs / 1000} s); ${sustainedLine(pace)}`, res);
  };
  return {
    async send(request): Promise<WireResponse> {
      const since = now();
      let statuses: number[] | undefined;
      let waited = 0;
      for (let attempt = 0; ; attempt++) {
        const reason = spentReason();
        if (reason) throw new NotSent(`${NOT_SENT}${reason}`);
        const turn = pace.turn();
        const sentAt = typeof turn === 'number' ? turn : await turn;
        let res: WireResponse;
        try {
          res = await transport.send(request);
        } catch (err) {
          pace.failed();
          throw err;
        }
        if (!(res.status in PUSHBACK)) {
          pace.answered(res.ms);
          return statuses ? { ...res, pushedBack: { statuses, waitedMs: waited } } : res;
        }
        pace.pushedBack(sentAt, res.status);
        (statuses ??= []).push(res.status);
        const wait = waitFor(res, attempt);
        if (now() - since + wait > opts.budgetMs) throw giveUp(res, statuses, since);
        pace.waited(wait);
        waited += wait;
        if ((await pace.sleeping(() => sleep(wait))) === true) throw new NotSent(`${NOT_SENT}the run was stopped`);
      }
    },
  };
}

/**
 * OCS_RPS, else the profile's safety.rps: the cap on requests per second for the whole run,
 * or undefined for none.
 */
export function rateLimit(safety: { rps?: number } | undefined, env: NodeJS.ProcessEnv = process.env): number | undefined {
  if (env.OCS_RPS) {
    const n = Number(env.OCS_RPS);
    if (!Number.isFinite(n) || n <= 0) throw new RangeError(`OCS_RPS must be a number of requests per second above 0, got ${env.OCS_RPS}`);
    return n;
  }
  return safety?.rps;
}
