import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, spawnRun } from '../e2e/run.ts';

export { ROOT };
export const BIN = join(ROOT, 'bin', 'ocs-conformance.js');

export interface CliResult { code: number | null; stdout: string; stderr: string }

/** Runs the command's bin as a user would (node bin/ocs-conformance.js ARGS), for the quick subcommands. */
export function cli(args: string[], options: { env?: NodeJS.ProcessEnv; cwd?: string } = {}): CliResult {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: options.cwd ?? ROOT, env: { ...process.env, ...options.env }, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Runs a command that may take a while (a conformance run), never longer than `limitMs`. */
export const cliRun = (command: string, args: string[], options: { env?: NodeJS.ProcessEnv; cwd?: string; limitMs?: number } = {}): Promise<CliResult> => spawnRun(command, args, options);
