import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format } from 'node:util';
import { tempDir } from '../../scripts/bench/leftovers.ts';
// From the bench's module, not tests/e2e/run.ts: that one's `after` would empty the temporary
// directories of every quick file sharing this process (tests/tiers.mjs).
import { spawnRun } from '../../scripts/bench/wall.ts';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
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
  // Made again when gone: a file before this one in the same process (a quick tier group) may
  // have emptied the temporary directories of the process (scripts/bench/leftovers.ts leaveNothing).
  if (transforms === undefined || !existsSync(transforms)) transforms = tempDir('ocs-cli-tsx-');
  return { TMPDIR: transforms, TSX_DISABLE_CACHE: '' };
}

/** cli, its children sharing one tsx cache (sharedTransforms): for a file that runs the command many times. */
export const quickCli = (args: string[], options: { env?: NodeJS.ProcessEnv; cwd?: string } = {}): CliResult =>
  cli(args, { ...options, env: { ...sharedTransforms(), ...options.env } });

/** Runs a command that may take a while (a conformance run), never longer than `limitMs`. */
export const cliRun = (command: string, args: string[], options: { env?: NodeJS.ProcessEnv; cwd?: string; limitMs?: number } = {}): Promise<CliResult> => spawnRun(command, args, options);

/** console.log's and console.error's lines kept (as a process's stdout and stderr) until `restore`. */
export function captureConsole(): { stdout: () => string; stderr: () => string; restore: () => void } {
  const out: string[] = [];
  const err: string[] = [];
  const { log, error } = console;
  console.log = (...a: unknown[]) => { out.push(`${format(...a)}\n`); };
  console.error = (...a: unknown[]) => { err.push(`${format(...a)}\n`); };
  return { stdout: () => out.join(''), stderr: () => err.join(''), restore: () => { console.log = log; console.error = error; } };
}

/** What `fn` printed with console.log (its stdout) and console.error (its stderr), and its value. */
async function printed<T>(fn: () => Promise<T>): Promise<{ value: T; stdout: string; stderr: string }> {
  const printing = captureConsole();
  try {
    const value = await fn();
    return { value, stdout: printing.stdout(), stderr: printing.stderr() };
  } finally {
    printing.restore();
  }
}

let loaded: Promise<(argv: string[]) => Promise<number>> | undefined;
/**
 * The command's main(ARGS) in this process, for argument handling that ends before a subcommand's
 * work (--help, usage errors). The bin does no more than load tsx and src/cli/main.ts, which sets
 * the exit code to what main returns, console.log its stdout and console.error its stderr; for
 * `run` the launcher hands on its check's exit code and output (the tests that still start the
 * bin show both). A child costs most of a second of CPU, loading tsx and every module again.
 * main.ts runs main on the process's arguments as it loads: it is loaded once with `--version` as
 * those, what that prints dropped and the exit code it sets undone.
 */
export async function mainHere(args: string[]): Promise<CliResult> {
  loaded ??= (async () => {
    const { argv, exitCode } = process;
    process.argv = [argv[0]!, BIN, '--version'];
    try {
      return (await printed(() => import('../../src/cli/main.ts'))).value.main;
    } finally {
      process.argv = argv;
      process.exitCode = exitCode;
    }
  })();
  const main = await loaded;
  // As the bin does for `explain` only (bin/ocs-conformance.js).
  if (args[0] === 'explain') await import('../../generators/judges.ts');
  const { value, stdout, stderr } = await printed(() => main(args));
  return { code: value, stdout, stderr };
}
