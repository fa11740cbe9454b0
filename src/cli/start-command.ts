/**
 * What `npm start` execs once its inputs are checked (src/cli/start.ts): Playwright's runner,
 * its V8 limits given on the command line (src/runner/memory.ts) and the user's NODE_OPTIONS
 * kept aside for the workers, with the harness's own flags (`--baseline FILE`,
 * `--latency-threshold T`, `--report-dir DIR`) taken out of its arguments and handed over as
 * the OCS_ variables they stand for: Playwright refuses an option it does not know. A shell
 * line, which package.json's `start` evals, so that the runner replaces npm's shell as before
 * and no process of ours waits beside it.
 */
import { resolve } from 'node:path';
import { CACHE_ENV } from '../runner/caches.ts';
import { USER_NODE_OPTIONS, withMemoryLimits } from '../runner/memory.ts';

/** The harness's flags, each the variable it sets; a path is read from where `npm start` was typed (npm's INIT_CWD). */
const FLAGS: Record<string, { variable: string; path: boolean }> = {
  '--baseline': { variable: 'OCS_BASELINE', path: true },
  '--latency-threshold': { variable: 'OCS_LATENCY_THRESHOLD', path: false },
  '--report-dir': { variable: 'OCS_REPORTS_DIR', path: true },
};

export class StartUsageError extends Error {}

/** The harness's flags as variables, and every other argument, in order, for Playwright. */
export function splitStartArgs(args: string[], cwd: string): { variables: Record<string, string>; playwright: string[] } {
  const variables: Record<string, string> = {};
  const playwright: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const [name, inline] = args[i]!.startsWith('--') && args[i]!.includes('=') ? [args[i]!.slice(0, args[i]!.indexOf('=')), args[i]!.slice(args[i]!.indexOf('=') + 1)] : [args[i]!, undefined];
    const flag = FLAGS[name];
    if (!flag) { playwright.push(args[i]!); continue; }
    const value = inline ?? args[++i];
    if (value === undefined || value === '') throw new StartUsageError(`${name} needs a value`);
    variables[flag.variable] = flag.path ? resolve(cwd, value) : value;
  }
  return { variables, playwright };
}

const quoted = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

/** `OCS_BASELINE='…' TSX_DISABLE_CACHE='1' … OCS_USER_NODE_OPTIONS='' NODE_OPTIONS='--max-old-space-size=192 …' exec playwright test '--grep' 'X'` */
export function startCommand(variables: Record<string, string>, playwright: string[], nodeOptions = ''): string {
  const all = { ...variables, ...CACHE_ENV, [USER_NODE_OPTIONS]: nodeOptions, NODE_OPTIONS: withMemoryLimits(nodeOptions, 'runner') };
  return `${Object.entries(all).map(([k, v]) => `${k}=${quoted(v)}`).join(' ')} exec playwright test${playwright.map((a) => ` ${quoted(a)}`).join('')}`;
}
