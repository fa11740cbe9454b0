/**
 * The reference in a process of its own, started as `npm run reference` starts it: a run's
 * target never shares the sending worker's thread (`npm start` serves the embedded reference
 * from Playwright's main process, a vendor's target is another machine), so a bench that
 * puts both in one thread adds the harness's CPU time to the target's.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const START_TIMEOUT_MS = 30_000;

export interface ChildReference { url: string; close(): Promise<void> }

export async function startChildReference(): Promise<ChildReference> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'reference/cli.ts', '--port', '0'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = once(child, 'exit');
  let out = '';
  let timer: NodeJS.Timeout | undefined;
  try {
    const url = await new Promise<string>((resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`the reference did not say where it listens within ${START_TIMEOUT_MS} ms`)), START_TIMEOUT_MS);
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const line = /^listening (http:\/\/127\.0\.0\.1:\d+)$/m.exec(out);
        if (line) resolve(line[1]!);
      });
      void exited.then(([code]) => reject(new Error(`the reference exited (${String(code)}) before listening: ${out}`)));
    });
    return {
      url,
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
