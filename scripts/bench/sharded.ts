/**
 * One seed's run made twice against one reference: split over `shards` Playwright shards, each
 * writing a blob report that `playwright merge-reports` joins (as docs/ci/github-actions.yml
 * does), and on one machine. Both go through a counting proxy to a reference in this process,
 * so each shard's requests are counted. `npm run bench` (scripts/bench/shards.ts) and
 * tests/e2e/shard.test.ts use it.
 */
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { FORMATS, OPERATIONS } from '../../src/contract/load.ts';
import { readSummaryFile } from '../../src/report/compare.ts';
import type { Summary } from '../../src/report/summary.ts';
import { referenceEnv, REFERENCE_PROFILE } from '../reference-profile.ts';
import { tempDir } from './leftovers.ts';
import { withProxies } from './proxy.ts';
import { spawnRun, withoutOcs, type Spawned } from './wall.ts';
import { CACHE_ENV } from '../../src/runner/caches.ts';

const cli = createRequire(import.meta.url).resolve('@playwright/test/cli');

/** `workers`: Playwright workers per run (OCS_WORKERS), else the caller's OCS_WORKERS or Playwright's default. */
export interface ShardedSettings { shards: number; runs: number; seed: number; grep?: string; workers?: number; timeoutMs: number }

/** One shard: the requests the proxy forwarded while it ran, and the titles of the tests it ran (its list reporter's lines). */
export interface ShardRun extends Spawned { requests: number; tests: string[] }

export interface Reports { dir: string; summary: Summary; ended: Spawned }

/** The run's reports: from the merge of the shards' blobs, and from the one-machine run, in a temporary directory removed when this process ends. */
export interface ShardedRun { shards: ShardRun[]; merged: Reports; single: Reports & { requests: number } }

/** Runs Playwright's command line in the harness's folder with exactly `env`. */
const playwright = (args: string[], env: NodeJS.ProcessEnv, limitMs: number): Promise<Spawned> =>
  spawnRun(process.execPath, [cli, ...args], { env, inheritEnv: false, limitMs });

/** A run's summary.json; readSummaryFile checks its rules and names the file when it is missing or broken. */
const readSummary = (dir: string): Summary => readSummaryFile(join(dir, 'summary.json')) as Summary;

/** A test title as the list reporter prints it: `✓  3 … conformance.spec.ts:40:3 › change_pickup [json] slice 1/16 (1.2s)`. */
const TITLE = new RegExp(`› ((?:${OPERATIONS.join('|')}) \\[(?:${FORMATS.join('|')})\\](?: slice [0-9]+/[0-9]+)?)`, 'g');
const ranTests = (stdout: string): string[] => [...stdout.matchAll(TITLE)].map((m) => m[1]!);

export async function shardedRun(s: ShardedSettings): Promise<ShardedRun> {
  const dir = tempDir('ocs-sharded-');
  // The caller's own OCS_ settings stay out, but for how many workers and requests in flight.
  const base = { ...withoutOcs(['OCS_WORKERS', 'OCS_CONCURRENCY']), ...CACHE_ENV };
  // What the shards, the merge and the one machine share: the merge's certificate and summary
  // state the seed, runs and profile from its own environment (src/report/provenance.ts).
  const run = { OCS_PROFILE: REFERENCE_PROFILE, OCS_RUNS: String(s.runs), OCS_SEED: String(s.seed) };
  const grep = s.grep ? ['--grep', s.grep] : [];
  return withProxies([0], async ([proxy]) => {
    const env = (reports: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({
      ...base, ...referenceEnv(), ...run, OCS_BASE_URL: proxy!.url, OCS_REPORTS_DIR: join(dir, reports),
      ...(s.workers ? { OCS_WORKERS: String(s.workers) } : {}), ...extra,
    });
    const blobs = join(dir, 'blobs');
    mkdirSync(blobs);
    const shards: ShardRun[] = [];
    for (let i = 1; i <= s.shards; i++) {
      const before = proxy!.forwarded();
      const out = join(dir, `blob-${i}`);
      const ended = await playwright(['test', ...grep, `--shard=${i}/${s.shards}`, '--reporter=blob,list'], env(`shard-${i}`, { PLAYWRIGHT_BLOB_OUTPUT_DIR: out }), s.timeoutMs);
      shards.push({ ...ended, requests: proxy!.forwarded() - before, tests: ranTests(ended.stdout) });
      for (const f of readdirSync(out)) copyFileSync(join(out, f), join(blobs, f));
    }
    const mergedDir = join(dir, 'merged');
    const merge = await playwright(['merge-reports', '--config', 'playwright.merge.config.ts', blobs], { ...base, ...run, OCS_REPORTS_DIR: mergedDir }, s.timeoutMs);
    const before = proxy!.forwarded();
    const one = await playwright(['test', ...grep], env('single'), s.timeoutMs);
    const requests = proxy!.forwarded() - before;
    return {
      shards,
      merged: { dir: mergedDir, summary: readSummary(mergedDir), ended: merge },
      single: { dir: join(dir, 'single'), summary: readSummary(join(dir, 'single')), ended: one, requests },
    };
  });
}

/** The verdict of every rule in both formats: what a merge must give as the one-machine run does. */
export const ruleVerdicts = (s: Summary): string[] => s.rules.map((r) => `${r.id} json:${r.json} xml:${r.xml}`);
