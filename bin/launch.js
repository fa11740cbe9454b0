// `ocs-conformance run` (and so `npm start`): the process that starts the run and waits for it.
// The inputs are checked in a child with the harness loaded (src/cli/run.ts), which prints any
// problem and hands back the run to start on a pipe; that child ends, and this process, plain
// JavaScript with nothing of the harness loaded (but the memory limits, src/runner/memory.ts),
// starts Playwright's runner and waits beside it. The embedded reference starts here too, beside
// the check, so that the run's start does not wait for it (launch, below); and so does a default
// run's runner, which waits at its config for the check's plan (earlyRunner, src/cli/gate.ts).
// So a run's memory stays Playwright's runner and its workers, as when npm's shell exec'd the
// runner, without a shell line to eval. Every line the runner prints passes the masking gate in
// the runner itself (src/report/console-gate.ts).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compiled, ROOT } from './compiled.js';

/** The signals that stop a run from outside (docs/stopping.md). */
const STOP_SIGNALS = ['SIGINT', 'SIGTERM'];
/** The child's file descriptor for the plan. */
const PLAN_FD = 3;
/** How often a run started by `npm start` looks whether the shell npm ran it in is still there. */
const PARENT_POLL_MS = 1000;

const ended = (child) => new Promise((resolve) => child.on('close', (status, signal) => resolve({ status, signal })));

/** Names the references started here, for playwright.config.ts and the global setup's teardown. */
export const LAUNCHED = 'OCS_LAUNCHED_REFERENCES';
/** How long a reference may take to print where it listens (playwright.config.ts's webServer: 30 s). */
const REFERENCE_START_MS = 30_000;
/** How long a stopped reference is given before it is killed (the webServer's graceful shutdown: 5 s). */
const REFERENCE_STOP_MS = 5_000;

/**
 * Runs `ocs-conformance run ARGS`; its exit code. The embedded reference (and the oracle of
 * a target that is not the faithful reference) start at once, beside the check of the inputs,
 * instead of after it when Playwright's runner has loaded its config: the run's start no longer
 * waits for them. The runner takes their URLs (playwright.config.ts) and stops them once the
 * tests have ended, as it stops a webServer (src/runner/global-setup.ts); whatever is still
 * running when the runner has ended is stopped here, and a reference whose launcher and runner
 * are both gone, even killed, stops by itself (its stdin, a pipe held by them, closes).
 */
export async function launch(args) {
  let child;
  let stopped;
  let early;
  const stop = (signal) => { stopped = signal; child?.kill(signal); if (early) cancelled(early); };
  for (const s of STOP_SIGNALS) process.on(s, stop);
  const references = await startedReferences(args);
  if (!stopped) early = await earlyRunner(args, references);
  // The check last: a default run waits for the runner to load (about a second), not for the
  // check (a quarter of that), so the runner is spawned first (issue 44); each spawn is a fork.
  if (!stopped) child = checking(args);
  let plan = child ? await child.plan : 2;
  // The references a planned run needs: no other target than the one the check planned.
  if (typeof plan !== 'number' && !stopped) plan = await withReferences(plan, references);
  for (const s of STOP_SIGNALS) process.off(s, stop);
  if (stopped || typeof plan === 'number') {
    await Promise.all([...references.map(stopReference), early && cancelled(early)]);
    if (stopped) process.kill(process.pid, stopped);
    return typeof plan === 'number' ? plan : 2;
  }
  try {
    if (early && fits(early, plan)) return await started(plan, [], early);
    if (early) await cancelled(early);
    return await started(plan, references.filter((r) => r.url).map((r) => r.child.stdin));
  } finally {
    await Promise.all(references.map(stopReference));
  }
}

