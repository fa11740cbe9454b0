/**
 * The runner's side of a run started before its inputs were checked. A default `ocs-conformance
 * run` (`npm start`) starts Playwright's runner beside the check of the inputs (bin/launch.js), so
 * that Node, Playwright and the config's modules load while the check runs. playwright.config.ts
 * imports this module first: in that runner (OCS_PLAN_GATE names the pipe, never in a worker),
 * the config's modules are loaded but none has run yet, and this one waits here, blocking, for the
 * plan the check made: the launcher writes the plan's OCS_* variables (the only ones a plan may
 * add or change for a runner it started early), which then replace the runner's own, and closes
 * the pipe. A pipe closed with nothing written (the check refused the run, or planned another
 * runner, or the launcher went away) ends the runner at once: nothing has been read, removed,
 * started or written yet.
 */
import { closeSync, readSync } from 'node:fs';

/** The variable naming the runner's file descriptor of the plan (bin/launch.js). */
const GATE = 'OCS_PLAN_GATE';

const fd = Number(process.env[GATE]);
delete process.env[GATE];
if (process.env.TEST_WORKER_INDEX === undefined && Number.isInteger(fd) && fd >= 3) takePlan(fd);

function takePlan(fd: number): void {
  const text = readAll(fd);
  if (!text) process.exit(0);
  const planned = JSON.parse(text) as Record<string, string>;
  for (const name of Object.keys(process.env)) if (name.startsWith('OCS_') && !(name in planned)) delete process.env[name];
  Object.assign(process.env, planned);
}

/** Everything written on `fd` until it is closed (a blocking read; a descriptor left non-blocking is read again after a millisecond). */
function readAll(fd: number): string {
  const chunks: Buffer[] = [];
  const buf = Buffer.alloc(1 << 16);
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    let n: number;
    try {
      n = readSync(fd, buf);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EAGAIN') {
        Atomics.wait(pause, 0, 0, 1);
        continue;
      }
      if ((err as NodeJS.ErrnoException).code === 'EOF') break;
      throw err;
    }
    if (n === 0) break;
    chunks.push(Buffer.from(buf.subarray(0, n)));
  }
  closeSync(fd);
  return Buffer.concat(chunks).toString('utf8');
}
