/**
 * `ocs-conformance`: the command CI steps, vendor certification and deployment regression
 * checks call by name (bin/ocs-conformance.js loads this file through tsx). Flags are parsed
 * with node:util parseArgs, strictly: an unknown flag, a missing value or a stray argument
 * exits 2 with the usage on stderr. Flags win over the OCS_* environment variables, which
 * keep working. Exit codes: 0 conformant (or no regression), 1 not conformant (or
 * regressed), 2 incomplete or the run could not be made, with a one-line reason on stderr.
 */
import { resolve } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { Level } from '../contract/load.ts';
import { harnessPackage } from '../report/provenance.ts';
import { SummaryFileError } from '../report/compare.ts';
import { MAIN_USAGE, USAGE } from './usage.ts';

type Options = NonNullable<ParseArgsConfig['options']>;

/** A command-line problem: exit 2, the reason and the usage on stderr. */
class UsageError extends Error {}
/** The command could not be carried out: exit 2, the reason on stderr. */
class CannotRun extends Error {}

const HELP = { help: { type: 'boolean', short: 'h' } } as const satisfies Options;


interface Command {
  usage: string; options: Options; positionals: [min: number, max: number];
  /** Whatever follows `--` goes to Playwright's test runner as it is. */
  passThrough?: boolean;
  run(values: Record<string, string | boolean | undefined>, positionals: string[], passed: string[]): Promise<number> | number;
}

/**
 * Where a relative path given as a flag is read from: where the command was typed. Under
 * `npm start` that is npm's INIT_CWD (npm runs its scripts from the package's root); the
 * environment's paths (OCS_PROFILE, OCS_REPORTS_DIR, …) stay relative to the current directory.
 */
const typedIn = (): string => (process.env.npm_lifecycle_event === 'start' && process.env.INIT_CWD) || process.cwd();
const flagPath = (path: string): string => resolve(typedIn(), path);

