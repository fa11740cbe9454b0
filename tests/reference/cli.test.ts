// The reference's command line: `node --import tsx reference/cli.ts --port 0 [--now ISO | --offset=SECONDS]`
// prints `listening http://127.0.0.1:PORT`, serves, and exits 0 on SIGTERM; a wrong option exits 2 with the usage.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { FIXED, FIXED_LOCAL, TODAY, assertOk, pickupRequest, receiverRequest, send } from './helpers.ts';
import { spawnRun } from '../../scripts/bench/wall.ts';
import { sharedTransforms } from '../cli/helpers.ts';

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
  // The children share one tsx cache (sharedTransforms): eleven of them, each loading the reference.
  const child = spawn(process.execPath, ['--import', 'tsx', 'reference/cli.ts', ...args], { cwd: ROOT, env: { ...process.env, ...sharedTransforms() }, stdio: ['ignore', 'pipe', 'pipe'] });
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

/** Runs the CLI expecting it to refuse its options: its exit code and what it wrote to stderr. */
async function refuse(args: string[]): Promise<{ code: number | null; stderr: string }> {
  const run = await spawnRun(process.execPath, ['--import', 'tsx', 'reference/cli.ts', ...args], { cwd: ROOT, env: sharedTransforms(), limitMs: START_TIMEOUT });
  assert.ok(!run.killed, `the refusal of ${args.join(' ')} took longer than ${START_TIMEOUT} ms`);
  assert.doesNotMatch(run.stdout, /listening/, 'a refused option serves nothing');
  return { code: run.code, stderr: run.stderr };
}

/** The reference's clock as generated_at shows it (Moscow time, UTC+3), in ms. */
const generatedAt = (reply: { body: { metadata?: { generated_at?: unknown } } }): number =>
  Date.parse(`${String(reply.body.metadata?.generated_at).replace(' ', 'T')}+03:00`);

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
      // 400 days ahead, give or take the minute this test may take.
      const at = generatedAt(reply);
      assert.ok(Math.abs(at - (Date.now() + offset * 1000)) < 60_000, `generated_at ${reply.body.metadata?.generated_at}`);
    } finally {
      assert.equal(await stop(child), 0, stderr());
    }
  });

  it('--offset=-3600 runs the clock an hour behind this machine\'s', { timeout: 40_000 }, async () => {
    const { child, url, stderr } = await launch(['--port', '0', '--offset=-3600']);
    try {
      const reply = await send(url, 'change_receiver', 'json', receiverRequest());
      assertOk(reply, 'change_receiver');
      const behind = Date.now() - generatedAt(reply);
      assert.ok(behind > 3_540_000 && behind < 3_660_000, `generated_at ${reply.body.metadata?.generated_at}, ${behind} ms behind`);
    } finally {
      assert.equal(await stop(child), 0, stderr());
    }
  });

  it('refuses a negative offset after a space, a fraction, a word, and --offset with --now, with the usage', { timeout: 60_000 }, async () => {
    const cases: [string[], RegExp][] = [
      [['--offset', '-3600'], /'--offset' argument is ambiguous/],
      [['--offset=1.5'], /--offset must be a whole number of seconds, got 1\.5/],
      [['--offset=1h'], /--offset must be a whole number of seconds, got 1h/],
      [['--offset='], /--offset must be a whole number of seconds, got $/m],
      [['--offset=60', '--now', '2026-11-25T15:00:00+03:00'], /give --now or --offset, not both/],
    ];
    for (const [args, message] of cases) {
      const { code, stderr } = await refuse(args);
      assert.equal(code, 2, `${args.join(' ')}: ${stderr}`);
      assert.match(stderr, message, args.join(' '));
      assert.match(stderr, /usage: reference\/cli\.ts .*--offset=SECONDS/, 'the usage shows the = form');
    }
  });

  it('refuses --tls-ca without --tls-cert and --tls-key, and a certificate file it cannot read, with the usage', { timeout: 40_000 }, async () => {
    const cases: [string[], RegExp][] = [
      [['--tls-ca', 'tests/tls/ca.crt'], /--tls-cert and --tls-key go together/],
      [['--tls-cert', 'tests/tls/none.crt', '--tls-key', 'tests/tls/server.key'], /--tls-cert: cannot read tests\/tls\/none\.crt \(ENOENT\)/],
    ];
    for (const [args, message] of cases) {
      const { code, stderr } = await refuse(args);
      assert.equal(code, 2, `${args.join(' ')}: ${stderr}`);
      assert.match(stderr, message, args.join(' '));
      assert.match(stderr, /--tls-cert FILE --tls-key FILE \[--tls-ca FILE\]/);
    }
  });
});
