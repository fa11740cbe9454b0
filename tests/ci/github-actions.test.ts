// docs/ci/github-actions.yml, the CI example: GitHub's own workflow parser accepts it, its jobs
// shard a sliced deep run over eight machines and merge their blob reports, secrets reach the run through
// the environment only, and every command it runs exists (npm scripts, Playwright and
// ocs-conformance subcommands and flags, config files) and is one the README shows.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { convertWorkflowTemplate, NoOperationTraceWriter, parseWorkflow } from '@actions/workflow-parser';
import { parse } from 'yaml';
import { FORMATS, OPERATIONS, ROOT } from '../../src/contract/load.ts';
import { planUnits } from '../../src/runner/units.ts';
import { loadAllCases } from '../../src/scenario/load.ts';
import { PROPERTIES } from '../../generators/suite.ts';

const FILE = join(ROOT, 'docs', 'ci', 'github-actions.yml');
const text = readFileSync(FILE, 'utf8');
type Obj = Record<string, any>;
const workflow = parse(text) as Obj;
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const playwrightCli = createRequire(import.meta.url).resolve('@playwright/test/cli');
/** The commands a `--help` lists under "Commands:", each with the rest of its line. */
function commandsOf(help: string): string[] {
  const lines = help.split('\n');
  const start = lines.findIndex((l) => /^Commands:\s*$/i.test(l));
  assert.ok(start >= 0, `no "Commands:" section in:\n${help}`);
  const out: string[] = [];
  for (const line of lines.slice(start + 1)) {
    const m = /^ {2,}([a-z][a-z0-9-]*)\b/.exec(line);
    if (!m) { if (line.trim() === '' || /^\S/.test(line)) break; continue; }
    out.push(m[1]!);
  }
  return out;
}

const helps = new Map<string, string>();
/** A command's help text, read once: the docs show the same subcommands many times over. */
const help = (argv: string[]): string => {
  const key = argv.join('\0');
  if (!helps.has(key)) helps.set(key, execFileSync(argv[0]!, argv.slice(1), { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } }));
  return helps.get(key)!;
};
/** The command as a user calls it: the package's bin. */
const ocsArgv = (...args: string[]): string[] => [process.execPath, join(ROOT, 'bin', 'ocs-conformance.js'), ...args];

/** GitHub expressions (`${{ … }}`) become one placeholder, so a command splits into words cleanly. */
const EXPR = '\u27e8expr\u27e9';
const withoutExpressions = (s: string): string => s.replace(/\$\{\{[^}]*\}\}/g, EXPR);