/**
 * A default run's Playwright runner (`ocs-conformance run` with no option, as `npm start` is),
 * started beside the check of the inputs rather than after it, with the command, the directory
 * and the environment but for the OCS_* variables that the check's plan would give it
 * (src/cli/run.ts runSuite). Node, Playwright and the config's modules load while the check runs;
 * the config then waits for the plan (src/cli/gate.ts, on a pipe past the references' lifelines,
 * which it holds from its start as a runner started later would). Undefined for any other run,
 * or where the memory limits cannot be loaded: that runner starts after the check, as before.
 */
async function earlyRunner(args, references) {
  if (args.length !== 1 || args[0] !== 'run') return undefined;
  const limits = await memoryLimits();
  if (!limits) return undefined;
  const user = userNodeOptions(process.env);
  const command = process.execPath;
  const cwd = ROOT;
  const runnerArgs = [createRequire(import.meta.url).resolve('@playwright/test/cli'), 'test'];
  const lifelines = references.map((r) => r.child.stdin);
  const gate = 3 + lifelines.length;
  // As src/runner/caches.ts's CACHE_ENV and src/cli/run.ts give them; a plan that differs (fits) gets a runner of its own.
  const env = {
    ...process.env, TSX_DISABLE_CACHE: '1', PLAYWRIGHT_TRANSFORM_CACHE_DIR: join(ROOT, 'node_modules', '.cache', 'playwright-transform'),
    NODE_OPTIONS: limits(user, 'runner'), OCS_USER_NODE_OPTIONS: user, OCS_PLAN_GATE: String(gate),
  };
  const child = spawn(command, runnerArgs, { cwd, env, stdio: ['inherit', 'inherit', 'inherit', ...lifelines, 'pipe'] });
  const runner = { child, command, args: runnerArgs, cwd, env, gate: child.stdio[gate], exited: false };
  runner.closed = ended(child).finally(() => { runner.exited = true; });
  child.on('error', () => {});
  runner.gate.on('error', () => {});
  return runner;
}

/**
 * Whether `plan` is the run the early runner was started for: the same command, arguments and
 * directory, and the same environment but for OCS_* variables. One that has ended already (its
 * config could not load) is taken as the run that ended, as a runner started after the check
 * would have ended: what it printed is not printed twice.
 */
function fits(runner, plan) {
  if (plan.command !== runner.command || plan.cwd !== runner.cwd || JSON.stringify(plan.args) !== JSON.stringify(runner.args)) return false;
  const names = new Set([...Object.keys(plan.env), ...Object.keys(runner.env)]);
  for (const name of names) if (!name.startsWith('OCS_') && plan.env[name] !== runner.env[name]) return false;
  return true;
}

/**
 * Ends an early runner that was given no plan, at once: it is loading its modules or waiting at
 * the gate (src/cli/gate.ts), and has read, removed, started and written nothing of the run yet
 * (Playwright's transform cache, which it may be writing, checks each file's hash when it reads
 * it). The check's refusal is told as fast as without it.
 */
function cancelled(runner) {
  runner.gate.end();
  if (!runner.exited) runner.child.kill('SIGKILL');
  return runner.closed;
}

let memory;
/** src/runner/memory.ts's withMemoryLimits, compiled (bin/compiled.js); undefined where it cannot be. */
function memoryLimits() {
  memory ??= compiled('src/runner/memory.ts', 'memory')
    .then((bundle) => import(bundle ?? 'no compiled module'))
    .then((m) => m.withMemoryLimits, () => undefined);
  return memory;
}

/**
 * The run's inputs checked by `ocs-conformance run` itself, in a child: `plan` is the plan it
 * hands back, or its exit code when it has none (a problem, --help, --dry-run). A signal now
 * ends the check and this process at once: nothing was sent.
 */
function checking(args) {
  const bin = fileURLToPath(new URL('./ocs-conformance.js', import.meta.url));
  const child = spawn(process.execPath, [bin, ...args], { env: { ...process.env, OCS_RUN_PLAN: String(PLAN_FD) }, stdio: ['inherit', 'inherit', 'inherit', 'pipe'] });
  let text = '';
  child.stdio[PLAN_FD].setEncoding('utf8').on('data', (d) => { text += d; });
  child.plan = ended(child).then(({ status }) => (text ? JSON.parse(text) : (status ?? 2)));
  return child;
}

