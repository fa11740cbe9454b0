/**
 * `npm run mutation [-- --fault NAME ... --threads N --repeat N]`: judges the faithful
 * reference and the reference with each fault of reference/faults.ts (each `--repeat` times,
 * with property seeds derived from the run's), writes reports/mutation.json and
 * reports/mutation.html, and prints the score, the wall time and a final `N passed, N failed`
 * line. Exit 0 only when the baseline is conformant and every fault is killed with its
 * intended rule blamed in every repeat; 2 when the run could not be made.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { UnknownFault } from '../reference/faults.ts';
import { ROOT } from '../src/contract/load.ts';
import { writeMutationReports } from './mutation/report.ts';
import { passes, runMutation, type FaultResult } from './mutation/run.ts';
import { propertySettings, type PropertySettings } from './mutation/sources.ts';

const REPORTS = resolve(ROOT, process.env.OCS_REPORTS_DIR ?? 'reports');

const USAGE = 'usage: npm run mutation [-- --fault NAME ... --threads N --repeat N --whole]';

/** A fault's line; with repeats, its kills out of them and the seeds of the misses (UNSTABLE: killed in some repeats only). */
function line(f: FaultResult, repeats: number): string {
  const mark = passes(f) ? 'killed  ' : f.kills > 0 ? 'UNSTABLE' : f.killed ? 'MISBLAMED' : 'SURVIVED';
  const count = repeats > 1 ? ` ${f.kills}/${repeats}` : '';
  const misses = repeats > 1 && f.misses.length ? `; missed with OCS_SEED ${f.misses.join(' ')}` : '';
  return `${mark}${count} ${f.name} (${f.rule}) blamed: ${f.blamed.join(' ') || 'none'}${f.errors.length ? `; errors: ${f.errors.join(' ')}` : ''}${misses}`;
}

const positive = (flag: string, text: string | undefined): number | undefined => {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!(Number.isInteger(n) && n > 0)) throw new RangeError(`${flag} must be a positive integer, got ${text}`);
  return n;
};

async function main(): Promise<number> {
  let values: { fault?: string[]; threads?: string; repeat?: string; whole?: boolean };
  try {
    ({ values } = parseArgs({ options: { fault: { type: 'string', multiple: true }, threads: { type: 'string' }, repeat: { type: 'string' }, whole: { type: 'boolean' } }, strict: true, allowPositionals: false }));
  } catch (err) {
    console.error(`mutation: ${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  let threads: number | undefined;
  let repeat: number;
  let properties: PropertySettings;
  try {
    threads = positive('--threads', values.threads);
    repeat = positive('--repeat', values.repeat) ?? 1;
    properties = propertySettings();
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
    console.error(`mutation: ${err.message}`);
    return 2;
  }
  let report;
  try {
    report = await runMutation({ faults: values.fault, threads, properties, repeat, whole: values.whole, onResult: (f) => console.log(line(f, repeat)) });
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
  console.log(`Properties: ${report.properties.runs} runs each, seed ${report.properties.seed} (OCS_MUTATION_RUNS, else OCS_RUNS; OCS_SEED)`);
  console.log(report.whole ? 'Each fault judged by every check (--whole)' : 'Each fault judged by the checks that name its intended rule, the faithful reference by every check (--whole: every check for each fault)');
  if (repeat > 1) console.log(`Repeats: ${repeat}, with property seeds ${report.seeds.join(' ')} (derived from seed ${report.properties.seed}); a fault passes only when killed with its intended rule in each`);
  console.log(`Wall time: ${(report.wallMs / 1000).toFixed(1)} s on ${report.threads} threads`);
  console.log(`${report.passed} passed, ${report.failed} failed`);
  return report.failed === 0 ? 0 : 1;
}

process.exitCode = await main();
