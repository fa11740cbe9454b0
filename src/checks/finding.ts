import type { Level } from '../contract/load.ts';
import type { CutoffSide } from '../time/clock.ts';

export type Verdict = 'pass' | 'fail' | 'skip' | 'error';

/**
 * One judgement about one rule in one exchange. A failure carries a fixed title and an
 * Expected/Received pair; a schema failure keeps ajv's instancePath, keyword and value.
 */
export interface Finding {
  rule: string;
  level: Level;
  verdict: Verdict;
  title: string;
  expected?: string;
  received?: string;
  note?: string;
  /** The side of a clock cut-off the check met (src/time/clock.ts). */
  side?: CutoffSide;
  /** With a side: what the target's clock read when the request was sent (src/time/clock.ts reading). */
  clock?: string;
}

export const RANK: Record<Verdict, number> = { skip: 0, pass: 1, error: 2, fail: 3 };

/** The verdict of a rule over several findings: a failure outweighs an error, which outweighs a pass. */
export function worst(verdicts: Verdict[]): Verdict | undefined {
  return verdicts.reduce<Verdict | undefined>((acc, v) => (acc === undefined || RANK[v] > RANK[acc] ? v : acc), undefined);
}

export function describeFinding(f: Finding): string {
  const lines = [`${f.rule} (${f.level}) ${f.title}`];
  if (f.expected !== undefined) lines.push(`  Expected: ${f.expected}`);
  if (f.received !== undefined) lines.push(`  Received: ${f.received}`);
  if (f.note) lines.push(`  ${f.note}`);
  return lines.join('\n');
}

/** What fails a test: a failed MUST, or anything that errored. A failed SHOULD is a warning. */
export function failsTest(f: Finding): boolean {
  return f.verdict === 'error' || (f.verdict === 'fail' && f.level === 'MUST');
}
