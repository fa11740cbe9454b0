import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { tempDir } from '../../scripts/bench/leftovers.ts';
import { ROOT, spawnRun } from '../e2e/run.ts';

export { ROOT };
export const BIN = join(ROOT, 'bin', 'ocs-conformance.js');

export interface CliResult { code: number | null; stdout: string; stderr: string }

/** Runs the command's bin as a user would (node bin/ocs-conformance.js ARGS), for the quick subcommands. */
export function cli(args: string[], options: { env?: NodeJS.ProcessEnv; cwd?: string } = {}): CliResult {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: options.cwd ?? ROOT, env: { ...process.env, ...options.env }, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

let transforms: string | undefined;
/**
 * The environment in which this process's CLI children share one tsx cache: each child transforms
 * every TypeScript file it loads again where tsx keeps no cache (TSX_DISABLE_CACHE), most of its
 * time on a quick subcommand; with the cache the first child's transforms serve the rest (the
 * cache is keyed by each file's content). tsx keeps its cache only in the OS's temporary
 * directory: here one of this process's own, removed when it ends (scripts/bench/leftovers.ts),
 * so nothing is left behind. For the quick subcommands, which write nothing there.
 */
export function sharedTransforms(): NodeJS.ProcessEnv {
  transforms ??= tempDir('ocs-cli-tsx-');
  return { TMPDIR: transforms, TSX_DISABLE_CACHE: '' };
}

/** cli, its children sharing one tsx cache (sharedTransforms): for a file that runs the command many times. */
export const quickCli = (args: string[], options: { env?: NodeJS.ProcessEnv; cwd?: string } = {}): CliResult =>
  cli(args, { ...options, env: { ...sharedTransforms(), ...options.env } });

/** Runs a command that may take a while (a conformance run), never longer than `limitMs`. */
export const cliRun = (command: string, args: string[], options: { env?: NodeJS.ProcessEnv; cwd?: string; limitMs?: number } = {}): Promise<CliResult> => spawnRun(command, args, options);
