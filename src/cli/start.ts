/**
 * `npm start [-- playwright args]`: runs the conformance suite (against the embedded
 * reference unless OCS_BASE_URL names a target), then prints where the reports are and a
 * final `N passed, N failed` line. Exit 0 only when the target is conformant; 2 when the
 * profile, the scenarios or the run itself could not be used.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { ROOT } from '../contract/load.ts';
import { loadProfile, ProfileError } from '../profile/load.ts';
import { loadAllCases, ScenarioError } from '../scenario/load.ts';
import type { Summary } from '../report/summary.ts';
import { referenceDefaults, TargetError } from './target.ts';

const REPORTS = join(ROOT, 'reports');
const SUMMARY = join(REPORTS, 'summary.json');

function preflight(): NodeJS.ProcessEnv {
  const env = referenceDefaults(process.env);
  const profile = loadProfile(env.OCS_PROFILE!, env);
  loadAllCases();
  return { ...env, OCS_TARGET_NAME: env.OCS_TARGET_NAME ?? profile.name };
}

function main(): number {
  let env: NodeJS.ProcessEnv;
  try {
    env = preflight();
  } catch (err) {
    if (err instanceof ProfileError || err instanceof ScenarioError || err instanceof TargetError) {
      console.error(`ocs-conformance: ${err.message}`);
      return 2;
    }
    throw err;
  }
  rmSync(SUMMARY, { force: true });
  const cli = createRequire(import.meta.url).resolve('@playwright/test/cli');
  const run = spawnSync(process.execPath, [cli, 'test', ...process.argv.slice(2)], { cwd: ROOT, env, stdio: 'inherit' });
  if (!existsSync(SUMMARY)) {
    console.error(`ocs-conformance: the run ended (${run.signal ?? `exit ${run.status}`}) without writing ${SUMMARY}`);
    return 2;
  }
  const summary = JSON.parse(readFileSync(SUMMARY, 'utf8')) as Summary;
  const { pass, fail, skip, error } = summary.counts;
  console.log(`Reports: ${join(REPORTS, 'conformance.html')}, ${join(REPORTS, 'html', 'index.html')}, ${SUMMARY}, ${join(REPORTS, 'junit.xml')}`);
  console.log(`Verdict: ${summary.verdict}${error ? ` (${error} errors)` : ''}${summary.warnings ? `, ${summary.warnings} SHOULD warnings` : ''}`);
  console.log(`${pass} passed, ${fail + error} failed, ${skip} skipped`);
  return summary.verdict === 'conformant' ? 0 : 1;
}

process.exitCode = main();