const COMMANDS: Record<string, Command> = {
  run: {
    usage: USAGE.run,
    options: {
      ...HELP,
      'base-url': { type: 'string' }, profile: { type: 'string' }, runs: { type: 'string' }, seed: { type: 'string' },
      grep: { type: 'string', short: 'g' }, shard: { type: 'string' }, workers: { type: 'string', short: 'j' }, rps: { type: 'string' },
      'report-dir': { type: 'string' }, baseline: { type: 'string' }, 'latency-threshold': { type: 'string' }, 'dry-run': { type: 'boolean' },
      waivers: { type: 'string' }, 'strict-waivers': { type: 'boolean' },
    },
    positionals: [0, 0],
    passThrough: true,
    async run(v, _positionals, passed) {
      const env: NodeJS.ProcessEnv = { ...process.env };
      const args: string[] = [];
      const str = (k: string) => v[k] as string | undefined;
      if (str('base-url') !== undefined) {
        if (!/^https?:\/\/\S+$/.test(str('base-url')!)) throw new UsageError(`--base-url: expected an http:// or https:// URL, got '${str('base-url')}'`);
        env.OCS_BASE_URL = str('base-url');
        if (str('profile') === undefined && !env.OCS_PROFILE) throw new CannotRun('--base-url needs --profile FILE, the target\'s profile (`ocs-conformance init` writes a template)');
      }
      if (str('profile') !== undefined) env.OCS_PROFILE = flagPath(str('profile')!);
      else if (env.OCS_PROFILE) env.OCS_PROFILE = resolve(env.OCS_PROFILE);
      if (str('runs') !== undefined) env.OCS_RUNS = String(integer('--runs', str('runs')!, 0));
      if (str('seed') !== undefined) env.OCS_SEED = String(integer('--seed', str('seed')!, -(2 ** 31)));
      if (str('rps') !== undefined) {
        // The same check as OCS_RPS's (src/client/polite.ts), told as a flag's problem.
        const { rateLimit } = await import('../client/polite.ts');
        try {
          env.OCS_RPS = String(rateLimit(undefined, { OCS_RPS: str('rps')!.trim() || 'empty' }));
        } catch {
          throw new UsageError(`--rps: expected a positive number, got '${str('rps')}'`);
        }
      }
      if (str('grep') !== undefined) {
        try { new RegExp(str('grep')!); } catch (err) { throw new UsageError(`--grep: ${(err as Error).message}`); }
        args.push('--grep', str('grep')!);
      }
      if (str('shard') !== undefined) {
        const m = /^([0-9]+)\/([0-9]+)$/.exec(str('shard')!);
        if (!m || Number(m[1]) < 1 || Number(m[1]) > Number(m[2])) throw new UsageError(`--shard: expected I/N with 1 ≤ I ≤ N, got '${str('shard')}'`);
        args.push(`--shard=${m[1]}/${m[2]}`);
      }
      if (str('workers') !== undefined) args.push('--workers', String(integer('--workers', str('workers')!, 1)));
      if (str('baseline') !== undefined) env.OCS_BASELINE = flagPath(str('baseline')!);
      else if (env.OCS_BASELINE) env.OCS_BASELINE = resolve(env.OCS_BASELINE);
      if (str('latency-threshold') !== undefined) {
        await latencyThreshold(str('latency-threshold')!);
        env.OCS_LATENCY_THRESHOLD = str('latency-threshold');
      }
      if (str('waivers') !== undefined) env.OCS_WAIVERS = flagPath(str('waivers')!);
      else if (env.OCS_WAIVERS) env.OCS_WAIVERS = resolve(env.OCS_WAIVERS);
      if (v['strict-waivers']) env.OCS_STRICT_WAIVERS = '1';
      if (v['dry-run']) {
        const { dryRun } = await import('./dry-run.ts');
        return dryRun(env);
      }
      const { runSuite } = await import('./run.ts');
      const reportsDir = str('report-dir') ? flagPath(str('report-dir')!) : resolve(env.OCS_REPORTS_DIR || 'reports');
      return runSuite({ playwrightArgs: [...args, ...passed], env, reportsDir });
    },
  },
  rules: {
    usage: USAGE.rules,
    options: { ...HELP, level: { type: 'string' }, json: { type: 'boolean' } },
    positionals: [0, 0],
    async run(v) {
      const { rulesText, LEVELS } = await import('./catalog.ts');
      let level: Level | undefined;
      if (v.level !== undefined) {
        level = LEVELS.find((l) => l === String(v.level).toUpperCase());
        if (!level) throw new UsageError(`--level: expected must, should or info, got '${v.level}'`);
      }
      console.log(rulesText(level, !!v.json));
      return 0;
    },
  },
  explain: {
    usage: USAGE.explain,
    options: { ...HELP },
    positionals: [1, 1],
    async run(_v, [id]) {
      const { explainText, UnknownRule } = await import('./catalog.ts');
      try {
        console.log(explainText(id!));
      } catch (err) {
        if (err instanceof UnknownRule) throw new CannotRun(err.message);
        throw err;
      }
      return 0;
    },
  },
  init: {
    usage: USAGE.init,
    options: { ...HELP },
    positionals: [0, 1],
    async run(_v, [file]) {
      const { init, InitError, DEFAULT_PROFILE_FILE } = await import('./init.ts');
      const target = file ?? DEFAULT_PROFILE_FILE;
      try {
        init(target);
      } catch (err) {
        if (err instanceof InitError) throw new CannotRun(err.message);
        throw err;
      }
      console.log(`wrote ${target}: fill in the target's fixtures and the names of its credential variables`);
      return 0;
    },
  },
  diff: {
    usage: USAGE.diff,
    options: { ...HELP, json: { type: 'boolean' }, 'latency-threshold': { type: 'string' } },
    positionals: [2, 2],
    async run(v, [oldFile, newFile]) {
      const { readSummaryFile } = await import('../report/compare.ts');
      const { diffSummaries, diffText, regressed } = await import('./diff.ts');
      const threshold = v['latency-threshold'] === undefined ? undefined : await latencyThreshold(v['latency-threshold'] as string);
      const d = diffSummaries(oldFile!, readSummaryFile(oldFile!), newFile!, readSummaryFile(newFile!), threshold);
      console.log(v.json ? JSON.stringify(d, null, 2) : diffText(d));
      return regressed(d) ? 1 : 0;
    },
  },
  'export-openapi': {
    usage: USAGE['export-openapi'],
    options: { ...HELP, format: { type: 'string' } },
    positionals: [0, 0],
    async run(v) {
      const format = (v.format ?? 'yaml') as string;
      if (format !== 'yaml' && format !== 'json') throw new UsageError(`--format: expected yaml or json, got '${format}'`);
      const { renderOpenapi } = await import('../contract/openapi.ts');
      process.stdout.write(`${renderOpenapi(format).replace(/\n?$/, '\n')}`);
      return 0;
    },
  },
};

