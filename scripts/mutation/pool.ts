import { Worker } from 'node:worker_threads';
import type { PropertySettings } from './sources.ts';
import type { TargetVerdict } from './verdict.ts';

/**
 * One judgement: the reference with `fault` (undefined: the faithful one), its properties run
 * with `properties`, by the checks that name `focus` (undefined: every check).
 */
export interface Job { fault: string | undefined; properties: PropertySettings; focus?: string }

export type ToWorker = { kind: 'judge'; job: number } & Job | { kind: 'stop' };
export type FromWorker =
  | { kind: 'ready' }
  | { kind: 'verdict'; job: number; verdict: TargetVerdict }
  | { kind: 'failed'; job: number; reason: string };

const WORKER = new URL('./worker.ts', import.meta.url).href;
// A worker thread does not inherit `--import tsx`: it registers tsx itself, then loads the worker.
const BOOT = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(WORKER)}); });`;

// The run always judges the embedded reference: a vendor's target variables must not leak in
// (the main thread reads OCS_MUTATION_RUNS, OCS_RUNS and OCS_SEED and hands them over with each job).
const REFERENCE_ENV = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('OCS_')));

/**
 * Judges the reference once per job on `threads` worker threads (no more than jobs), each
 * taking the next job as soon as it is free. Answers the verdicts in job order; `onVerdict`
 * hears of each as it comes.
 */
export function judgeAll(jobs: Job[], threads: number, onVerdict?: (job: number, v: TargetVerdict) => void): Promise<TargetVerdict[]> {
  const verdicts: TargetVerdict[] = new Array(jobs.length);
  let next = 0;
  let done = 0;
  return new Promise((resolve, reject) => {
    const workers = Array.from({ length: threads }, () => new Worker(BOOT, { eval: true, env: REFERENCE_ENV }));
    const stopAll = (): Promise<number[]> => Promise.all(workers.map((w) => w.terminate()));
    // The job each worker holds: a worker that ends while holding one would leave the run waiting.
    const holding = new Map<Worker, number>();
    const give = (w: Worker): void => {
      if (next < jobs.length) {
        const job = next++;
        holding.set(w, job);
        w.postMessage({ kind: 'judge', job, ...jobs[job]! } satisfies ToWorker);
      } else w.postMessage({ kind: 'stop' } satisfies ToWorker);
    };
    for (const w of workers) {
      w.on('message', (m: FromWorker) => {
        if (m.kind === 'failed') {
          stopAll().finally(() => reject(new Error(`the mutation run broke on ${jobs[m.job]?.fault ?? 'the faithful reference'}: ${m.reason}`)));
          return;
        }
        if (m.kind === 'verdict') {
          holding.delete(w);
          verdicts[m.job] = m.verdict;
          onVerdict?.(m.job, m.verdict);
          if (++done === jobs.length) resolve(verdicts);
        }
        give(w);
      });
      w.on('error', (err) => stopAll().finally(() => reject(err)));
      w.on('exit', (code) => {
        const job = holding.get(w);
        if (job !== undefined) stopAll().finally(() => reject(new Error(`a worker thread ended (exit code ${code}) while judging ${jobs[job]?.fault ?? 'the faithful reference'}`)));
      });
    }
  });
}
