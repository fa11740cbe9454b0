/**
 * `npm run bench`: the harness's requests per second against raw undici (throughput), then
 * whole `npm start` runs timed from spawn to exit: a failing run and one against a reference
 * that stalls its kept connections after an error, each against a conformant one (failing), a
 * conformant run whose every request waits 50 ms, and one 200 ms, against one that does not
 * (delayed), where a conformant run's time goes: start-up, sending and judging, reporting, the
 * garbage collector (phases), a run behind a rate limit against its bound (limited), one deep property run with
 * its requests per second and peak memory (deep), and
 * the deep run split over 8 Playwright shards and merged, with each shard's requests and
 * whether the merge's verdicts are the one-machine run's (shards), and a default run against
 * 3ab7303's, the code before issues 41 to 44, checked out beside it (baseline; BENCH_BASELINE
 * names another commit).
 * BENCH_ONLY=throughput,failing,phases,delayed,limited,deep,shards,baseline picks sections (default all);
 * BENCH_WALL_ROUNDS (default 1) repeats the pairs of whole runs; BENCH_DEEP_RUNS (default
 * 1000) is the deep and sharded runs' OCS_RUNS. Exit 1 when a run did not end as it must (it
 * would measure nothing), 2 on bad settings.
 */
import { throughput } from './bench/throughput.ts';
import { failing } from './bench/runs.ts';
import { phases } from './bench/phases.ts';
import { deep, delayed, limited } from './bench/proxied.ts';
import { BenchFailure } from './bench/wall.ts';
import { shards } from './bench/shards.ts';
import { baseline } from './bench/baseline.ts';

function positive(name: string, fallback: number): number {
  const n = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`${name} must be a positive integer, got ${process.env[name]}`);
  return n;
}

async function main(): Promise<number> {
  let sections: Record<string, () => Promise<void>>;
  let only: string[];
  try {
    const rounds = positive('BENCH_WALL_ROUNDS', 1);
    const deepRuns = positive('BENCH_DEEP_RUNS', 1000);
    sections = { throughput, failing: () => failing(rounds), phases: () => phases(rounds), delayed: () => delayed(rounds), limited: () => limited(rounds), deep: () => deep(deepRuns) };
    sections.shards = () => shards(deepRuns);
    sections.baseline = () => baseline(rounds);
    only = process.env.BENCH_ONLY ? process.env.BENCH_ONLY.split(',').map((s) => s.trim()).filter(Boolean) : Object.keys(sections);
    const unknown = only.filter((s) => !(s in sections));
    if (unknown.length) throw new RangeError(`BENCH_ONLY names unknown sections: ${unknown.join(', ')} (known: ${Object.keys(sections).join(', ')})`);
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
    console.error(`bench: ${err.message}`);
    return 2;
  }
  // In the documented order whatever BENCH_ONLY's, so outputs of different selections compare line by line.
  const chosen = Object.keys(sections).filter((s) => only.includes(s));
  try {
    for (const [i, name] of chosen.entries()) {
      if (i > 0) console.log('');
      await sections[name]!();
    }
  } catch (err) {
    if (!(err instanceof BenchFailure)) throw err;
    console.error(`bench: ${err.message}`);
    return 1;
  }
  return 0;
}

process.exitCode = await main();
