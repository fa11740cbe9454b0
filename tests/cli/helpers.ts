import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from '../e2e/run.ts';

export { ROOT };
export const BIN = join(ROOT, 'bin', 'ocs-conformance.js');

export interface CliResult { code: number | null; stdout: string; stderr: string }

/** Runs the command's bin as a user would (node bin/ocs-conformance.js ARGS), for the quick subcommands. */
export function cli(args: string[], options: { env?: NodeJS.ProcessEnv; cwd?: string } = {}): CliResult {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: options.cwd ?? ROOT, env: { ...process.env, ...options.env }, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Runs a command that may take a while (a conformance run), never longer than `limitMs`. */
export function cliRun(command: string, args: string[], options: { env?: NodeJS.ProcessEnv; cwd?: string; limitMs?: number } = {}): Promise<CliResult> {
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
  const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), options.limitMs ?? 240_000);
  return new Promise((resolve) => {
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
