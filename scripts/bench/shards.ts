/**
 * The shard balance of a deep run (docs/deep-runs.md): the run split over SHARDS Playwright
 * shards, each shard's requests counted by the proxy, the blob reports merged, and the same
 * seed's run on one machine, whose rule verdicts the merge must give.
 */
import { BenchFailure } from './wall.ts';
import { ruleVerdicts, shardedRun } from './sharded.ts';

const SHARDS = 8;
const CONFORMANT = 0;

export async function shards(runs: number): Promise<void> {
  const seed = Math.floor(Math.random() * 0x7fffffff);
  console.log(`Shard balance (OCS_RUNS=${runs}, OCS_SEED=${seed}: ${SHARDS} shards with blob reports, merged, then one machine; through the proxy so requests are counted):`);
  const run = await shardedRun({ shards: SHARDS, runs, seed, timeoutMs: 3_600_000 });
  for (const [i, s] of run.shards.entries()) {
    if (s.code !== CONFORMANT) throw new BenchFailure(`shard ${i + 1}/${SHARDS} exited ${s.code}:\n${s.stdout.slice(-4000)}${s.stderr.slice(-4000)}`);
    console.log(`  shard ${i + 1}/${SHARDS}: ${s.tests.length} tests, ${s.requests} requests`);
  }
  for (const [what, r] of [['merge', run.merged], ['one-machine run', run.single]] as const) {
    if (r.ended.code !== CONFORMANT) throw new BenchFailure(`the ${what} exited ${r.ended.code}:\n${r.ended.stdout.slice(-4000)}${r.ended.stderr.slice(-4000)}`);
  }
  const requests = run.shards.map((s) => s.requests);
  const [min, max] = [Math.min(...requests), Math.max(...requests)];
  console.log(`shard balance (${SHARDS} shards, OCS_RUNS=${runs}): requests per shard min ${min}, max ${max}, max / min ${(max / min).toFixed(2)}`);
  const [merged, single] = [ruleVerdicts(run.merged.summary), ruleVerdicts(run.single.summary)];
  const agree = JSON.stringify(merged) === JSON.stringify(single) && run.merged.summary.verdict === run.single.summary.verdict;
  console.log(`merged verdict ${run.merged.summary.verdict.toUpperCase()}, one machine ${run.single.summary.verdict.toUpperCase()}; every rule's verdict in both formats agrees: ${agree ? 'yes' : 'NO'} (${run.merged.summary.rules.length} rules)`);
  // A merge that says something else than the one machine is the bug this section looks for. Its
  // reports go with the bench's temporary directory: the verdicts that differ are the evidence.
  if (!agree) {
    const differ = (a: string[], b: string[]): string => a.filter((v) => !b.includes(v)).join('; ') || 'none';
    throw new BenchFailure(`the merge of ${SHARDS} shards and the one-machine run disagree (seed ${seed}): merged only ${differ(merged, single)}; one machine only ${differ(single, merged)}`);
  }
}
