/**
 * summary.json's `pace` (issue 33): how the run was paced, added up from each test's figures
 * (src/client/pace.ts, taken by the test as it takes its latencies): the requests sent, the 429s
 * and 503s met and the waits they cost, the requests in flight and a second the pace reached,
 * and what the target sustained while it limited the run. The console names it in one line, only
 * when the target pushed back; the certificate always shows it (src/report/html-latency.ts).
 */
import type { PaceFigures } from '../client/pace.ts';
import { sharedLog } from '../client/shared-log.ts';
import type { PaceSection } from './summary-shape.ts';

/** The annotation a test carries its pace figures in (JSON). */
export const PACE = 'ocs-pace';

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
const tenths = (n: number): number => Math.round(n * 10) / 10;

/** How long the spans cover together, in ms: each moment once. */
function covered(spans: { from: number; to: number }[]): number {
  let total = 0;
  let end = -Infinity;
  for (const { from, to } of [...spans].sort((a, b) => a.from - b.from)) {
    if (to <= end) continue;
    total += to - Math.max(from, end);
    end = to;
  }
  return total;
}
const statusCounts = (p: Record<string, number>): string => Object.entries(p).map(([status, n]) => `${status} ${n} time${n === 1 ? '' : 's'}`).join(', ');

export class PaceTally {
  private section: PaceSection | undefined;
  /** The spans the target limited tests (a worker's, after its first push back), and the answers in them. */
  private readonly limited: { from: number; to: number }[] = [];
  private limitedAnswers = 0;

  add(f: PaceFigures): void {
    const s = this.section;
    if (!s) {
      this.section = { sent: f.sent, answers: f.answers, pushbacks: { ...f.pushbacks }, waits: { ...f.waits }, inFlight: { ...f.inFlight }, ...(f.rps ? { rps: { ...f.rps } } : {}) };
    } else {
      s.sent += f.sent;
      s.answers += f.answers;
      for (const [status, n] of Object.entries(f.pushbacks)) s.pushbacks[status] = (s.pushbacks[status] ?? 0) + n;
      s.waits.count += f.waits.count;
      s.waits.ms += f.waits.ms;
      s.inFlight = { start: s.inFlight.start, max: Math.max(s.inFlight.max, f.inFlight.max), min: Math.min(s.inFlight.min, f.inFlight.min), last: f.inFlight.last };
      if (f.rps) s.rps = { min: Math.min(s.rps?.min ?? Infinity, f.rps.min), last: f.rps.last };
    }
    if (f.limited) {
      this.limited.push({ from: f.limited.from, to: f.limited.to });
      this.limitedAnswers += f.limited.answers;
    }
  }

  /**
   * The run's pace; `spent`: the line of a budget for waiting spent (OCS_PACE_FILE). A budget the
   * preflight spent, before any test sent a request, leaves a section of no requests that says so.
   */
  result(spent?: string): PaceSection | undefined {
    if (!this.section && spent) this.add({ sent: 0, answers: 0, pushbacks: {}, waits: { count: 0, ms: 0 }, inFlight: { start: 1, max: 1, min: 1, last: 1 } });
    if (!this.section) return undefined;
    // Answers a second over the time some test was limited: the spans' union, so tests one after
    // another leave the gaps between them out and workers side by side count their time once.
    const span = covered(this.limited);
    const sustained = span > 0 ? { sustainedRps: tenths(this.limitedAnswers / (span / 1000)) } : {};
    const { rps } = this.section;
    return {
      ...this.section, waits: { ...this.section.waits, ms: Math.round(this.section.waits.ms) }, ...(rps ? { rps: { min: tenths(rps.min), last: tenths(rps.last) } } : {}),
      ...sustained, ...(spent ? { spent } : {}),
    };
  }
}

/** The line of a budget for waiting spent in this run (OCS_PACE_FILE: src/client/polite.ts), if one was. */
export const spentOfRun = (env: NodeJS.ProcessEnv): string | undefined => (env.OCS_PACE_FILE ? sharedLog('OCS_PACE_FILE').lines()[0] : undefined);

/** Whether the target pushed back (a 429 or a 503) at all. */
const pushedBack = (p: PaceSection): boolean => Object.keys(p.pushbacks).length > 0;

/**
 * The console's one line, when the target pushed back: `Pace: the target answered 429 12 times;
 * the harness waited 12.0 s in all and sent again, slowing to 25.0 requests/s and 24 in flight;
 * it sustained 38.2 requests/s`. A spent budget says so, with the rate to declare.
 */
export function paceLine(p: PaceSection | undefined): string | undefined {
  if (!p) return undefined;
  if (!pushedBack(p)) return p.spent ? `Pace: ${p.spent}` : undefined;
  const slowed = [p.rps ? `${p.rps.min.toFixed(1)} requests/s` : '', `${p.inFlight.min} in flight`].filter(Boolean).join(' and ');
  const head = `Pace: the target answered ${statusCounts(p.pushbacks)}; the harness waited ${seconds(p.waits.ms)} in all and sent again, slowing to ${slowed} at least`;
  if (p.spent) return `${head}; ${p.spent}`;
  return `${head}${p.sustainedRps !== undefined ? `; it sustained ${p.sustainedRps} requests/s with ${p.inFlight.last} in flight (profile safety.rps, safety.concurrency)` : ''}`;
}

/** JUnit's system-out line for a test the target pushed back on. */
export function paceNote(title: string, f: PaceFigures): string | undefined {
  if (Object.keys(f.pushbacks).length === 0) return undefined;
  return `${title}: the target answered ${statusCounts(f.pushbacks)}; the harness waited ${seconds(f.waits.ms)} in all (${f.waits.count} waits) and sent again, ${f.inFlight.last} in flight at the end${f.rps ? ` and ${f.rps.last.toFixed(1)} requests/s` : ''}`;
}
