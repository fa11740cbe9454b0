/**
 * A worker thread of the mutation run: judges the reference with the faults the main
 * thread sends, one at a time, over one shared Playwright request context.
 */
import { parentPort } from 'node:worker_threads';
import { request } from '@playwright/test';
import { playwrightTransport } from '../../src/client/playwright.ts';
import { runContext } from '../../src/profile/context.ts';
import { findingSources } from './sources.ts';
import { judgeReference } from './verdict.ts';
import type { FromWorker, ToWorker } from './pool.ts';

const port = parentPort!;
const post = (message: FromWorker): void => port.postMessage(message);

const ctx = runContext();
const sources = findingSources();
const api = await request.newContext();
const client = { transport: playwrightTransport(api, ctx.timeoutMs), ctx };

port.on('message', (message: ToWorker) => {
  if (message.kind === 'stop') {
    api.dispose().finally(() => port.close());
    return;
  }
  judgeReference(message.fault, sources, client).then(
    (verdict) => post({ kind: 'verdict', job: message.job, verdict }),
    (err: unknown) => post({ kind: 'failed', job: message.job, reason: err instanceof Error ? err.stack ?? err.message : String(err) }),
  );
});
post({ kind: 'ready' });
