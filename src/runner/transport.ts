import type { RunContext } from './context.ts';
import { masking } from '../client/transport.ts';
import { polite, type Waits } from '../client/polite.ts';
import { undiciTransport, type ClosableTransport } from '../client/undici.ts';
import { sharedLog } from '../client/shared-log.ts';
import { timed } from '../client/latency.ts';

/**
 * How the harness talks to the run's target, wherever it sends from (the preflight, the
 * workers): undici with the profile's timeout and response cap, every response masked as it
 * is read, every send timed (src/client/latency.ts: below the rate cap and the 429 waits, so
 * neither counts as the target's time), the request rate capped and 429s waited out. The
 * workers add the breaker. A stall
 * on a kept connection found by one worker sends every worker's requests on fresh connections
 * (OCS_STALL_FILE, which the run removes as it starts: src/client/undici.ts).
 */
export function targetTransport(ctx: Pick<RunContext, 'timeoutMs' | 'maxResponseBytes' | 'mask' | 'rps'>): ClosableTransport & { waits: Waits } {
  const undici = undiciTransport(ctx.timeoutMs, ctx.maxResponseBytes, sharedLog('OCS_STALL_FILE'));
  const sender = polite(masking(timed(undici), ctx.mask), { rps: ctx.rps });
  return { send: (r) => sender.send(r), waits: sender.waits, close: () => undici.close(), destroy: () => undici.destroy() };
}
