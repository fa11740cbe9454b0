// A run stopped from outside (src/runner/stop.ts): the worker's side (nothing more is sent,
// requests in flight fail at once, queued checks never start, a step the stop cut short is
// left out) and the runner's (SIGTERM takes Playwright's SIGINT path while a run is under way,
// ends the process as before otherwise). tests/e2e/stop.test.ts stops whole runs.
import { after, describe, it } from 'node:test';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { NotSent, type Transport, type WireRequest } from '../../src/client/transport.ts';
import { limiter } from '../../src/runner/limit.ts';
import { beforeStop, isStopped, stopSending, stoppable, stoppableLimit } from '../../src/runner/stop.ts';
import { leaveNothing, tempDir } from '../../scripts/bench/leftovers.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

const REQUEST: WireRequest = { method: 'POST', url: 'http://127.0.0.1:9/', headers: {}, body: '{}' };

/** A target that never answers, counting what it was sent. */
function hanging(): Transport & { sent: number } {
  const t = { sent: 0, send: () => { t.sent++; return new Promise<never>(() => undefined); } };
  return t;
}

/** What a stand-in runner printed, and how it ended, after `signals` (each once it is ready, 300 ms apart). */
function signalled(signals: NodeJS.Signals[], listening: boolean): Promise<{ out: string; code: number | null; signal: NodeJS.Signals | null }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/stop/signals-child.ts', ...(listening ? ['listening'] : [])], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
    if (!out.startsWith('ready')) return;
    signals.forEach((s, i) => setTimeout(() => child.kill(s), 300 * i));
    signals = [];
  });
  return new Promise((resolve) => child.on('close', (code, signal) => resolve({ out, code, signal })));
}

// The worker's side is one-way (a stopped worker stays stopped): the cases run in order.
describe('a stopped worker', () => {
  it('sends until the stop, then fails its requests in flight at once and sends nothing more', async () => {
    const target = hanging();
    const transport = stoppable(target);
    const cap = stoppableLimit(limiter(1));
    const inFlight = cap(() => transport.send(REQUEST));
    const queued = cap(async () => 'started');
    const cut = beforeStop(() => inFlight);
    const ended = await beforeStop(async () => 'judged');
    assert.equal(ended, 'judged', 'a step that ends before the stop keeps its result');
    assert.equal(isStopped(), false);
    stopSending();
    await assert.rejects(inFlight, (err) => err instanceof NotSent && /the run was stopped/.test(err.message));
    await assert.rejects(queued, NotSent, 'a queued check does not start');
    assert.equal(await cut.catch(() => undefined), undefined, 'a step the stop cut short gives nothing');
    await assert.rejects(transport.send(REQUEST), NotSent);
    assert.equal(target.sent, 1, 'only the request sent before the stop reached the target');
  });
});

describe('the runner and its signals', () => {
  it('SIGTERM during a run takes the SIGINT path, naming SIGTERM, and a second SIGTERM is ignored', async () => {
    const r = await signalled(['SIGTERM', 'SIGTERM'], true);
    assert.deepEqual(r.out.trim().split('\n'), ['ready', 'interrupted, stopped by SIGTERM', 'ended by itself']);
  });

  it('SIGINT during a run is Playwright\'s, its signal named', async () => {
    const r = await signalled(['SIGINT'], true);
    assert.deepEqual(r.out.trim().split('\n'), ['ready', 'interrupted, stopped by SIGINT', 'ended by itself']);
  });

  it('with no run under way, SIGTERM and SIGINT end the process as they always did', async () => {
    for (const s of ['SIGTERM', 'SIGINT'] as const) {
      const r = await signalled([s], false);
      assert.deepEqual({ out: r.out.trim(), signal: r.signal }, { out: 'ready', signal: s });
    }
  });
});

// npm's shell (dash) ends at npm's SIGTERM without passing it on: the launcher, left without its
// parent, stops the run itself (bin/launch.js). It sends the runner one SIGTERM: a runner that has
// stopped listening for signals (Playwright's, with its reporters writing) ends at a second one,
// and a watch that sent one every second cut the HTML report short in a CI run.
describe('a launcher whose npm shell went away', () => {
  after(leaveNothing);
  it('sends the runner one SIGTERM, however long the runner takes to stop, and waits for it', async () => {
    const dir = tempDir('ocs-orphan-');
    const count = join(dir, 'sigterms');
    const plan = {
      command: process.execPath,
      args: [join(ROOT, 'tests/stop/counting-runner.mjs'), count, join(dir, 'summary.json'), '3500'],
      cwd: ROOT, env: process.env, summaryFile: join(dir, 'summary.json'),
    };
    const shell = spawn(process.execPath, [join(ROOT, 'tests/stop/orphaned-launcher.mjs'), join(ROOT, 'bin/launch.js'), JSON.stringify(plan), `${count}.started`], { stdio: 'ignore' });
    await new Promise((resolve) => shell.on('close', resolve));
    // The runner writes its count 3.5 s after it started: three polls of the launcher's watch.
    for (let waited = 0; !existsSync(count) && waited < 30_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
    assert.ok(existsSync(count), 'the stand-in runner ran to its end and wrote how many SIGTERMs it got');
    assert.equal(readFileSync(count, 'utf8'), '1');
  });
});
