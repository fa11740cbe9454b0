/**
 * A distant target: the embedded reference behind the bench's proxy (scripts/bench/proxy.ts)
 * on 127.0.0.1, which holds every request `delayMs` before passing it on and counts the
 * requests it has seen, so a test can stop a run once it is under way. With `hangAfter`,
 * every request past that many is never answered: a stop must not wait for them.
 */
import { startReference } from '../../reference/server.ts';
import { startProxy } from '../../scripts/bench/proxy.ts';

export interface SlowTarget { url: string; seen(): number; close(): Promise<void> }

export async function slowTarget(delayMs: number, { hangAfter = Infinity } = {}): Promise<SlowTarget> {
  const reference = await startReference();
  const proxy = await startProxy(reference.url, delayMs, { hangAfter });
  return {
    url: proxy.url,
    seen: proxy.received,
    async close() {
      await proxy.close();
      await reference.close();
    },
  };
}
