/**
 * A worker thread of the mutation run: judges the reference with the faults the main
 * thread sends, one at a time, with every finding source (scenarios, and properties with the
 * job's runs and seed) over one shared Playwright request context and one undici agent.
 */
import { parentPort } from 'node:worker_threads';
import { request } from '@playwright/test';
import { playwrightTransport } from '../../src/client/playwright.ts';
import { undiciTransport } from '../../src/client/undici.ts';
import { runContext } from '../../src/profile/context.ts';
import { findingSources } from './sources.ts';
import { judgeReference } from './verdict.ts';
import type { FromWorker, ToWorker } from './pool.ts';

const port = parentPort!;
const post = (message: FromWorker): void => port.postMessage(message);

const ctx = runContext();
// Each source sends as its Playwright suite does: the scenarios over Playwright's request
// context, the properties over undici (`npm run bench`: more than twice as fast).
const undici = undiciTransport(ctx.timeoutMs);
const api = await request.newContext();
const client = { transport: playwrightTransport(api, ctx.timeoutMs), ctx };

port.on('message', (message: ToWorker) => {
  if (message.kind === 'stop') {
    Promise.allSettled([api.dispose(), undici.close()]).finally(() => port.close());
    return;
  }
  judgeReference(message.fault, findingSources(message.properties, undici), client).then(
    (verdict) => post({ kind: 'verdict', job: message.job, verdict }),
    (err: unknown) => post({ kind: 'failed', job: message.job, reason: err instanceof Error ? err.stack ?? err.message : String(err) }),
  );
});
post({ kind: 'ready' });