/** One shell command line: `&&`, `||` and `;` split a `run:` into these; comments and continuations are gone. */
function commandsIn(script: string): string[] {
  return withoutExpressions(script).replace(/\\\n/g, ' ').split('\n')
    .map((l) => l.replace(/^\s*#.*$/, ''))
    .flatMap((l) => l.split(/&&|\|\||;/))
    .map((c) => c.trim()).filter(Boolean);
}

/** Shell words: a quoted part may stand inside a word (`OCS_STEP="a b"`). */
const words = (command: string): string[] => command.match(/(?:"[^"]*"|'[^']*'|[^\s"'])+/g) ?? [];
const ENV_ASSIGNMENT = /^[A-Z_][A-Z0-9_]*=/;
/** A word the workflow fills in at run time: a GitHub expression or a shell variable. */
const isPlaceholder = (word: string): boolean => word.includes(EXPR) || /^"?\$[A-Za-z_{]/.test(word);
const flagsOf = (ws: string[]): string[] => ws.filter((w) => w.startsWith('--')).map((w) => w.split('=')[0]!);

/** Every command a README code block or code span shows, one per `&&` part. */
const readmeCommands: string[] = (() => {
  const out: string[] = [];
  const blocks = [...readme.matchAll(/```[a-z]*\n([\s\S]*?)```/g)].map((m) => m[1]!);
  for (const block of blocks) {
    const joined = block.replace(/\\\n\s*/g, ' ');
    for (const line of joined.split('\n')) out.push(...line.replace(/\s+#.*$/, '').split('&&'));
  }
  for (const m of readme.replace(/```[\s\S]*?```/g, '').matchAll(/`([^`\n]+)`/g)) out.push(...m[1]!.split('&&'));
  return out.map((c) => c.trim()).filter(Boolean);
})();

/** The workflow's command as a pattern: literal words stay, a placeholder stands for one README word, or part of one. */
function inReadme(command: string): boolean {
  const pattern = words(command).map((w) => (w.startsWith('"$') && w.endsWith('"') ? '\\S+' : w.split(EXPR).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\S+'))).join('\\s+');
  const re = new RegExp(`^${pattern}$`);
  return readmeCommands.some((c) => re.test(c));
}

const jobs = workflow.jobs as Obj;
const steps = (job: string): Obj[] => jobs[job].steps as Obj[];
const runs: { job: string; run: string }[] = Object.keys(jobs).flatMap((job) => steps(job).filter((s) => s.run).map((s) => ({ job, run: String(s.run) })));

describe('docs/ci/github-actions.yml', () => {
  it('is a workflow GitHub\'s own parser (@actions/workflow-parser) accepts, expressions included', async () => {
    const result = parseWorkflow({ name: 'github-actions.yml', content: text }, new NoOperationTraceWriter());
    assert.deepEqual(result.context.errors.getErrors().map((e) => e.message), []);
    const template = await convertWorkflowTemplate(result.context, result.value!);
    assert.deepEqual(template.errors ?? [], []);
    assert.deepEqual(template.jobs.map((j) => j.id.value), ['conformance', 'shard', 'merge']);
  });

  it('shards a sliced deep run over a matrix of eight with one seed, and merges their blob reports after every shard', () => {
    const shard = jobs.shard as Obj;
    const tests = planUnits(loadAllCases(), PROPERTIES, Number(shard.env.OCS_RUNS)).length;
    assert.deepEqual(shard.strategy.matrix.shard, [1, 2, 3, 4, 5, 6, 7, 8]);
    assert.ok(tests >= 8 * OPERATIONS.length * FORMATS.length, `the deep run is cut into ${tests} tests, work for every shard`);
    assert.equal(shard.strategy['fail-fast'], false, 'a failing shard does not cancel the others: the merge needs every blob');
    assert.equal(String(shard.env.OCS_RUNS), '1000', 'the deep run is where shards pay');
    assert.equal(String(shard.env.OCS_SEED), '${{ github.run_id }}', 'every shard draws from the same seed');
    const blobRun = steps('shard').find((s) => /--reporter=blob/.test(s.run ?? ''))!;
    assert.match(blobRun.run, /^PLAYWRIGHT_BLOB_OUTPUT_DIR=blob-\$\{\{ matrix\.shard \}\} npx playwright test --shard=\$\{\{ matrix\.shard \}\}\/\$\{\{ strategy\.job-total \}\} --reporter=blob$/);
    const upload = steps('shard').find((s) => String(s.uses).startsWith('actions/upload-artifact@'))!;
    assert.deepEqual([upload.with.name, upload.with.path, upload.if], ['blob-${{ matrix.shard }}', 'blob-${{ matrix.shard }}/', '${{ !cancelled() }}'], 'each shard uploads its blob directory, even when its tests failed');

    const merge = jobs.merge as Obj;
    assert.deepEqual([merge.needs].flat(), ['shard']);
    // The merge's provenance (seed, runs per property, profile) is read from its own environment.
    for (const key of ['OCS_RUNS', 'OCS_SEED']) assert.equal(String(merge.env?.[key]), String(shard.env[key]), `the merge job sets ${key} as the shards had it`);
    for (const job of [shard, merge]) assert.equal(job.env.OCS_PROFILE, undefined, 'shards and merge read the workflow\'s OCS_PROFILE');
    assert.ok(workflow.env.OCS_PROFILE);
    assert.match(merge.if, /!cancelled\(\)/, 'the merge runs when a shard failed: that is when its report matters');
    const download = steps('merge').find((s) => String(s.uses).startsWith('actions/download-artifact@'))!;
    assert.equal(download.with.pattern, 'blob-*');
    assert.equal(download.with['merge-multiple'], undefined, 'each artifact keeps its blob-N/ folder, which the cp below reads');
    const mergeRun = steps('merge').find((s) => /merge-reports/.test(s.run ?? ''))!;
    assert.equal(mergeRun.run.trim(), 'mkdir all && cp blob-*/*.zip all/ && npx playwright merge-reports --config playwright.merge.config.ts all');
    assert.ok(steps('merge').some((s) => String(s.uses).startsWith('actions/upload-artifact@') && s.with.path === 'reports/'), 'the merged reports are kept');
  });

  it('runs ocs-conformance against the target, the secrets reaching it through the environment only', () => {
    const run = steps('conformance').find((s) => /ocs-conformance/.test(s.run ?? ''))!;
    assert.equal(run.run.trim(), 'npx ocs-conformance run --base-url "$OCS_BASE_URL" --profile "$OCS_PROFILE"');
    assert.ok(steps('conformance').some((s) => String(s.uses).startsWith('actions/upload-artifact@') && s.with.path === 'reports/' && /!cancelled\(\)/.test(s.if)), 'reports are kept when the target fails');
    for (const { job, run: script } of runs) assert.doesNotMatch(script, /secrets\./, `${job}: a secret is never written into a command line`);
    // The profile names the variables the harness reads the secrets from: the workflow fills those.
    const profile = parse(readFileSync(join(ROOT, workflow.env.OCS_PROFILE), 'utf8')) as { credentials: { appkey: { env: string }; sessionID: { env: string } } };
    assert.equal(workflow.env[profile.credentials.appkey.env], '${{ secrets.OCS_APPKEY }}');
    assert.equal(workflow.env[profile.credentials.sessionID.env], '${{ secrets.OCS_SESSION_ID }}');
    assert.equal(workflow.env.OCS_BASE_URL, '${{ vars.OCS_BASE_URL }}');
  });

  it('runs only commands that exist: npm scripts, Playwright and ocs-conformance subcommands and flags, config files', () => {
    const checked: string[] = [];
    for (const { job, run } of runs) {
      for (const command of commandsIn(run)) {
        checkCommand(`${job}: ${command}`, command);
        checked.push(command);
      }
    }
    assert.ok(existsSync(join(ROOT, workflow.env.OCS_PROFILE)), `OCS_PROFILE ${workflow.env.OCS_PROFILE} does not exist`);
    assert.equal(checked.length, 8, `npm ci ×3, ocs-conformance run, playwright test, mkdir, cp, merge-reports: ${checked.join(' | ')}`);
  });

  it('runs only commands the README shows', () => {
    for (const { job, run } of runs) {
      for (const command of commandsIn(run)) assert.ok(inReadme(command), `${job}: "${command.replaceAll(EXPR, '${{ … }}')}" is not a command README.md shows`);
    }
  });

  it('the README check is not vacuous: a command the README does not show is caught', () => {
    assert.equal(inReadme('npx playwright test --shard=1/2 --reporter=blob --retries=3'), false);
    assert.equal(inReadme(`npx playwright test --shard=${EXPR}/${EXPR} --reporter=html`), false);
    assert.equal(inReadme(`PLAYWRIGHT_BLOB_OUTPUT_DIR=blob-${EXPR} npx playwright test --shard=${EXPR}/${EXPR} --reporter=blob`), true);
  });
});

let subcommands: { playwright: string[]; ocs: string[] } | undefined;
const known = () => (subcommands ??= { playwright: commandsOf(help([process.execPath, playwrightCli, '--help'])), ocs: commandsOf(help(ocsArgv('--help'))) });

/**
 * Fails unless a command a user is shown exists as written: npm scripts, Playwright and
 * ocs-conformance subcommands and their flags (`npm start -- …` passes `ocs-conformance run`'s),
 * the config and profile files it names, and the test files node runs.
 */
function checkCommand(where: string, command: string): void {
  const ws = words(command.replace(/\s>\s*\S+$/, ''));
  const [tool, ...args] = ws.filter((w, i) => !(ENV_ASSIGNMENT.test(w) && ws.slice(0, i).every((x) => ENV_ASSIGNMENT.test(x))));
  const { playwright, ocs } = known();
  const playwrightFlags = (sub: string, flags: string[]) => {
    const subHelp = help([process.execPath, playwrightCli, sub, '--help']);
    for (const flag of flagsOf(flags)) assert.ok(subHelp.includes(flag), `${where}: playwright ${sub} has no ${flag}`);
  };
  const ocsCommand = (rest: string[]) => {
    const sub = rest[0]!;
    if (sub === '--help' || sub === '--version') return;
    assert.ok(ocs.includes(sub), `${where}: ${sub} is not an ocs-conformance subcommand (${ocs.join(', ')})`);
    const subHelp = help(ocsArgv(sub, '--help'));
    for (const flag of flagsOf(rest)) assert.ok(subHelp.includes(flag), `${where}: ocs-conformance ${sub} has no ${flag}`);
  };
  if (tool === 'npm') {
    const [sub, script] = args;
    const passed = args.includes('--') ? args.slice(args.indexOf('--') + 1) : [];
    if (sub === 'run') assert.ok(script && pkg.scripts[script], `${where}: no package.json script ${script}`);
    else if (sub === 'test' || sub === 'start') assert.ok(pkg.scripts[sub], `${where}: no package.json script ${sub}`);
    else assert.ok(['ci', 'pack', 'install'].includes(sub!), `${where}: npm ${sub} is not a command this harness documents`);
    // npm start is `ocs-conformance run`: what follows -- is its flags.
    if (sub === 'start') ocsCommand(['run', ...passed]);
  } else if (tool === 'npx' && args[0] === 'playwright') {
    const sub = args[1]!;
    assert.ok(playwright.includes(sub), `${where}: ${sub} is not a Playwright CLI command (${playwright.join(', ')})`);
    playwrightFlags(sub, args);
  } else if (tool === 'npx' && args[0] === 'ocs-conformance') {
    ocsCommand(args.slice(1));
  } else if (tool === 'ocs-conformance') {
    ocsCommand(args);
  } else if (tool === 'node') {
    // A script file, or the files an inline script (-e) imports.
    const files = args.includes('-e') ? [...args.join(' ').matchAll(/\.\/[\w./-]+\.ts/g)].map((m) => m[0]) : args.filter((a) => a.endsWith('.ts'));
    assert.ok(files.length > 0, `${where}: names no .ts file`);
    for (const file of files) assert.ok(existsSync(join(ROOT, file)), `${where}: ${file} does not exist`);
  } else {
    assert.ok(['mkdir', 'cp'].includes(tool!), `${where}: ${tool} is not a command this check knows`);
  }
  // Files a command names, literally.
  for (const [i, w] of args.entries()) {
    if (w === '--config' && !isPlaceholder(args[i + 1]!)) assert.ok(existsSync(join(ROOT, args[i + 1]!)), `${where}: ${args[i + 1]} does not exist`);
  }
}

/** The documentation a user reads: the README and every page of docs/. */
const DOCS = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

/** The shell commands a page shows in its `sh` code blocks, one per `&&` part. */
function shownCommands(page: string): string[] {
  const text = readFileSync(join(ROOT, page), 'utf8');
  return [...text.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((m) => m[1]!.replace(/\\\n\s*/g, ' ').split('\n'))
    .map((l) => l.replace(/\s+#.*$/, '').trim()).filter(Boolean).flatMap((l) => l.split('&&')).map((c) => c.trim());
}

describe('the README and the docs pages', () => {
  it('the README is short, for a user first, and every page it links exists', () => {
    assert.ok(readme.split('\n').length < 200, `README.md has ${readme.split('\n').length} lines`);
    for (const page of DOCS) {
      const text = readFileSync(join(ROOT, page), 'utf8');
      for (const [, link] of text.matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)) {
        if (/^[a-z]+:/.test(link!)) continue;
        assert.ok(existsSync(join(ROOT, page, '..', link!)), `${page} links ${link}, which does not exist`);
      }
    }
    for (const page of DOCS.filter((p) => p !== 'README.md')) assert.ok(readme.includes(`](${page})`) || !page.startsWith('docs/'), `README.md does not link ${page}`);
  });

  it('shows only commands that exist, every page of them', () => {
    const checked = DOCS.flatMap((page) => shownCommands(page).map((command) => {
      checkCommand(`${page}: ${command}`, command);
      return command;
    }));
    assert.ok(checked.length > 20, `${checked.length} commands checked`);
  });

  it('the command check is not vacuous: a flag or a script that does not exist is caught', () => {
    assert.throws(() => checkCommand('x', 'npm start -- --no-such-flag'));
    assert.throws(() => checkCommand('x', 'npm run no-such-script'));
    assert.throws(() => checkCommand('x', 'npx ocs-conformance run --no-such-flag'));
    assert.throws(() => checkCommand('x', 'node --import tsx --test tests/no-such.test.ts'));
  });
});
