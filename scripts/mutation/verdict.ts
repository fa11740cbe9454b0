import { startReference } from '../../reference/server.ts';
import { describeFinding } from '../../src/checks/finding.ts';
import { summarize, type RuleRow, type RuleVerdict } from '../../src/report/summary.ts';
import { undiciTransport } from '../../src/client/undici.ts';
import { paced } from '../../src/runner/transport.ts';
import type { RunContext } from '../../src/runner/context.ts';
import type { FindingSource, SourcedFinding } from './sources.ts';

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
  /** Rules with a MUST failure in some format. */
  blamed: string[];
  /** Rules with an error finding (the harness or the transport broke). */
  errors: string[];
  /** The first failure of each blamed or erring rule. */
  evidence: Evidence[];
  /** HTTP 500s the reference answered: each is a bug of the reference or the fault's own doing. */
  internalErrors: number;
  ms: number;
}

/**
 * The harness's verdict on the findings, from the same summarize() that writes the
 * certificate, so the mutation run tests the verdict users get rather than a copy of its
 * rule (DESIGN principle 2: conformant when no MUST fails, nothing errors, and every MUST and
 * SHOULD rule ran in both formats). Blamed and erring rules are the certificate's matrix cells.
 */
function verdictOf(findings: SourcedFinding[], mask: (text: string) => string = (t) => t): Omit<TargetVerdict, 'internalErrors' | 'ms'> {
  const summary = summarize(findings.map((f) => ({ title: f.origin, verdict: f.verdict, warning: false, findings: [f] })), { name: 'the reference' });
  const shows = (r: RuleRow, v: RuleVerdict): boolean => r.json === v || r.xml === v;
  const blamed = summary.rules.filter((r) => r.level === 'MUST' && shows(r, 'fail')).map((r) => r.id).sort();
  const errors = summary.rules.filter((r) => shows(r, 'error')).map((r) => r.id).sort();
  const shown = new Set([...blamed, ...errors]);
  const evidence: Evidence[] = [];
  for (const f of findings) {
    if (!shown.has(f.rule) || !(f.verdict === 'error' || (f.verdict === 'fail' && f.level === 'MUST'))) continue;
    shown.delete(f.rule);
    evidence.push({ rule: f.rule, format: f.format, origin: f.origin, finding: mask(describeFinding(f)) });
  }
  return { conformant: summary.verdict === 'conformant', blamed, errors, evidence: evidence.sort((a, b) => a.rule.localeCompare(b.rule)) };
}

/** Judges the target at `url` with every source, over a transport of its own, in this process; `oracle`: the faithful reference beside it. */
export async function judgeUrl(url: string, sources: FindingSource[], ctx: RunContext, oracle?: string): Promise<SourcedFinding[]> {
  const undici = undiciTransport(ctx.timeoutMs, ctx.maxResponseBytes);
  // Paced as a run paces its target: a 429 or a 503 is "not now", waited out, never judged.
  const { transport } = paced(undici, ctx);
  try {
    return (await Promise.all(sources.map((source) => source({ url, transport, ctx, ...(oracle ? { oracle } : {}) })))).flat();
  } finally {
    await undici.destroy();
  }
}

/**
 * Starts the reference in this process (with `fault`, or faithful), and for a fault a faithful one
 * beside it as the oracle of rewritten requests (src/runner/oracle.ts; the faithful reference is its
 * own), judges it with every source, stops both.
 */
export async function judgeReference(fault: string | undefined, sources: FindingSource[], ctx: RunContext): Promise<TargetVerdict> {
  const started = performance.now();
  let internalErrors = 0;
  const ref = await startReference({ fault, port: 0, onInternalError: () => internalErrors++ });
  let findings: SourcedFinding[];
  let oracle: Awaited<ReturnType<typeof startReference>> | undefined;
  try {
    oracle = fault === undefined ? ref : await startReference({ port: 0 });
    findings = await judgeUrl(ref.url, sources, ctx, oracle.url);
  } finally {
    await Promise.all([ref.close(), ...(oracle && oracle !== ref ? [oracle.close()] : [])]);
  }
  return { ...verdictOf(findings, ctx.mask), internalErrors, ms: Math.round(performance.now() - started) };
}
