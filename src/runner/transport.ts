import type { RunContext } from './context.ts';
import { guarded, masking, type Transport } from '../client/transport.ts';
import { DEFAULT_WAIT_BUDGET_SECONDS, polite } from '../client/polite.ts';
import { Pace } from '../client/pace.ts';
import { undiciTransport, type ClosableTransport } from '../client/undici.ts';
import { sharedLog } from '../client/shared-log.ts';
import { timed } from '../client/latency.ts';
import { startInFlight } from './concurrency.ts';
import { sleepUnlessStopped } from './stop.ts';

/** The run's transport and the pace it keeps (src/client/pace.ts). */
export interface Target extends ClosableTransport { pace: Pace }

type Pacing = Pick<RunContext, 'rps' | 'inFlight' | 'profile'>;

/**
 * `inner` paced as a run paces its target (src/client/polite.ts, pace.ts): a 429 or a 503
 * waited out and sent again, never judged, the requests in flight and a second adapted to the
 * target within this process's share of safety.concurrency and safety.rps, and the profile's
 * budget for waiting (safety.waitBudgetSeconds). `inFlight` of the pace is what the breaker,
 * given as `below`, counts as sent together.
 */
export function paced(inner: Transport, ctx: Pacing, below: (pace: Pace) => Transport = () => inner): { transport: Transport; pace: Pace } {
  const sleep = (ms: number): Promise<boolean> => sleepUnlessStopped(ms);
  const pace = new Pace({ maxInFlight: ctx.inFlight, startInFlight: startInFlight(ctx.inFlight), maxRps: ctx.rps, sleep });
  const transport = polite(below(pace), pace, {
    budgetMs: (ctx.profile.safety?.waitBudgetSeconds ?? DEFAULT_WAIT_BUDGET_SECONDS) * 1000, spent: sharedLog('OCS_PACE_FILE'), sleep,
  });
  return { transport, pace };
}

/**
 * How the harness talks to the run's target, wherever it sends from (the preflight, the
 * workers): undici with the profile's timeout, response cap and TLS options, every response masked as it
 * is read, every send timed (src/client/latency.ts: below the pace and the waits after a 429 or
 * a 503, so neither counts as the target's time), and paced (above). With `breaker` (the
 * workers), below the pace: a request the pace holds back has not been counted yet, and goes
 * through the breaker when it leaves. A stall on a kept connection found by one worker sends
 * every worker's requests on fresh connections (OCS_STALL_FILE), and a spent budget for waiting
 * stops every worker's sending (OCS_PACE_FILE); the run removes both as it starts.
 */
export function targetTransport(ctx: Pick<RunContext, 'timeoutMs' | 'maxResponseBytes' | 'mask'> & Pacing, { breaker = false } = {}): Target {
  const undici = undiciTransport(ctx.timeoutMs, ctx.maxResponseBytes, sharedLog('OCS_STALL_FILE'), ctx.profile.tlsMaterial?.options());
  const masked = masking(timed(undici), ctx.mask);
  const { transport, pace } = paced(masked, ctx, breaker ? (p) => guarded(masked, () => p.places()) : undefined);
  return { send: (r) => transport.send(r), pace, close: () => undici.close(), destroy: () => undici.destroy() };
}