/** --latency-threshold's value, checked: a bad one is a usage error. */
async function latencyThreshold(text: string) {
  const { parseLatencyThreshold, LatencyThresholdError } = await import('../report/latency-baseline.ts');
  try {
    return parseLatencyThreshold(text);
  } catch (err) {
    if (err instanceof LatencyThresholdError) throw new UsageError(`--latency-threshold: ${err.message}`);
    throw err;
  }
}

function integer(flag: string, text: string, min: number): number {
  const n = Number(text);
  if (!/^-?[0-9]+$/.test(text.trim()) || !Number.isSafeInteger(n) || n < min) throw new UsageError(`${flag}: expected an integer${min === 0 ? ' ≥ 0' : min === 1 ? ' ≥ 1' : ''}, got '${text}'`);
  return n;
}

function parse(argv: string[], options: Options, usage: string) {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals: true });
  } catch (err) {
    throw new UsageError((err as Error).message, { cause: usage });
  }
}

export async function main(argv: string[]): Promise<number> {
  let usage = MAIN_USAGE;
  try {
    const [name, ...rest] = argv;
    if (name === undefined || name.startsWith('-')) {
      const { values, positionals } = parse(argv, { ...HELP, version: { type: 'boolean', short: 'v' } }, usage);
      if (positionals.length) throw new UsageError(`unknown command '${positionals[0]}'`);
      if (values.version) { console.log(harnessPackage().version); return 0; }
      if (values.help) { console.log(MAIN_USAGE); return 0; }
      throw new UsageError('a command is required');
    }
    const command = COMMANDS[name];
    if (!command) throw new UsageError(`unknown command '${name}'`);
    usage = command.usage;
    const end = command.passThrough ? rest.indexOf('--') : -1;
    const { values, positionals } = parse(end === -1 ? rest : rest.slice(0, end), command.options, usage);
    if (values.help) { console.log(command.usage); return 0; }
    const [min, max] = command.positionals;
    if (positionals.length < min) throw new UsageError(`${name}: expected ${min === max ? min : `${min} to ${max}`} argument(s), got ${positionals.length}`);
    if (positionals.length > max) throw new UsageError(`${name}: unexpected argument '${positionals[max]}'`);
    return await command.run(values as Record<string, string | boolean | undefined>, positionals, end === -1 ? [] : rest.slice(end + 1));
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(`ocs-conformance: ${err.message}\n\n${usage}`);
      return 2;
    }
    if (err instanceof CannotRun || err instanceof SummaryFileError) {
      console.error(`ocs-conformance: ${err.message}`);
      return 2;
    }
    console.error(`ocs-conformance: ${err instanceof Error ? err.message : String(err)}`);
    return 2;
  }
}

process.exitCode = await main(process.argv.slice(2));
