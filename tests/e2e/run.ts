import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import type { Summary } from '../../src/report/summary.ts';
import { REFERENCE_PROFILE } from '../../scripts/reference-profile.ts';
import { treeRssBytes } from '../../scripts/bench/wall.ts';

export const ROOT = new URL('../../', import.meta.url).pathname;

/** What a spawned run gave back. */
export interface Spawned {
  code: number | null; stdout: string; stderr: string;
  /** The peak resident memory of the run's process tree, sampled every 100 ms (Linux). */
  peakRssBytes: number;
  /** Whether the run was killed at `limitMs` instead of ending by itself. */
  killed: boolean;
}

/** An `npm start`, with the reports it wrote. */
export interface StartRun extends Spawned { reports: string; summary(): Summary }

/**
 * What a test does while the run goes on: given the run's pid and a way to move the kill
 * deadline (`limitMs` from now), it may signal the run; the function it returns stops it.
 */
export type During = (pid: number, killIn: (limitMs: number) => void) => () => void;

/**
 * Runs a command that may take a while (a conformance run) in its own process group, never
 * longer than `limitMs` (or the deadline `during` sets), sampling the peak resident memory of
 * its process tree.
 */
export function spawnRun(command: string, args: string[], options: { env?: NodeJS.ProcessEnv; cwd?: string; limitMs?: number; during?: During } = {}): Promise<Spawned> {
  const child = spawn(command, args, {
    cwd: options.cwd ?? ROOT,
    env: { ...process.env, CI: '1', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => { stdout += d; });
  child.stderr.on('data', (d) => { stderr += d; });
  let killed = false;
  const kill = (): void => {
    killed = true;
    try { process.kill(-child.pid!, 'SIGKILL'); } catch { /* already gone */ }
  };
  let timer = setTimeout(kill, options.limitMs ?? 240_000);
  const killIn = (ms: number): void => { clearTimeout(timer); timer = setTimeout(kill, ms); };
  const stopDuring = options.during?.(child.pid!, killIn);
  let peakRssBytes = 0;
  const sampler = setInterval(() => { peakRssBytes = Math.max(peakRssBytes, treeRssBytes(child.pid!)); }, 100);
  return new Promise((resolve) => {
    child.on('close', (code) => {
      clearTimeout(timer);
      clearInterval(sampler);
      stopDuring?.();
      resolve({ code, stdout, stderr, peakRssBytes, killed });
    });
  });
}

/** Runs `npm start` as the README shows it, with its own reports directory; never longer than `limitMs`. */
export async function start(args: string[], env: NodeJS.ProcessEnv, limitMs = 240_000): Promise<StartRun> {
  const reports = mkdtempSync(join(tmpdir(), 'ocs-reports-'));
  const run = await spawnRun('npm', ['start', '--silent', ...(args.length ? ['--', ...args] : [])], { env: { OCS_REPORTS_DIR: reports, ...env }, limitMs });
  return { ...run, reports, summary: () => JSON.parse(readFileSync(join(reports, 'summary.json'), 'utf8')) as Summary };
}

/** The last non-empty line a run printed. */
export const lastLine = (text: string): string => text.trim().split('\n').at(-1) ?? '';

/** The reference's profile with another request timeout (`http.timeoutMs`), in a file of its own. */
export function profileWithTimeout(timeoutMs: number): string {
  const p = parse(readFileSync(REFERENCE_PROFILE, 'utf8')) as { http?: Record<string, unknown> };
  p.http = { ...p.http, timeoutMs };
  const file = join(mkdtempSync(join(tmpdir(), 'ocs-profile-')), `timeout-${timeoutMs}.yaml`);
  writeFileSync(file, stringify(p));
  return file;
}
