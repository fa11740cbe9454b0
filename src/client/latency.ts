/**
 * How long the target takes to answer, kept per endpoint (operation × format) and outcome in
 * fixed-size histograms (src/client/histogram.ts), so memory stays the same whether a process
 * sends a hundred requests or a million. Each worker process keeps its own; the test that sent
 * the requests takes them with its findings (src/report/record.ts) and the conformance reporter
 * adds them up, across workers and across the shards of a merged run. Nothing judges them: the
 * spec states no time limit.
 */
import { FORMATS, OPERATIONS, type Format, type Operation } from '../contract/load.ts';
import { Histogram, type HistogramData } from './histogram.ts';
import { TransportError, type Transport } from './transport.ts';

/** accepted: HTTP 200; rejected: HTTP 400; other: any other status; error: no answer (refused, reset, timed out, cut short, misframed). */
export type LatencyOutcome = 'accepted' | 'rejected' | 'error' | 'other';
export const LATENCY_OUTCOMES: readonly LatencyOutcome[] = ['accepted', 'rejected', 'other', 'error'];

/** One endpoint's times for one outcome, as JSON: to the whole answer (or to the failure), and to the first byte when the transport tells it. */
export interface LatencyData { operation: Operation; format: Format; outcome: LatencyOutcome; whole: HistogramData; firstByte?: HistogramData }

interface Kept { whole: Histogram; firstByte: Histogram }

/** This process's histograms since they were last taken, by `operation|format|outcome`. */
const kept = new Map<string, Kept>();

const statusOutcome = (status: number): LatencyOutcome => (status === 200 ? 'accepted' : status === 400 ? 'rejected' : 'other');

const ENDPOINT = new RegExp(`/(${OPERATIONS.join('|')})\\.(${FORMATS.join('|')})(?:[?#]|$)`);

/** The operation and format a URL's path names; none for another path (it is not an endpoint of the spec). */
function endpointOf(url: string): [Operation, Format] | undefined {
  const m = ENDPOINT.exec(url);
  return m ? [m[1] as Operation, m[2] as Format] : undefined;
}

/** The keys of a URL's endpoint by outcome, or null for a URL that names none: a run sends to a handful of URLs, each read once. */
const keysOf = new Map<string, Record<LatencyOutcome, string> | null>();

function keysOfUrl(url: string): Record<LatencyOutcome, string> | null {
  let keys = keysOf.get(url);
  if (keys === undefined) {
    const endpoint = endpointOf(url);
    const prefix = endpoint?.join('|');
    keys = prefix === undefined ? null : Object.fromEntries(LATENCY_OUTCOMES.map((o) => [o, `${prefix}|${o}`])) as Record<LatencyOutcome, string>;
    if (keysOf.size < 256) keysOf.set(url, keys);
  }
  return keys;
}

function keep(url: string, outcome: LatencyOutcome, ms: number, firstByteMs?: number): void {
  const keys = keysOfUrl(url);
  if (!keys) return;
  const key = keys[outcome];
  let k = kept.get(key);
  if (!k) kept.set(key, (k = { whole: new Histogram(), firstByte: new Histogram() }));
  k.whole.record(ms);
  if (firstByteMs !== undefined) k.firstByte.record(firstByteMs);
}

/**
 * Keeps the time of every request `transport` sends: an answer's own `ms` and `firstByteMs`
 * (measured by the client), and for a transport failure the time until it failed. It wraps the
 * client itself (src/runner/transport.ts), below the rate cap, the 429 waits and the breaker: a
 * wait is not the target's time, and a request the breaker does not send is not counted.
 */
export function timed(transport: Transport): Transport {
  return {
    async send(request) {
      const started = performance.now();
      try {
        const response = await transport.send(request);
        keep(request.url, statusOutcome(response.status), response.ms, response.firstByteMs);
        return response;
      } catch (err) {
        if (err instanceof TransportError) keep(request.url, 'error', performance.now() - started);
        throw err;
      }
    },
  };
}

/** The histograms kept since the last call, emptied: a test takes those of the requests it sent. */
export function takeLatencies(): LatencyData[] {
  const taken = [...kept].map(([key, k]): LatencyData => {
    const [operation, format, outcome] = key.split('|') as [Operation, Format, LatencyOutcome];
    return { operation, format, outcome, whole: k.whole.toJSON(), ...(k.firstByte.count ? { firstByte: k.firstByte.toJSON() } : {}) };
  });
  kept.clear();
  return taken;
}