/** The options of `run` before `--`, where the runner's own begin. */
const ownArgs = (args) => (args.includes('--') ? args.slice(0, args.indexOf('--')) : args);

/**
 * The references a run with `env` needs, as playwright.config.ts would start them: the target,
 * without OCS_BASE_URL; the oracle of lax readers, unless the target is the faithful reference.
 */
function referencesFor(env) {
  const targeting = !env.OCS_BASE_URL;
  const faithful = targeting && !env.OCS_REFERENCE_FAULT && !env.OCS_REFERENCE_MODE;
  return [
    ...(targeting ? [{ variable: 'OCS_BASE_URL', env: { OCS_REFERENCE_FAULT: env.OCS_REFERENCE_FAULT, OCS_REFERENCE_MODE: env.OCS_REFERENCE_MODE } }] : []),
    ...(faithful ? [] : [{ variable: 'OCS_ORACLE_URL', env: { OCS_REFERENCE_FAULT: '', OCS_REFERENCE_MODE: '' } }]),
  ];
}

/**
 * The user's NODE_OPTIONS as the run's processes get them (src/cli/run.ts): with tsx first where
 * the harness is installed under node_modules.
 */
function userNodeOptions(env) {
  if (!ROOT.split(sep).includes('node_modules')) return env.NODE_OPTIONS ?? '';
  return `${env.NODE_OPTIONS ?? ''} --import "${import.meta.resolve('tsx')}"`.trim();
}

/**
 * Starts the references `ocs-conformance run ARGS` will most likely need (none for --help or
 * --dry-run), each in its own process group as Playwright starts a webServer (a Ctrl-C reaches
 * the runner, which stops the run, not the target under it), with the workers' memory limits
 * (src/runner/memory.ts) as playwright.config.ts gives them. `url` is set once it listens.
 */
async function startedReferences(args) {
  const own = ownArgs(args);
  if (own.some((a) => a === '-h' || a === '--help' || a === '--dry-run')) return [];
  const env = { ...process.env, ...(own.some((a) => a === '--base-url' || a.startsWith('--base-url=')) ? { OCS_BASE_URL: 'given' } : {}) };
  const wanted = referencesFor(env);
  if (!wanted.length) return [];
  const limits = await memoryLimits();
  if (!limits) return []; // the runner starts them (its webServer), as without this launcher
  const user = userNodeOptions(process.env);
  const bundle = await compiled('reference/cli.ts', 'reference');
  return wanted.map((w) => {
    const child = spawn(process.execPath, [...(bundle ? [bundle] : ['--import', 'tsx', 'reference/cli.ts']), '--port', '0'], {
      cwd: ROOT, detached: true, stdio: ['pipe', 'pipe', 'ignore'],
      env: { ...process.env, ...w.env, TSX_DISABLE_CACHE: '1', NODE_OPTIONS: limits(user), OCS_REFERENCE_LIFELINE: 'stdin' },
    });
    const ref = { ...w, child, user, url: undefined, exited: false };
    // 'close', not 'exit': a child that could not be spawned (EAGAIN, ENOENT) emits 'error' and 'close', never 'exit'.
    ref.closed = new Promise((resolve) => child.on('close', () => { ref.exited = true; resolve(); }));
    child.on('error', () => {});
    child.stdin.on('error', () => {});
    let out = '';
    ref.ready = new Promise((resolve) => {
      const timer = setTimeout(resolve, REFERENCE_START_MS);
      child.stdout.setEncoding('utf8').on('data', (d) => {
        if (ref.url) return;
        out += d;
        const m = /listening (http:\/\/127\.0\.0\.1:[0-9]+)/.exec(out);
        if (m) { ref.url = m[1]; clearTimeout(timer); resolve(); }
      });
      ref.closed.then(() => { clearTimeout(timer); resolve(); });
    });
    return ref;
  });
}

