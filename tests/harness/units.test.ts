// How a run is cut into Playwright tests (src/runner/units.ts) and how many requests it may
// have in flight (src/runner/concurrency.ts, limit.ts).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpus } from 'node:os';
import { describe, it } from 'node:test';
import { planUnits, selectSteps, type Unit } from '../../src/runner/units.ts';
import { MIN_SLICES, shardsOf, SLICE_AT, sliceSeed } from '../../src/runner/slices.ts';
import { concurrency, perWorker, startInFlight, workerPlan, workersFor } from '../../src/runner/concurrency.ts';
import { limiter } from '../../src/runner/limit.ts';
import { loadAllCases } from '../../src/scenario/load.ts';
import { loadRules, ROOT } from '../../src/contract/load.ts';
import fc from 'fast-check';
import { checkProperty, PROPERTIES, type PropertyDef } from '../../generators/suite.ts';
import { rerunStep } from '../../src/report/step-text.ts';
import type { RunContext } from '../../src/runner/context.ts';
import { referenceProfile } from './helpers.ts';

const cases = loadAllCases();
const units = planUnits(cases, PROPERTIES);

describe('the tests of a run', () => {
  it('are the four endpoints, with every case in each of its formats and every property once', () => {
    assert.deepEqual(units.map((u) => u.title).sort(), ['change_pickup [json]', 'change_pickup [xml]', 'change_receiver [json]', 'change_receiver [xml]']);
    const steps = units.flatMap((u) => u.steps);
    assert.equal(steps.filter((s) => s.kind === 'case').length, cases.reduce((n, c) => n + c.formats.length, 0));
    assert.equal(steps.filter((s) => s.kind === 'property').length, PROPERTIES.length);
    for (const u of units) assert.equal(new Set(u.steps.map((s) => s.title)).size, u.steps.length, `step titles are unique in ${u.title}: OCS_STEP names one`);
    for (const u of units) assert.ok(u.steps.every((s) => s.format === u.format && (s.kind === 'property' ? s.property.operation : s.case.operation) === u.operation), u.title);
  });

  it('carry every rule of the catalog as a tag of each endpoint it applies to, so --grep RULE-ID selects them', () => {
    for (const rule of loadRules()) {
      for (const op of rule.operations) {
        const tagged = units.filter((u) => u.operation === op && u.rules.includes(rule.id)).map((u) => u.format);
        assert.ok(tagged.length > 0, `${rule.id} is no tag of ${op}`);
      }
    }
  });

  it('keep, inside a test, the steps a grep or OCS_STEP names', () => {
    const receiver = units.find((u) => u.title === 'change_receiver [json]')!;
    const byRule = selectSteps(receiver.title, receiver.steps, { grep: 'CNT-CONTACTIDS-MAX' });
    assert.ok(byRule.length >= 2 && byRule.every((s) => s.rules.includes('CNT-CONTACTIDS-MAX')));
    assert.ok(byRule.some((s) => s.kind === 'property'), 'the rule\'s property too');
    assert.equal(selectSteps(receiver.title, receiver.steps, { grep: 'change_receiver' }).length, receiver.steps.length, 'a grep that names the test keeps every step');
    assert.equal(selectSteps(receiver.title, receiver.steps, { grep: '\\[json\\]' }).length, receiver.steps.length);
    const one = receiver.steps[3]!;
    assert.deepEqual(selectSteps(receiver.title, receiver.steps, { step: one.title, grep: 'x' }), [one]);
    assert.deepEqual(selectSteps(receiver.title, receiver.steps, { step: 'no such step' }), []);
  });
});

/** What a test sends: a request per case (two for a case in another form), per property run one, two for parity and forms. */
const requestsOf = (u: Unit<(typeof PROPERTIES)[number]>, runs: number): number => u.steps.reduce((n, s) => n + (s.kind === 'case'
  ? (s.case.form ? 2 : 1)
  : (s.property.slice?.runs ?? runs) * (s.property.source === 'parity' || s.property.source === 'src/codec/forms.ts' ? 2 : 1)), 0);

/** Each case step of a plan as its endpoint and title. */
const casesByEndpoint = (plan: Unit[]): string[] =>
  plan.flatMap((u) => u.steps.filter((s) => s.kind === 'case').map((s) => `${u.operation} [${u.format}] ${s.title}`)).sort();

