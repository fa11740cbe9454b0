/**
 * One seed's run made twice against one reference: split over `shards` Playwright shards, each
 * writing a blob report that `playwright merge-reports` joins (as docs/ci/github-actions.yml
 * does), and on one machine. Both go through a counting proxy to a reference in this process,
 * so each shard's requests are counted. `npm run bench` (scripts/bench/shards.ts) and
 * tests/e2e/shard.test.ts use it.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startReference } from '../../reference/server.ts';
import { ROOT } from '../../src/contract/load.ts';
import type { Summary } from '../../src/report/summary.ts';
import { referenceEnv, REFERENCE_PROFILE } from '../reference-profile.ts';
import { startProxy } from './proxy.ts';

const cli = createRequire(import.meta.url).resolve('@playwright/test/cli');

/** `workers`: Playwright workers per run (OCS_WORKERS), else the caller's OCS_WORKERS or Playwright's default. */
export interface ShardedSettings { shards: number; runs: number; seed: number; grep?: string; workers?: number; timeoutMs: number }

/** A finished Playwright process: its exit code and output. */
export interface Ended { code: number | null; stdout: string; stderr: string }

/** One shard: the requests the proxy forwarded while it ran, and the titles of the tests it ran (its list reporter's lines). */
export interface ShardRun extends Ended { requests: number; tests: string[] }

export interface Reports { dir: string; summary: Summary; ended: Ended }

/** The run's reports: from the merge of the shards' blobs, and from the one-machine run. */
export interface ShardedRun { shards: ShardRun[]; merged: Reports; single: Reports & { requests: number } }

/** Runs Playwright's command line in the harness's folder; asynchronous, so the proxy and reference in this process keep answering. */
function playwright(args: string[], env: NodeJS.ProcessEnv, timeoutMs: number): Promise<Ended> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

const readSummary = (dir: string): Summary => JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as Summary;

/** A test title as the list reporter prints it: `✓  3 … conformance.spec.ts:40:3 › change_pickup [json] slice 1/16 (1.2s)`. */
const ranTests = (stdout: string): string[] =>
  [...stdout.matchAll(/› ((?:change_receiver|change_pickup) \[(?:json|xml)\](?: slice [0-9]+\/[0-9]+)?)/g)].map((m) => m[1]!);

export async function shardedRun(s: ShardedSettings): Promise<ShardedRun> {
  const dir = mkdtempSync(join(tmpdir(), 'ocs-sharded-'));
  const reference = await startReference();
  const proxy = await startProxy(reference.url, 0);
  // The caller's own OCS_ settings stay out, but for how many workers and requests in flight.
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('OCS_') || k === 'OCS_WORKERS' || k === 'OCS_CONCURRENCY'));
  const env = (reports: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({
    ...base, ...referenceEnv(), OCS_BASE_URL: proxy.url, OCS_PROFILE: REFERENCE_PROFILE,
    OCS_RUNS: String(s.runs), OCS_SEED: String(s.seed), OCS_REPORTS_DIR: join(dir, reports), ...(s.workers ? { OCS_WORKERS: String(s.workers) } : {}), ...extra,
  });
  const grep = s.grep ? ['--grep', s.grep] : [];
  try {
    const blobs = join(dir, 'blobs');
    mkdirSync(blobs);
    const shards: ShardRun[] = [];
    for (let i = 1; i <= s.shards; i++) {
      const before = proxy.forwarded();
      const out = join(dir, `blob-${i}`);
      const ended = await playwright(['test', ...grep, `--shard=${i}/${s.shards}`, '--reporter=blob,list'], env(`shard-${i}`, { PLAYWRIGHT_BLOB_OUTPUT_DIR: out }), s.timeoutMs);
      shards.push({ ...ended, requests: proxy.forwarded() - before, tests: ranTests(ended.stdout) });
      for (const f of readdirSync(out)) copyFileSync(join(out, f), join(blobs, f));
    }
    const mergedDir = join(dir, 'merged');
    const merge = await playwright(['merge-reports', '--config', 'playwright.merge.config.ts', blobs], { ...base, OCS_REPORTS_DIR: mergedDir }, s.timeoutMs);
    const before = proxy.forwarded();
    const one = await playwright(['test', ...grep], env('single'), s.timeoutMs);
    const requests = proxy.forwarded() - before;
    return {
      shards,
      merged: { dir: mergedDir, summary: readSummary(mergedDir), ended: merge },
      single: { dir: join(dir, 'single'), summary: readSummary(join(dir, 'single')), ended: one, requests },
    };
  } finally {
    await proxy.close();
    await reference.close();
  }
}

/** The verdict of every rule in both formats: what a merge must give as the one-machine run does. */
export const ruleVerdicts = (s: Summary): string[] => s.rules.map((r) => `${r.id} json:${r.json} xml:${r.xml}`);
