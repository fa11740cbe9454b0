import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Summary } from '../../src/report/summary.ts';
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
 * Runs a command that may take a while (a conformance run) in its own process group, never
 * longer than `limitMs`, sampling the peak resident memory of its process tree.
 */
export function spawnRun(command: string, args: string[], options: { env?: NodeJS.ProcessEnv; cwd?: string; limitMs?: number } = {}): Promise<Spawned> {
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
  const timer = setTimeout(() => { killed = true; process.kill(-child.pid!, 'SIGKILL'); }, options.limitMs ?? 240_000);
  let peakRssBytes = 0;
  const sampler = setInterval(() => { peakRssBytes = Math.max(peakRssBytes, treeRssBytes(child.pid!)); }, 100);
  return new Promise((resolve) => {
    child.on('close', (code) => {
      clearTimeout(timer);
      clearInterval(sampler);
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
