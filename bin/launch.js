// `ocs-conformance run` (and so `npm start`): the process that starts the run and waits for it.
// The inputs are checked in a child with the harness loaded (src/cli/run.ts), which prints any
// problem and hands back the run to start on a pipe; that child ends, and this process, plain
// JavaScript with nothing of the harness loaded, starts Playwright's runner and waits beside it.
// So a run's memory stays Playwright's runner and its workers, as when npm's shell exec'd the
// runner, without a shell line to eval. Every line the runner prints passes the masking gate in
// the runner itself (src/report/console-gate.ts).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The signals that stop a run from outside (docs/stopping.md). */
const STOP_SIGNALS = ['SIGINT', 'SIGTERM'];
/** The child's file descriptor for the plan. */
const PLAN_FD = 3;
/** How often a run started by `npm start` looks whether the shell npm ran it in is still there. */
const PARENT_POLL_MS = 1000;

const ended = (child) => new Promise((resolve) => child.on('close', (status, signal) => resolve({ status, signal })));

/** Runs `ocs-conformance run ARGS`; its exit code. */
export async function launch(args) {
  const plan = await checked(args);
  if (typeof plan === 'number') return plan;
  return started(plan);
}

/**
 * The run's inputs checked by `ocs-conformance run` itself, in a child: the plan it hands back,
 * or its exit code when it has none (a problem, --help, --dry-run). A signal now ends the check
 * and this process at once: nothing was sent.
 */
async function checked(args) {
  const bin = fileURLToPath(new URL('./ocs-conformance.js', import.meta.url));
  const child = spawn(process.execPath, [bin, ...args], { env: { ...process.env, OCS_RUN_PLAN: String(PLAN_FD) }, stdio: ['inherit', 'inherit', 'inherit', 'pipe'] });
  let text = '';
  child.stdio[PLAN_FD].setEncoding('utf8').on('data', (d) => { text += d; });
  let stopped;
  const stop = (signal) => { stopped = signal; child.kill(signal); };
  for (const s of STOP_SIGNALS) process.on(s, stop);
  const { status } = await ended(child);
  for (const s of STOP_SIGNALS) process.off(s, stop);
  if (stopped) process.kill(process.pid, stopped);
  return text ? JSON.parse(text) : (status ?? 2);
}

/**
 * Starts Playwright's runner as planned and waits for it. A SIGTERM or SIGINT sent to this
 * process is passed on to the runner, which stops the run and still writes every report
 * (src/runner/stop.ts). npm runs `start` in a shell, which a SIGTERM sent to npm ends at once
 * without passing it on (dash, the sh of Debian and Ubuntu): a run whose shell went away is
 * stopped as that SIGTERM would have stopped it, so that nothing goes on sending unwatched.
 */
export async function started(plan) {
  const child = spawn(plan.command, plan.args, { cwd: plan.cwd, env: plan.env, stdio: 'inherit' });
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
  const { status, signal } = await ended(child);
  for (const s of STOP_SIGNALS) process.off(s, forward);
  clearInterval(watch);
  if (!existsSync(plan.summaryFile)) {
    console.error(`ocs-conformance: the run ended (${signal ?? `exit ${status}`}) without writing ${plan.summaryFile}: no test ran`);
    return 2;
  }
  return status ?? 2;
}
