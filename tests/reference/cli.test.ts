// The reference's command line: `node --import tsx reference/cli.ts --port 0 [--now ISO | --offset SECONDS]`
// prints `listening http://127.0.0.1:PORT`, serves, and exits 0 on SIGTERM.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { FIXED, FIXED_LOCAL, TODAY, assertOk, pickupRequest, receiverRequest, send } from './helpers.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const START_TIMEOUT = 20_000;
const STOP_TIMEOUT = 5_000;

/** Rejects after `ms` with `what`, so no step of these tests can hang. */
function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function launch(args: string[]): Promise<{ child: ChildProcess; url: string; stderr: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'reference/cli.ts', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const url = await within(START_TIMEOUT, 'the listening line', new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = /^listening (http:\/\/127\.0\.0\.1:(\d+))$/m.exec(out);
      if (line && Number(line[2]) > 0) resolve(line[1]!);
    });
    child.once('exit', (code) => reject(new Error(`exited ${code} before listening: ${out}${err}`)));
  })).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
  return { child, url, stderr: () => err };
}

async function stop(child: ChildProcess): Promise<number | null> {
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  child.kill('SIGTERM');
  try {
    const [code, signal] = await within(STOP_TIMEOUT, 'stopping on SIGTERM', exited);
    assert.equal(signal, null, 'the process exits by itself, not by the signal');
    return code;
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
}

describe('the reference CLI', () => {
  it('listens on a free port, answers, and exits 0 on SIGTERM', { timeout: 40_000 }, async () => {
    const { child, url, stderr } = await launch(['--port', '0']);
    try {
      assertOk(await send(url, 'change_receiver', 'json', receiverRequest()), 'change_receiver');
      assertOk(await send(url, 'change_receiver', 'xml', receiverRequest()), 'change_receiver');
    } finally {
      assert.equal(await stop(child), 0, stderr());
    }
  });

  it('--now fixes the clock of generated_at and of the same-day rule', { timeout: 40_000 }, async () => {
    const { child, url, stderr } = await launch(['--port', '0', '--now', FIXED.toISOString()]);
    try {
      const reply = await send(url, 'change_pickup', 'json', pickupRequest(TODAY));
      assertOk(reply, 'change_pickup');
      assert.equal(reply.body.metadata?.generated_at, FIXED_LOCAL);
    } finally {
      assert.equal(await stop(child), 0, stderr());
    }
  });

  it('--offset runs the clock that many seconds ahead of this machine\'s', { timeout: 40_000 }, async () => {
    const offset = 400 * 86_400;
    const { child, url, stderr } = await launch(['--port', '0', '--offset', String(offset)]);
    try {
      const reply = await send(url, 'change_receiver', 'json', receiverRequest());
      assertOk(reply, 'change_receiver');
      // generated_at is Moscow time (UTC+3): 400 days ahead, give or take the minute this test may take.
      const at = Date.parse(`${String(reply.body.metadata?.generated_at).replace(' ', 'T')}+03:00`);
      assert.ok(Math.abs(at - (Date.now() + offset * 1000)) < 60_000, `generated_at ${reply.body.metadata?.generated_at}`);
    } finally {
      assert.equal(await stop(child), 0, stderr());
    }
  });
});