describe('a deep run', () => {
  const DEEP = [SLICE_AT + 1, 200, 1000, 1234, 5000];

  it('stays the four endpoint tests up to SLICE_AT runs per property, so a broken target costs four restarts', () => {
    for (const runs of [0, 1, 25, SLICE_AT]) {
      const plan = planUnits(cases, PROPERTIES, runs);
      assert.deepEqual(plan.map((u) => u.title), units.map((u) => u.title), `OCS_RUNS=${runs}`);
      assert.deepEqual(plan.flatMap((u) => u.steps.map((s) => s.title)), units.flatMap((u) => u.steps.map((s) => s.title)));
      assert.ok(plan.every((u) => !u.slice && u.steps.every((s) => s.kind === 'case' || !s.property.slice)));
    }
    assert.equal(planUnits(cases, [], 1000).length, 4, 'with no property to cut, an endpoint is one test');
  });

  it('is cut into slices whose runs add up to OCS_RUNS for every property, with every case once', () => {
    for (const runs of DEEP) {
      const plan = planUnits(cases, PROPERTIES, runs);
      assert.ok(plan.length >= 4 * MIN_SLICES, `OCS_RUNS=${runs}: ${plan.length} tests`);
      assert.equal(new Set(plan.map((u) => u.title)).size, plan.length);
      const properties = plan.flatMap((u) => u.steps).filter((s) => s.kind === 'property');
      assert.equal(new Set(properties.map((s) => s.title)).size, properties.length, 'a slice of a property is one step of the whole run (OCS_STEP)');
      assert.deepEqual(casesByEndpoint(plan), casesByEndpoint(units), 'every case once, in its endpoint');
      const total = new Map<string, number>();
      for (const u of plan) {
        assert.match(u.title, new RegExp(`^${u.operation} \\[${u.format}\\] slice ${u.slice!.index}/${u.slice!.count}$`));
        for (const s of u.steps) {
          if (s.kind !== 'property') continue;
          assert.deepEqual(s.property.slice, u.slice);
          const whole = PROPERTIES.find((p) => s.title === `${p.title} (slice ${u.slice!.index}/${u.slice!.count})`);
          assert.ok(whole, s.title);
          total.set(whole.title, (total.get(whole.title) ?? 0) + s.property.slice!.runs);
        }
      }
      assert.equal(total.size, PROPERTIES.length);
      for (const [title, n] of total) assert.equal(n, runs, `${title} at OCS_RUNS=${runs}`);
    }
  });

  it('keeps, for --grep RULE-ID, the rule\'s cases and every slice of its properties: all of its runs', () => {
    const plan = planUnits(cases, PROPERTIES, 1000);
    const picked = (us: Unit[]) => us.flatMap((u) => selectSteps(u.title, u.steps, { grep: 'CNT-CONTACTIDS-MAX' }));
    const sliced = picked(plan);
    const whole = picked(units);
    const caseTitles = (ss: typeof sliced) => ss.filter((s) => s.kind === 'case').map((s) => s.title).sort();
    assert.ok(caseTitles(whole).length > 0);
    assert.deepEqual(caseTitles(sliced), caseTitles(whole));
    const runs = sliced.reduce((n, s) => n + (s.kind === 'property' ? s.property.slice!.runs : 0), 0);
    assert.equal(runs, 1000 * whole.filter((s) => s.kind === 'property').length);
    const endpoint = plan.filter((u) => selectSteps(u.title, u.steps, { grep: 'change_pickup \\[xml\\]' }).length > 0);
    assert.ok(endpoint.length === MIN_SLICES && endpoint.every((u) => u.title.startsWith('change_pickup [xml]')), 'an endpoint\'s title runs all its slices');
  });

  it('draws each slice with its own seed, the first with the run\'s, every one derived from the run\'s seed alone', () => {
    const SEEDS = [0, 1, 42, -7, 2 ** 31 - 1, -(2 ** 31)];
    for (const seed of SEEDS) {
      assert.equal(sliceSeed(seed, 1), seed);
      const seeds = Array.from({ length: 64 }, (_, i) => sliceSeed(seed, i + 1));
      assert.equal(new Set(seeds).size, seeds.length, `seed ${seed}: the slices draw different values`);
      assert.ok(seeds.slice(1).every((s) => Number.isSafeInteger(s) && s >= 0 && s < 2 ** 31));
    }
    assert.notEqual(sliceSeed(1, 2), sliceSeed(2, 2), 'another run\'s seed, other slices');
    // A shard is another process, on another machine, that runs only some slices, in its own
    // order: it must derive each slice's seed as the one machine does, from the run's seed and
    // the slice alone (no state of the process, no order of calls).
    const here = SEEDS.map((seed) => Array.from({ length: 64 }, (_, i) => sliceSeed(seed, i + 1)));
    const script = `import { sliceSeed } from './src/runner/slices.ts';
      const seeds = ${JSON.stringify(SEEDS)};
      const out = seeds.map(() => []);
      for (let i = 64; i >= 1; i--) for (const [k, seed] of seeds.entries()) out[k][i - 1] = sliceSeed(seed, i);
      console.log(JSON.stringify(out));`;
    const there = JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' })) as number[][];
    assert.deepEqual(there, here);
  });

  it('replays a failing slice alone from the run\'s seed and the path its report prints', async () => {
    // A property of integers that fails on multiples of 7 above 100, judged without a target.
    const found: number[] = [];
    const p: PropertyDef = {
      title: 'T [json] property: integers', operation: 'change_receiver', rules: ['T'], format: 'json', source: 'test',
      arbitrary: () => fc.integer({ min: 0, max: 10_000 }).map((n) => ({ request: { n } as never, rules: ['T'], expect: 'accepted' as const })),
      trial: () => async (sent) => {
        const n = (sent.request as unknown as { n: number }).n;
        found.push(n);
        return { parts: [{ format: 'json', findings: [{ rule: 'T', level: 'MUST', verdict: n > 100 && n % 7 === 0 ? 'fail' : 'pass', title: 't' }] }], own: ['T'] };
      },
    };
    const [slice] = planUnits([], [p], 400).filter((u) => u.slice!.index === 3).map((u) => u.steps[0]!).filter((st) => st.kind === 'property');
    const target = { url: 'http://127.0.0.1:9', transport: undefined as never, ctx: { profile: {} } as RunContext };
    const first = await checkProperty(slice!.property, target, { numRuns: 400, seed: 99 });
    assert.ok(first.kind === 'run' && first.run.failed, 'slice 3 finds a counterexample');
    assert.equal(first.run.seed, 99, 'its report names the run\'s seed, which OCS_SEED replays');
    const shrunk = first.run.counterexample;
    found.length = 0;
    const again = await checkProperty(slice!.property, target, { numRuns: 400, seed: first.run.seed, path: first.run.path });
    assert.ok(again.kind === 'run' && again.run.failed);
    assert.deepEqual(again.run.counterexample, shrunk);
    const line = rerunStep({ title: 'change_receiver [json] slice 3/16', slice: slice!.property.slice }, slice!.title, { OCS_SEED: '99', OCS_PATH: first.run.path! });
    assert.match(line, /OCS_RUNS='400' OCS_SEED='99' OCS_PATH='[0-9:]+' OCS_STEP='T \[json\] property: integers \(slice 3\/16\)' npm start -- --grep 'change_receiver \\\[json\\\] slice 3\/16'$/);
  });

  const REFERENCE = referenceProfile();

  it('draws its first slice as the whole property draws with the run\'s seed, and its other slices other values', async () => {
    const drawn = async (property: PropertyDef): Promise<unknown[]> => {
      const values: unknown[] = [];
      await checkProperty({ ...property, trial: () => async (sent) => (values.push(sent.request), { parts: [] }) }, { url: '', transport: undefined as never, ctx: { profile: REFERENCE } as RunContext }, { numRuns: 7, seed: 5 });
      return values;
    };
    const p = PROPERTIES[0]!;
    const slices = planUnits([], [p], 7 * MIN_SLICES).map((u) => u.steps[0]!).filter((st) => st.kind === 'property').map((st) => st.property);
    const [one, two] = [await drawn(slices[0]!), await drawn(slices[1]!)];
    assert.equal(one.length, 7);
    assert.deepEqual(one, await drawn(p));
    assert.notDeepEqual(two, one);
  });

  it('gives each of up to 16 shards work, and none more than 1.5 times the requests of the lightest', () => {
    // SLICE_AT + 1: the shallowest sliced run, where each slice is fewest runs and the cases weigh most.
    for (const runs of [SLICE_AT + 1, 200, 1000, 5000]) {
      const plan = planUnits(cases, PROPERTIES, runs);
      for (let n = 1; n <= 16; n++) {
        const load = shardsOf(plan, n).map((shard) => shard.reduce((sum, u) => sum + requestsOf(u, runs), 0));
        const [min, max] = [Math.min(...load), Math.max(...load)];
        assert.ok(min > 0, `OCS_RUNS=${runs}, ${n} shards: ${load.join(' ')}`);
        assert.ok(max / min <= 1.5, `OCS_RUNS=${runs}, ${n} shards: max / min ${(max / min).toFixed(2)} (${load.join(' ')})`);
      }
    }
  });
});

