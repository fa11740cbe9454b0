/**
 * The conformance suite: one Playwright test per endpoint, an operation on its JSON or XML
 * path (src/runner/units.ts), untagged: `--grep RULE-ID` selects the steps that name the rule
 * (src/runner/grep.ts). Its steps are the endpoint's scenario cases and properties, grouped by
 * rule, sent together under the cap on requests in flight. OCS_RUNS sets the runs per property
 * (default 25; 0 leaves the properties out); above src/runner/slices.ts SLICE_AT an endpoint is
 * cut into slices, tests of their own, so `--shard` has many tests of about equal weight to
 * split. OCS_SEED fixes the seed (each slice's derives from it), OCS_PATH replays a
 * counterexample. Within a test, `--grep` (passed on as OCS_GREP) keeps the steps it
 * matches, and OCS_STEP keeps the one step of that title.
 */
import { test as base } from '@playwright/test';
import { baseUrl, runContext } from '../src/runner/context.ts';
import { CHECKS, recordUnit } from '../src/report/record.ts';
import { PACE } from '../src/report/pace.ts';
import { planUnits, runsPerProperty, selectSteps } from '../src/runner/units.ts';
import { REFUSED, refusalsOfRun } from '../src/runner/preflight.ts';
import { UNSELECTED } from '../src/runner/grep.ts';
import { casesOfRun } from '../src/scenario/load.ts';
import { PROPERTIES } from '../generators/suite.ts';
import { closeWorker, progress, runSteps, takePace } from './steps.ts';
import { recordStopped, running } from '../src/runner/stop.ts';
import { idleLimitMs, timeLimitFollowing } from '../src/runner/watchdog.ts';

const RUNS = runsPerProperty();
const SEED = process.env.OCS_SEED === undefined ? undefined : Number(process.env.OCS_SEED);
const PATH = process.env.OCS_PATH;

// The worker's client closes as the worker ends, in a worker fixture, not an afterAll hook: with
// a hook in the file, Playwright's --shard splits the file's tests into only as many groups as
// there are shards of the size it rounds up to, which left shards idle (src/runner/slices.ts).
const test = base.extend<object, { client: void }>({
  client: [async ({}, use) => {
    await use();
    await closeWorker();
  }, { scope: 'worker', auto: true }],
});

// A run stopped from outside interrupts the test in flight: what its steps judged before the
// stop is still recorded, and reported (src/runner/stop.ts). An afterEach hook, unlike an
// afterAll, leaves Playwright's --shard split alone.
test.afterEach(async ({}, info) => {
  if (info.status === 'interrupted') await recordStopped();
});

for (const unit of planUnits(casesOfRun(), RUNS > 0 ? PROPERTIES : [], RUNS)) {
  const steps = selectSteps(unit.title, unit.steps, { grep: process.env.OCS_GREP, step: process.env.OCS_STEP });
  test(unit.title, {
    // The checks the test holds, known as the file loads: a test that ends without its record (a
    // worker that died) still counts each of them, as an error (src/report/conformance-reporter.ts).
    annotation: [{ type: 'rules', description: unit.rules.join(' ') }, { type: CHECKS, description: String(steps.length) }],
  }, async ({}, info) => running(async () => {
    if (steps.length === 0) info.annotations.push({ type: UNSELECTED, description: process.env.OCS_STEP ? `no step of this test is titled '${process.env.OCS_STEP}' (OCS_STEP)` : 'no step of this test matches --grep' });
    test.skip(steps.length === 0, 'not selected');
    const runs = unit.slice?.runs ?? RUNS;
    const ctx = runContext();
    // The test's time limit follows its answers: a target that paces the run slowly still finishes.
    const unwatch = timeLimitFollowing((ms) => test.setTimeout(ms), progress, idleLimitMs(ctx.timeoutMs, ctx.profile.clock?.waitForCutoffSeconds));
    const refused = refusalsOfRun().find((r) => r.operation === unit.operation && r.format === unit.format)?.line;
    if (refused) info.annotations.push({ type: REFUSED, description: refused });
    takePace();
    const results = await runSteps(steps, ctx, baseUrl(), { runs, seed: SEED, path: PATH, refused }).finally(unwatch);
    const pace = takePace();
    if (pace?.sent) info.annotations.push({ type: PACE, description: JSON.stringify(pace) });
    await recordUnit(info, ctx, unit, results);
  }));
}
