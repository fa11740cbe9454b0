import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { conformanceHtml } from './html.ts';
import { junitXml } from './junit.ts';
import type { RuleEvidence } from './rule-evidence.ts';
import type { Summary, TestOutcome } from './summary.ts';

/**
 * Writes summary.json and conformance.html into `dir`. Kept apart from summary.ts, which
 * folds the verdicts, so that html.ts (which reads the Summary type) and summary.ts do not
 * import each other.
 */
export function writeReports(summary: Summary, dir: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
  writeFileSync(join(dir, 'conformance.html'), conformanceHtml(summary));
}

/** Writes junit.xml into `dir`: a test case per rule and format that ran (src/report/junit.ts). */
export function writeJunit(summary: Summary, outcomes: TestOutcome[], evidence: RuleEvidence[], notes: string[], dir: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'junit.xml'), junitXml(summary, outcomes, evidence, notes));
}
