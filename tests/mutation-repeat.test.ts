// Deterministic kills (`npm run mutation -- --repeat N`): each fault is judged N times with
// property seeds derived from the run's, and passes only when every repeat kills it with its
// intended rule blamed. The sample is the numeric-string fault (JSON only: a form a random
// property used to be the only one to reach) and a fault whose scenarios draw fresh values
// on every run ($unknownId), beside the faithful reference, which must stay conformant with
// every seed. The seeds and the folding of repeats are checked in the quick tier
// (tests/harness/mutation-folds.test.ts).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { before, describe, it } from 'node:test';
import { ROOT } from '../src/contract/load.ts';
import { repeatSeeds } from '../scripts/mutation/repeat.ts';
import { runMutation, type MutationReport } from '../scripts/mutation/run.ts';
import { DEFAULT_PROPERTY_SETTINGS } from '../scripts/mutation/sources.ts';

const SAMPLE = ['numeric-string-ids-accepted', 'address-book-ids-not-looked-up'];
const REPEATS = 5;

describe('npm run mutation -- --repeat', () => {
  const run = (args: string[], env: NodeJS.ProcessEnv = {}): ReturnType<typeof spawnSync> =>
    spawnSync(process.execPath, ['--import', 'tsx', 'scripts/mutation.ts', ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, ...env }, timeout: 30_000 });

  it('exits 2 on a count that is not a positive integer, and on a bad OCS_RUNS, before judging anything', () => {
    for (const bad of ['0', '-1', '2.5', 'five']) {
      const r = run([`--repeat=${bad}`]);
      assert.equal(r.status, 2, `--repeat ${bad}`);
      assert.match(String(r.stderr), /--repeat must be a positive integer/);
    }
    const r = run(['--repeat', '2'], { OCS_RUNS: 'many', OCS_MUTATION_RUNS: '' });
    assert.equal(r.status, 2);
    assert.match(String(r.stderr), /OCS_RUNS must be a whole number of runs per property, got many/);
  });
});

describe(`the sample of faults, judged ${REPEATS} times with properties`, { timeout: 900_000 }, () => {
  let report: MutationReport;
  // Two runs per property keep the cost modest: each fault's kill must come from the
  // scenario cases, so the repeats differ in the properties' requests, not in what kills.
  const properties = { runs: 2, seed: DEFAULT_PROPERTY_SETTINGS.seed };
  before(async () => {
    report = await runMutation({ faults: SAMPLE, properties, repeat: REPEATS });
  });

  it(`ran with ${REPEATS} distinct seeds derived from the run's`, () => {
    assert.deepEqual(report.seeds, repeatSeeds(properties.seed, REPEATS));
    assert.deepEqual(report.properties, properties);
  });

  it('finds the faithful reference conformant with every seed', () => {
    const b = report.baseline;
    assert.ok(b.conformant, `blamed ${b.blamed.join(', ') || 'nothing'}; errors ${b.errors.join(', ') || 'none'}:\n${b.evidence.map((e) => `${e.origin} [${e.format}]\n${e.finding}`).join('\n')}`);
  });

  it(`kills each fault of the sample ${REPEATS} out of ${REPEATS} times with its intended rule blamed`, () => {
    assert.deepEqual(report.faults.map((f) => `${f.name} ${f.kills}/${REPEATS}${f.misses.length ? ` missed with seeds ${f.misses.join(' ')}: blamed ${f.blamed.join(' ')}` : ''}`),
      SAMPLE.map((name) => `${name} ${REPEATS}/${REPEATS}`));
    assert.equal(report.score, 1);
  });
});
