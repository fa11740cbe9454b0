/**
 * `npm run mutation [-- --fault NAME ... --threads N]`: judges the faithful reference and
 * the reference with each fault of reference/faults.ts, writes reports/mutation.json and
 * reports/mutation.html, and prints the score, the wall time and a final `N passed, N failed`
 * line. Exit 0 only when the baseline is conformant and every fault is killed with its
 * intended rule blamed; 2 when the run could not be made.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { UnknownFault } from '../reference/faults.ts';
import { ROOT } from '../src/contract/load.ts';
import { writeMutationReports } from './mutation/report.ts';
import { passes, runMutation, type FaultResult } from './mutation/run.ts';
import { propertySettings, type PropertySettings } from './mutation/sources.ts';

const REPORTS = resolve(ROOT, process.env.OCS_REPORTS_DIR ?? 'reports');

function line(f: FaultResult): string {
  const mark = passes(f) ? 'killed  ' : f.killed ? 'MISBLAMED' : 'SURVIVED';
  return `${mark} ${f.name} (${f.rule}) blamed: ${f.blamed.join(' ') || 'none'}${f.errors.length ? `; errors: ${f.errors.join(' ')}` : ''}`;
}

async function main(): Promise<number> {
  let values: { fault?: string[]; threads?: string };
  try {
    ({ values } = parseArgs({ options: { fault: { type: 'string', multiple: true }, threads: { type: 'string' } }, strict: true, allowPositionals: false }));
  } catch (err) {
    console.error(`mutation: ${(err as Error).message}\nusage: npm run mutation [-- --fault NAME ... --threads N]`);
    return 2;
  }
  const threads = values.threads === undefined ? undefined : Number(values.threads);
  if (threads !== undefined && !(Number.isInteger(threads) && threads > 0)) {
    console.error(`mutation: --threads must be a positive integer, got ${values.threads}`);
    return 2;
  }
  let properties: PropertySettings;
  try {
    properties = propertySettings();
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
    console.error(`mutation: ${err.message}`);
    return 2;
  }
  let report;
  try {
    report = await runMutation({ faults: values.fault, threads, properties, onResult: (f) => console.log(line(f)) });
  } catch (err) {
    if (!(err instanceof UnknownFault)) throw err;
    console.error(`mutation: ${err.message}`);
    return 2;
  }
  const { json, html } = writeMutationReports(report, REPORTS);
  const b = report.baseline;
  console.log(`Baseline (faithful reference): ${b.conformant ? 'conformant' : `NOT conformant, blamed: ${b.blamed.join(' ') || 'none'}; errors: ${b.errors.join(' ') || 'none'}`}`);
  console.log(`Reports: ${html}, ${json}`);
  console.log(`Mutation score: ${(report.score * 100).toFixed(1)}% (${report.faults.filter(passes).length} of ${report.faults.length} faults killed with their intended rule blamed)`);
  console.log(`Properties: ${report.properties.runs} runs each, seed ${report.properties.seed} (OCS_MUTATION_RUNS, OCS_SEED)`);
  console.log(`Wall time: ${(report.wallMs / 1000).toFixed(1)} s on ${report.threads} threads`);
  console.log(`${report.passed} passed, ${report.failed} failed`);
  return report.failed === 0 ? 0 : 1;
}

process.exitCode = await main();
