import { startReference } from '../../reference/server.ts';
import { describeFinding } from '../../src/checks/finding.ts';
import type { FindingSource, SourcedFinding, Target } from './sources.ts';

/** One failure shown as evidence for a blamed (or erring) rule. */
export interface Evidence {
  rule: string;
  format: string;
  origin: string;
  finding: string;
}

/** What the harness made of one target: the reference, faithful or with one fault. */
export interface TargetVerdict {
  conformant: boolean;
  /** Rules with a MUST failure. */
  blamed: string[];
  /** Rules with an error finding (the harness or the transport broke). */
  errors: string[];
  /** The first failure of each blamed or erring rule. */
  evidence: Evidence[];
  /** HTTP 500s the reference answered: each is a bug of the reference or the fault's own doing. */
  internalErrors: number;
  ms: number;
}

const sorted = (ids: Iterable<string>): string[] => [...new Set(ids)].sort();

/** DESIGN principle 2: conformant when no MUST fails and nothing errors. */
export function verdictOf(findings: SourcedFinding[], mask: (text: string) => string = (t) => t): Omit<TargetVerdict, 'internalErrors' | 'ms'> {
  const bad = findings.filter((f) => f.verdict === 'error' || (f.verdict === 'fail' && f.level === 'MUST'));
  const blamed = sorted(bad.filter((f) => f.verdict === 'fail').map((f) => f.rule));
  const errors = sorted(bad.filter((f) => f.verdict === 'error').map((f) => f.rule));
  const evidence: Evidence[] = [];
  for (const f of bad) {
    if (evidence.some((e) => e.rule === f.rule)) continue;
    evidence.push({ rule: f.rule, format: f.format, origin: f.origin, finding: mask(describeFinding(f)) });
  }
  return { conformant: bad.length === 0, blamed, errors, evidence: evidence.sort((a, b) => a.rule.localeCompare(b.rule)) };
}

/** Starts the reference in this process (with `fault`, or faithful), judges it with every source, stops it. */
export async function judgeReference(fault: string | undefined, sources: FindingSource[], client: Omit<Target, 'url'>): Promise<TargetVerdict> {
  const started = performance.now();
  let internalErrors = 0;
  const ref = await startReference({ fault, port: 0, onInternalError: () => internalErrors++ });
  let findings: SourcedFinding[];
  try {
    findings = (await Promise.all(sources.map((source) => source({ ...client, url: ref.url })))).flat();
  } finally {
    await ref.close();
  }
  return { ...verdictOf(findings, client.ctx.mask), internalErrors, ms: Math.round(performance.now() - started) };
}