/**
 * The plan with the references started here that it needs and that listen (named in
 * OCS_LAUNCHED_REFERENCES); the others are stopped, and the runner starts what is missing
 * itself (its webServer), as without this launcher.
 */
async function withReferences(plan, references) {
  const needed = referencesFor(plan.env);
  const fits = (r) => {
    const n = needed.find((x) => x.variable === r.variable);
    return n !== undefined && (n.env.OCS_REFERENCE_FAULT ?? '') === (r.env.OCS_REFERENCE_FAULT ?? '') && (n.env.OCS_REFERENCE_MODE ?? '') === (r.env.OCS_REFERENCE_MODE ?? '')
      && (plan.env.OCS_USER_NODE_OPTIONS ?? '') === r.user;
  };
  await Promise.all(references.filter(fits).map((r) => r.ready));
  for (const r of references) {
    if (fits(r) && r.url && !r.exited) continue;
    r.url = undefined;
    stopReference(r);
  }
  const used = references.filter((r) => r.url);
  if (!used.length) return plan;
  const launched = { launcher: process.pid, references: used.map((r) => ({ variable: r.variable, url: r.url, pid: r.child.pid })) };
  return { ...plan, env: { ...plan.env, [LAUNCHED]: JSON.stringify(launched) } };
}

/** Stops a reference started here (its process group: SIGTERM, then SIGKILL after 5 s) and waits for it. */
function stopReference(ref) {
  if (ref.exited) return ref.closed;
  const kill = (signal) => { try { process.kill(-ref.child.pid, signal); } catch { /* gone */ } };
  kill('SIGTERM');
  const timer = setTimeout(() => kill('SIGKILL'), REFERENCE_STOP_MS);
  return ref.closed.finally(() => clearTimeout(timer));
}

/**
 * Starts Playwright's runner as planned and waits for it. A SIGTERM or SIGINT sent to this
 * process is passed on to the runner, which stops the run and still writes every report
 * (src/runner/stop.ts). npm runs `start` in a shell, which a SIGTERM sent to npm ends at once
 * without passing it on (dash, the sh of Debian and Ubuntu): a run whose shell went away is
 * stopped as that SIGTERM would have stopped it, so that nothing goes on sending unwatched.
 */
export async function started(plan, lifelines = [], early = undefined) {
  // The runner holds the references' lifelines too (file descriptors past its stdio, which its own
  // children do not get): a reference outlives this process for as long as the runner runs.
  // A runner started early (earlyRunner) holds them already, and is given its plan's OCS_* variables.
  const child = early?.child ?? spawn(plan.command, plan.args, { cwd: plan.cwd, env: plan.env, stdio: ['inherit', 'inherit', 'inherit', ...lifelines] });
  if (early) early.gate.end(JSON.stringify(Object.fromEntries(Object.entries(plan.env).filter(([name]) => name.startsWith('OCS_')))));
  const forward = (signal) => { child.kill(signal); };
  for (const s of STOP_SIGNALS) process.on(s, forward);
  const parent = process.ppid;
  // Once: the runner ignores a further SIGTERM while it stops, but once Playwright has stopped
  // listening (its reporters writing), one ends it as it always did, and cut the HTML report short.
  const watch = process.env.npm_lifecycle_event === 'start' ? setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    forward('SIGTERM');
  }, PARENT_POLL_MS) : undefined;
  const { status, signal } = await (early?.closed ?? ended(child));
  for (const s of STOP_SIGNALS) process.off(s, forward);
  clearInterval(watch);
  if (!existsSync(plan.summaryFile)) {
    console.error(`ocs-conformance: the run ended (${signal ?? `exit ${status}`}) without writing ${plan.summaryFile}: no test ran`);
    return 2;
  }
  return status ?? 2;
}
