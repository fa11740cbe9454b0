/**
 * Lists what a run would send, without sending anything: each case and format with its
 * rules and its request (secrets masked). `--coverage` instead lists catalog rules that
 * no scenario names. Exit 2 on a malformed profile or scenario. `npm run dry-run` and
 * `ocs-conformance run --dry-run` both call dryRun.
 */
import { fileURLToPath } from 'node:url';
import { loadRules } from '../contract/load.ts';
import { loadProfile, ProfileError } from '../profile/load.ts';
import { buildRequest, MissingFixture } from '../scenario/build.ts';
import { loadAllCases, loadBases, ScenarioError } from '../scenario/load.ts';
import { masker } from '../report/mask.ts';
import { referenceDefaults, TargetError } from './target.ts';

function list(given: NodeJS.ProcessEnv, coverage: boolean): number {
  const env = referenceDefaults(given);
  const profile = loadProfile(env.OCS_PROFILE!, env);
  const cases = loadAllCases();
  if (coverage) {
    const named = new Set(cases.flatMap((c) => c.rules));
    const missing = loadRules().filter((r) => !named.has(r.id));
    for (const r of missing) console.log(`no scenario: ${r.id}`);
    console.log(`${loadRules().length - missing.length} of ${loadRules().length} rules have a scenario; ${cases.length} cases`);
    return missing.length ? 1 : 0;
  }
  const mask = masker(profile.secrets);
  const ctx = { profile, bases: loadBases(), now: new Date() };
  for (const c of cases) {
    let body: string;
    try {
      body = c.raw ? JSON.stringify(c.raw) : JSON.stringify(buildRequest(c, ctx));
    } catch (err) {
      if (!(err instanceof MissingFixture)) throw err;
      body = `(skip: ${err.message})`;
    }
    console.log(`${c.rules[0]} [${c.formats.join(',')}] ${c.name}  (${c.file})\n  expect ${JSON.stringify(c.expect)}\n  ${mask(body)}`);
  }
  console.log(`${cases.length} cases`);
  return 0;
}

export function dryRun(env: NodeJS.ProcessEnv, options: { coverage?: boolean } = {}): number {
  try {
    return list(env, options.coverage ?? false);
  } catch (err) {
    if (err instanceof ProfileError || err instanceof ScenarioError || err instanceof TargetError) {
      console.error(`ocs-conformance: ${err.message.split('\n').join('; ')}`);
      return 2;
    }
    throw err;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = dryRun(process.env, { coverage: process.argv.includes('--coverage') });
