/**
 * `npm start [-- playwright args]`: runs the conformance suite (against the embedded
 * reference unless OCS_BASE_URL names a target), then prints where the reports are and a
 * final `N passed, N failed` line. Exit 0 only when the target is conformant; 2 when the
 * profile, the scenarios or the run itself could not be used.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { ROOT } from '../contract/load.ts';
import { loadProfile, ProfileError } from '../profile/load.ts';
import { loadAllCases, ScenarioError } from '../scenario/load.ts';
import type { Summary } from '../report/summary.ts';
import { referenceDefaults, TargetError } from './target.ts';
import { concurrency } from '../runner/concurrency.ts';
import { withMemoryLimits } from '../runner/memory.ts';
import { rateLimit } from '../client/polite.ts';

// OCS_REPORTS_DIR moves every report (the project's own tests use it to run in isolation).
const REPORTS = resolve(ROOT, process.env.OCS_REPORTS_DIR ?? 'reports');
const SUMMARY = join(REPORTS, 'summary.json');

/** The run's inputs, checked before Playwright starts: the profile, the concurrency, every scenario. */
function checkedInputs(): { env: NodeJS.ProcessEnv } {
  const env = referenceDefaults(process.env);
  const profile = loadProfile(env.OCS_PROFILE!, env);
  concurrency(profile.safety, env);
  rateLimit(profile.safety, env);
  loadAllCases();
  return { env: { ...env, OCS_TARGET_NAME: env.OCS_TARGET_NAME ?? profile.name } };
}

async function main(): Promise<number> {
  let run: ReturnType<typeof checkedInputs>;
  try {
    run = checkedInputs();
  } catch (err) {
    if (err instanceof ProfileError || err instanceof ScenarioError || err instanceof TargetError || err instanceof RangeError) {
      console.error(`ocs-conformance: ${err.message}`);
      return 2;
    }
    throw err;
  }
  const { env } = run;
  for (const stale of ['summary.json', 'conformance.html', 'html', 'junit.xml']) rmSync(join(REPORTS, stale), { recursive: true, force: true });
  // An unreachable target is found by the preflight of src/runner/global-setup.ts, so that
  // Playwright still writes every report: each check is then an error, sent nowhere.
  const cli = createRequire(import.meta.url).resolve('@playwright/test/cli');
  const pw = spawnSync(process.execPath, [cli, 'test', ...process.argv.slice(2)], { cwd: ROOT, env: { ...env, OCS_REPORTS_DIR: REPORTS, NODE_OPTIONS: withMemoryLimits(env.NODE_OPTIONS) }, stdio: 'inherit' });
  if (!existsSync(SUMMARY)) {
    console.error(`ocs-conformance: the run ended (${pw.signal ?? `exit ${pw.status}`}) without writing ${SUMMARY}`);
    return 2;
  }
  const summary = JSON.parse(readFileSync(SUMMARY, 'utf8')) as Summary;
  const { pass, fail, skip, error } = summary.counts;
  const written = ['conformance.html', 'html/index.html', 'summary.json', 'junit.xml'].map((f) => join(REPORTS, f)).filter((f) => existsSync(f));
  console.log(`Reports: ${written.join(', ')}`);
  const why = [error ? `${error} errors` : '', summary.untested.length ? `incomplete: ${summary.untested.length} rules not run in both formats` : ''].filter(Boolean).join('; ');
  console.log(`Verdict: ${summary.verdict}${why ? ` (${why})` : ''}${summary.warnings ? `, ${summary.warnings} SHOULD warnings` : ''}`);
  console.log(`${pass} passed, ${fail + error} failed, ${skip} skipped`);
  return summary.verdict === 'conformant' ? 0 : 1;
}

process.exitCode = await main();
