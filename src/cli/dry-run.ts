/**
 * Lists what a run would send, without sending anything: each case and format with its
 * rules and its request (secrets masked). It needs no secrets: a credential variable that is
 * not set reads as a marked placeholder. `--coverage` instead lists catalog rules that no
 * scenario names and the cases the profile's fixtures cannot build, with the key each lacks.
 * Exit 2 on a malformed profile or scenario. `npm run dry-run` and
 * `ocs-conformance run --dry-run` both call dryRun.
 */
import { fileURLToPath } from 'node:url';
import { loadRules } from '../contract/load.ts';
import { loadProfile, ProfileError, secretVariables } from '../profile/load.ts';
import { buildRequest, MissingFixture, type BuildContext } from '../scenario/build.ts';
import { isNotApplicable, NOT_APPLICABLE } from '../scenario/missing.ts';
import { loadAllCases, loadBases, ScenarioError, type LoadedCase } from '../scenario/load.ts';
import { variablesMasker } from '../profile/mask.ts';
import { referenceDefaults, TargetError } from '../profile/target.ts';
import { clockOf } from '../time/clock.ts';

/** A case's request as the listing shows it, or why the profile cannot build it. */
function built(c: LoadedCase, ctx: BuildContext): { body: string } | { skip: string } {
  try {
    return { body: c.raw ? JSON.stringify(c.raw) : JSON.stringify(buildRequest(c, ctx)) };
  } catch (err) {
    if (!(err instanceof MissingFixture)) throw err;
    return { skip: err.message };
  }
}

function list(given: NodeJS.ProcessEnv, coverage: boolean): number {
  const env = referenceDefaults(given);
  const profile = loadProfile(env.OCS_PROFILE!, env, { placeholders: true });
  const unset = (['appkey', 'sessionID'] as const).map((k) => profile.credentials[k].env).filter((name) => !env[name]);
  if (unset.length) console.log(`${unset.join(' and ')} not set: placeholders stand in (a dry run sends nothing)`);
  const cases = loadAllCases(undefined, { ...profile.fixtures, identities: profile.identities });
  const ctx = { profile, bases: loadBases(), now: clockOf(profile).now() };
  if (coverage) {
    const named = new Set(cases.flatMap((c) => c.rules));
    const missing = loadRules().filter((r) => !named.has(r.id));
    for (const r of missing) console.log(`no scenario: ${r.id}`);
    const skips = cases.flatMap((c) => { const b = built(c, ctx); return 'skip' in b ? [{ c, reason: b.skip }] : []; });
    // A rule the target cannot show as the profile describes it (one test account) lacks no fixture.
    const inapplicable = skips.filter((s) => isNotApplicable(s.reason));
    const skipped = skips.filter((s) => !isNotApplicable(s.reason));
    for (const { c, reason } of inapplicable) console.log(`skip (not applicable): ${c.rules[0]} ${c.name}  (${c.file}): ${reason.slice(NOT_APPLICABLE.length)}`);
    for (const { c, reason } of skipped) console.log(`skip: ${c.rules[0]} ${c.name}  (${c.file}): ${reason}`);
    if (inapplicable.length) console.log(`${inapplicable.length} cases not applicable to the profile's target`);
    console.log(`${loadRules().length - missing.length} of ${loadRules().length} rules have a scenario; ${cases.length} cases, ${skipped.length} skipped for a missing fixture`);
    return missing.length ? 1 : 0;
  }
  // Only a secret that was given is masked: a placeholder stays readable as one.
  const mask = variablesMasker(Object.fromEntries(Object.entries(secretVariables(profile)).filter(([, s]) => env[s.env])));
  for (const c of cases) {
    const b = built(c, ctx);
    const body = 'skip' in b ? `(skip: ${b.skip})` : b.body;
    const then = c.relation ? `, then the requests relation ${c.relation} makes of it (contract/relations.yaml)` : '';
    console.log(`${c.rules[0]} [${c.formats.join(',')}] ${c.name}  (${c.file})\n  expect ${JSON.stringify(c.expect)}${then}\n  ${mask(body)}`);
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
