import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Summary } from '../../src/report/summary.ts';
import { treeRssBytes } from '../../scripts/bench/wall.ts';

export const ROOT = new URL('../../', import.meta.url).pathname;

export interface StartRun {
  code: number | null; stdout: string; stderr: string; reports: string; summary(): Summary;
  /** The peak resident memory of the run's process tree, sampled every 100 ms (Linux). */
  peakRssBytes: number;
  /** Whether the run was killed at `limitMs` instead of ending by itself. */
  killed: boolean;
}

/** Runs `npm start` as the README shows it, with its own reports directory; never longer than `limitMs`. */
export function start(args: string[], env: NodeJS.ProcessEnv, limitMs = 240_000): Promise<StartRun> {
  const reports = mkdtempSync(join(tmpdir(), 'ocs-reports-'));
  const child = spawn('npm', ['start', '--silent', ...(args.length ? ['--', ...args] : [])], {
    cwd: ROOT,
    env: { ...process.env, CI: '1', OCS_REPORTS_DIR: reports, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => { stdout += d; });
  child.stderr.on('data', (d) => { stderr += d; });
  let killed = false;
  const timer = setTimeout(() => { killed = true; process.kill(-child.pid!, 'SIGKILL'); }, limitMs);
  let peakRssBytes = 0;
  const sampler = setInterval(() => { peakRssBytes = Math.max(peakRssBytes, treeRssBytes(child.pid!)); }, 100);
  return new Promise((resolve) => {
    child.on('close', (code) => {
      clearTimeout(timer);
      clearInterval(sampler);
      resolve({ code, stdout, stderr, reports, peakRssBytes, killed, summary: () => JSON.parse(readFileSync(join(reports, 'summary.json'), 'utf8')) as Summary });
    });
  });
}

/** The last non-empty line a run printed. */
export const lastLine = (text: string): string => text.trim().split('\n').at(-1) ?? '';
