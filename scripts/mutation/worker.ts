/**
 * A worker thread of the mutation run: judges the reference with the faults the main thread
 * sends, one at a time, with every finding source (scenarios, and properties with the job's runs
 * and seed), over the transport the suite sends with (src/client/undici.ts), a new one per
 * target: what a transport learns of a target (its latencies, a stall on kept connections) must
 * not carry over to the next.
 */
import { parentPort } from 'node:worker_threads';
import { runContext } from '../../src/runner/context.ts';
import { findingSources } from './sources.ts';
import { judgeReference } from './verdict.ts';
import type { FromWorker, ToWorker } from './pool.ts';

const port = parentPort!;
const post = (message: FromWorker): void => port.postMessage(message);

const ctx = runContext();

port.on('message', (message: ToWorker) => {
  if (message.kind === 'stop') {
    port.close();
    return;
  }
  judgeReference(message.fault, findingSources(message.properties, message.focus), ctx).then(
    (verdict) => post({ kind: 'verdict', job: message.job, verdict }),
    (err: unknown) => post({ kind: 'failed', job: message.job, reason: err instanceof Error ? err.stack ?? err.message : String(err) }),
  );
});
post({ kind: 'ready' });
