// A sliced deep run spread over eight Playwright shards and merged (docs/deep-runs.md): every
// shard does work, and the merge gives what the same seed's run on one machine gives.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { parse } from 'test-results-parser';
import { planUnits, selectSteps } from '../../src/runner/units.ts';
import { shardsOf } from '../../src/runner/slices.ts';
import { loadAllCases } from '../../src/scenario/load.ts';
import { FORMATS, OPERATIONS } from '../../src/contract/load.ts';
import { PROPERTIES } from '../../generators/suite.ts';
import { ruleVerdicts, shardedRun } from '../../scripts/bench/sharded.ts';

/** The test cases of a junit.xml as a CI test view reads them: name and status. */
const junitCases = (dir: string): string[] =>
  parse({ type: 'junit', files: [join(dir, 'junit.xml')] }).suites.flatMap((s) => s.cases.map((c) => `${c.name}: ${c.status}`)).sort();

// One rule only, to keep this cheap on a 2-core machine: both operations carry it in both formats,
// so every slice of every endpoint has a slice of its properties, and some slices its cases.
const GREP = 'CNT-PHONENUMBERS-MAX';
const RUNS = 200;
const SHARDS = 8;
const SEED = 20;

describe('a sharded deep run', () => {
  it('gives all eight shards work, near evenly, and merges into the verdicts, summary and JUnit cases of the run on one machine', async () => {
    // One worker a run: each of the ten runs here is small, and a second worker would only add its start-up.
    const run = await shardedRun({ shards: SHARDS, runs: RUNS, seed: SEED, grep: GREP, workers: 1, timeoutMs: 600_000 });
    const plan = planUnits(loadAllCases(), PROPERTIES, RUNS);
    // Playwright splits the run as the plan's model of it says.
    assert.deepEqual(run.shards.map((s) => s.tests.sort()), shardsOf(plan, SHARDS).map((units) => units.map((u) => u.title).sort()));
    for (const [i, s] of run.shards.entries()) assert.equal(s.code, 0, `shard ${i + 1}/${SHARDS}: ${s.stderr}`);
    // Every run first sends each endpoint the profile's valid request once (src/runner/preflight.ts):
    // a shard's work is what it sent after that.
    const preflight = OPERATIONS.length * FORMATS.length;
    const work = run.shards.map((s) => s.requests - preflight);
    assert.ok(Math.min(...work) > 0, `requests per shard after the preflight: ${work.join(' ')}`);
    assert.ok(Math.max(...work) / Math.min(...work) <= 1.5, `requests per shard after the preflight: ${work.join(' ')}`);
    assert.equal(work.reduce((a, b) => a + b, 0), run.single.requests - preflight, 'the shards sent what one machine sends');

    // A grep's run certifies nothing: the merge and the single run both end incomplete (exit 2).
    assert.equal(run.merged.ended.code, 2, run.merged.ended.stderr);
    assert.equal(run.single.ended.code, 2, run.single.ended.stderr);
    const [merged, single] = [run.merged.summary, run.single.summary];
    assert.equal(merged.verdict, single.verdict);
    assert.deepEqual(ruleVerdicts(merged), ruleVerdicts(single));
    const rule = merged.rules.find((r) => r.id === GREP);
    assert.deepEqual([rule?.json, rule?.xml], ['pass', 'pass']);
    // The merge states the run as the shards made it: their seed and runs, their profile.
    const [mergedRun, singleRun] = [merged.provenance!, single.provenance!];
    assert.equal(mergedRun.merged, true, 'the summary is the merge\'s');
    assert.deepEqual({ seed: mergedRun.seed, runsPerProperty: mergedRun.runsPerProperty }, { seed: SEED, runsPerProperty: RUNS });
    assert.deepEqual({ seed: mergedRun.seed, runsPerProperty: mergedRun.runsPerProperty, profile: mergedRun.profile }, { seed: singleRun.seed, runsPerProperty: singleRun.runsPerProperty, profile: singleRun.profile });
    assert.ok(merged.untested.includes('TOP-APPKEY-REQUIRED'), 'only the grep\'s rules ran');
    // Every check the grep selects, in every slice, ran in one shard or another, once.
    const selected = plan.flatMap((u) => selectSteps(u.title, u.steps, { grep: GREP }));
    assert.deepEqual(merged.counts, { pass: selected.length, fail: 0, skip: 0, error: 0 });
    assert.deepEqual(single.counts, merged.counts);
    const cases = junitCases(run.merged.dir);
    assert.ok(cases.some((c) => c.startsWith('CNT-PHONENUMBERS-MAX [xml] ')), cases.join('\n'));
    assert.deepEqual(cases, junitCases(run.single.dir));
  });
});
