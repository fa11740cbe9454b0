/**
 * A default `npm start` of this tree against one of an older commit's, in one bench, on one
 * machine: issue 44's goal is a default run in at most half the time of 3ab7303's (the code before
 * issues 41 to 44), and a ratio of two figures measured hours apart on a machine whose speed
 * drifts says little. The older commit's files are written into a temporary directory from git
 * (a temporary index: neither this checkout's index nor its worktrees change), with a
 * node_modules of links to this checkout's packages (its lock file must name the same ones) but a
 * `.cache` of its own, so neither tree's caches are rebuilt by the other's runs. Both run the
 * embedded reference, conformant, in turning order; the directory goes when the bench ends,
 * however it ends (scripts/bench/leftovers.ts). BENCH_BASELINE names another commit.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../src/contract/load.ts';
import { tempDir } from './leftovers.ts';
import { CONFORMANT, describe, heading, inTurns, wall } from './runs.ts';
import { BenchFailure, runStart } from './wall.ts';

export const BASELINE = '3ab7303';
/** The goal of issue 44: a default run in at most this share of the baseline's wall time. */
export const GOAL = 0.5;

const git = (args: string[], env: NodeJS.ProcessEnv = process.env): string =>
  execFileSync('git', args, { cwd: ROOT, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/**
 * The files of `commit` in a fresh temporary directory, ready for `npm start`: a BenchFailure
 * when the commit is not in this clone (a shallow one) or needs other packages than this one's.
 */
export function checkout(commit: string): string {
  try {
    git(['cat-file', '-e', `${commit}^{commit}`]);
  } catch {
    throw new BenchFailure(`the baseline commit ${commit} is not in this clone (a shallow clone? \`git fetch --unshallow\`), or BENCH_BASELINE names no commit`);
  }
  if (git(['rev-parse', `${commit}:package-lock.json`]) !== git(['hash-object', join(ROOT, 'package-lock.json')])) {
    throw new BenchFailure(`${commit}'s package-lock.json is not this checkout's: its run would need packages this node_modules does not hold`);
  }
  const dir = tempDir('ocs-bench-baseline-');
  const env = { ...process.env, GIT_INDEX_FILE: join(dir, '.git-index') };
  git(['read-tree', commit], env);
  git(['checkout-index', '--all', `--prefix=${dir}/`], env);
  const modules = join(dir, 'node_modules');
  mkdirSync(join(modules, '.cache'), { recursive: true });
  for (const entry of readdirSync(join(ROOT, 'node_modules'))) {
    if (entry !== '.cache') symlinkSync(join(ROOT, 'node_modules', entry), join(modules, entry));
  }
  return dir;
}

export async function baseline(rounds: number): Promise<void> {
  const commit = process.env.BENCH_BASELINE || BASELINE;
  heading(`A default run, this tree against ${commit}'s`, rounds);
  const dir = checkout(commit);
  // One unmeasured run of each first: a tree's first run fills its caches (compiled sources,
  // Playwright's transforms, the contract read as JSON), which no later run pays.
  await runStart(`${commit}, warming up`, {}, CONFORMANT, dir);
  await runStart('this tree, warming up', {}, CONFORMANT);
  const [then, now] = await inTurns(rounds, [
    () => runStart(`${commit} (conformant, embedded reference)`, {}, CONFORMANT, dir),
    () => runStart('this tree (conformant, embedded reference)', {}, CONFORMANT),
  ]);
  console.log(describe(then!));
  console.log(describe(now!));
  console.log(`this tree / ${commit} wall time: ${(wall(now!) / wall(then!)).toFixed(2)}${commit === BASELINE ? ` (issue 44's goal: at most ${GOAL})` : ''}`);
}
