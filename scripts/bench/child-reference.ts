/**
 * The reference in a process of its own, started as `npm run reference` starts it: a run's
 * target never shares the sending worker's thread (`npm start` serves the embedded reference
 * from Playwright's main process, a vendor's target is another machine), so a bench that
 * puts both in one thread adds the harness's CPU time to the target's. It counts the requests
 * it has answered (`served`), so a rate is of requests actually sent, not of those expected.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { stopAtEnd } from './leftovers.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const START_TIMEOUT_MS = 30_000;

/** `served`: the responses the reference has finished, asked of it over IPC. */
export interface ChildReference { url: string; served(): Promise<number>; close(): Promise<void> }

/**
 * Loaded into the reference's process before it starts: counts finished HTTP responses through
 * node:diagnostics_channel and answers each IPC message with the count. The channel is unref'd,
 * so it never keeps the reference alive.
 */
const COUNTER = `data:text/javascript,${encodeURIComponent(`
  import { subscribe } from 'node:diagnostics_channel';
  let served = 0;
  subscribe('http.server.response.finish', () => { served++; });
  process.channel?.unref();
  process.on('message', () => process.send(served));
`)}`;

/** How long the reference has to say how many requests it served: it answers at once unless it hangs. */
const ASK_TIMEOUT_MS = 10_000;

/** The next count the child sends after asking it once. */
function ask(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    const done = (): void => {
      clearTimeout(timer);
      child.off('exit', onExit);
      child.off('message', onMessage);
    };
    const onExit = (): void => { done(); reject(new Error('the reference exited while the bench asked how many requests it served')); };
    const onMessage = (n: unknown): void => { done(); resolve(n as number); };
    const timer = setTimeout(() => { done(); reject(new Error(`the reference did not say how many requests it served within ${ASK_TIMEOUT_MS} ms`)); }, ASK_TIMEOUT_MS);
    child.once('exit', onExit);
    child.once('message', onMessage);
    child.send('served?');
  });
}

/** `args`: more of reference/cli.ts's options (`--tls-cert` and the like). */
export async function startChildReference(args: string[] = []): Promise<ChildReference> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', COUNTER, 'reference/cli.ts', '--port', '0', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  const exited = once(child, 'exit');
  // A bench ended by SIGTERM or an error would otherwise leave the reference listening.
  const ended = stopAtEnd(() => child.kill('SIGKILL'));
  void exited.then(ended);
  let out = '';
  let timer: NodeJS.Timeout | undefined;
  try {
    const url = await new Promise<string>((resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`the reference did not say where it listens within ${START_TIMEOUT_MS} ms`)), START_TIMEOUT_MS);
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const line = /^listening (https?:\/\/127\.0\.0\.1:\d+)$/m.exec(out);
        if (line) resolve(line[1]!);
      });
      void exited.then(([code]) => reject(new Error(`the reference exited (${String(code)}) before listening: ${out}`)));
    });
    return {
      url,
      served: () => ask(child),
      async close() {
        child.kill('SIGTERM');
        await exited;
      },
    };
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  } finally {
    clearTimeout(timer);
  }
}