describe('requests in flight', () => {
  it('come from OCS_CONCURRENCY, else the profile, else 256, and are shared by the workers', () => {
    assert.equal(concurrency(undefined, {}), 256);
    assert.equal(concurrency({ concurrency: 8 }, {}), 8);
    assert.equal(concurrency({ concurrency: 8 }, { OCS_CONCURRENCY: '3' }), 3);
    assert.throws(() => concurrency(undefined, { OCS_CONCURRENCY: '0' }), /OCS_CONCURRENCY must be a whole number/);
    assert.equal(perWorker(32, 2), 16);
    assert.equal(perWorker(5, 2), 2, 'rounded down: the workers together never exceed the cap');
    assert.equal(workersFor(4, 2), 2, 'no more workers than requests in flight');
  });

  it('are shared out as playwright.config.ts and the bench share them: --workers, else OCS_WORKERS, else the profile, else half the cores', () => {
    assert.deepEqual(workerPlan({ workers: 3, concurrency: 8 }, undefined, {}), { total: 8, workers: 3, inFlight: 2, start: 2 });
    assert.deepEqual(workerPlan({ workers: 3, concurrency: 8 }, undefined, { OCS_WORKERS: '4' }), { total: 8, workers: 4, inFlight: 2, start: 2 });
    assert.deepEqual(workerPlan({ workers: 3, concurrency: 8 }, '1', { OCS_WORKERS: '4', OCS_CONCURRENCY: '5' }), { total: 5, workers: 1, inFlight: 5, start: 5 });
    assert.deepEqual(workerPlan({ concurrency: 2 }, '16', {}), { total: 2, workers: 2, inFlight: 1, start: 1 }, 'no more workers than requests in flight');
    const halfTheCores = Math.max(1, Math.floor(cpus().length / 2));
    assert.deepEqual(workerPlan(undefined, undefined, {}), { total: 256, workers: halfTheCores, inFlight: Math.floor(256 / halfTheCores), start: Math.floor(48 / halfTheCores) });
  });

  it('start each worker\'s pace at its share of 48, within its cap (OCS_WORKER_START_IN_FLIGHT)', () => {
    assert.equal(startInFlight(256, {}), 48);
    assert.equal(startInFlight(8, {}), 8);
    assert.equal(startInFlight(128, { OCS_WORKER_START_IN_FLIGHT: '24' }), 24);
  });

  it('never exceed the limiter\'s cap, and every task runs', async () => {
    const limit = limiter(3);
    let now = 0;
    let peak = 0;
    const done = await Promise.all(Array.from({ length: 20 }, (_, i) => limit(async () => {
      peak = Math.max(peak, ++now);
      await new Promise((r) => setTimeout(r, 1));
      now--;
      return i;
    })));
    assert.deepEqual(done, Array.from({ length: 20 }, (_, i) => i));
    assert.equal(peak, 3);
  });

  it('follow a cap that moves (a worker\'s pace): a lower cap admits nothing until places are given back, and a full cap is told, also while tasks queued long ago still wait', async () => {
    let cap = 4;
    let full = 0;
    const limit = limiter(() => cap, () => full++);
    let now = 0;
    const peaks: number[] = [];
    const release: (() => void)[] = [];
    const tasks = Array.from({ length: 12 }, () => limit(async () => {
      peaks.push(++now);
      await new Promise<void>((r) => release.push(r));
      now--;
    }));
    await new Promise((r) => setImmediate(r));
    assert.equal(now, 4);
    assert.equal(full, 8, 'every task that found the cap full');
    const giveBack = async (): Promise<void> => {
      release.shift()!();
      await new Promise((r) => setImmediate(r));
    };
    cap = 2;
    await giveBack();
    assert.equal(now, 3, 'the cap down to 2 with 4 in flight: a place given back admits nothing');
    assert.equal(full, 9, 'a place given back while tasks still wait: the cap is still what holds them (a window that only grows when a task newly finds it full stayed at 48 for 4 s of a distant run whose tasks had all queued at its start)');
    await giveBack();
    assert.equal(now, 2);
    await giveBack();
    assert.equal(now, 2, 'under the cap again: the next waits its turn');
    cap = 6;
    await giveBack();
    assert.equal(now, 6, 'a cap raised fills at the next place given back');
    while (peaks.length < tasks.length || now > 0) {
      while (release.length) release.shift()!();
      await new Promise((r) => setImmediate(r));
    }
    await Promise.all(tasks);
    assert.equal(Math.max(...peaks), 6);
  });
});
