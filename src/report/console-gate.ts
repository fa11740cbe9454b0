/**
 * The console of Playwright's runner through the masking gate (src/profile/mask.ts): whatever
 * writes to this process's stdout or stderr (the conformance reporter, Playwright's own
 * messages, the embedded reference's output that Playwright passes on) writes masked. The
 * conformance reporter puts it in place when Playwright makes it, in the runner of a run and in
 * `playwright merge-reports`.
 */
import type { Mask } from '../profile/mask.ts';

/** The gate the streams pass; they are wrapped once, whoever calls again only changes it. */
let current: Mask | undefined;

export function gateConsole(gate: Mask): void {
  const first = current === undefined;
  current = gate;
  if (!first) return;
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream) as (chunk: unknown, ...rest: unknown[]) => boolean;
    const masked = (chunk: unknown): unknown => (typeof chunk === 'string' ? current!(chunk) : chunk instanceof Uint8Array ? Buffer.from(current!(Buffer.from(chunk).toString('utf8'))) : chunk);
    stream.write = ((chunk: unknown, ...rest: unknown[]) => write(masked(chunk), ...rest)) as typeof stream.write;
  }
}
