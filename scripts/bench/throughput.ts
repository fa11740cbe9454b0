/**
 * How many requests per second the harness sustains in a property run (generate + encode +
 * send + judge), over undici and over Playwright's request context, against raw undici
 * sending the same requests pre-encoded. One process, one embedded reference; the three
 * measurements alternate over several rounds and the medians are reported, so a slow moment
 * of the machine does not favour one of them. It chose the transport of
 * the property steps of suites/conformance.spec.ts. BENCH_RUNS (requests per measurement, default 400) and
 * BENCH_ROUNDS (default 5) tune it.
 */
import { request as playwright } from '@playwright/test';
import { Agent, request, type Dispatcher } from 'undici';
import { startReference } from '../../reference/server.ts';
import { FORMATS, OPERATIONS, type Format, type Operation } from '../../src/contract/load.ts';
import { runContext } from '../../src/profile/context.ts';
import { playwrightTransport } from '../../src/client/playwright.ts';
import { undiciTransport } from '../../src/client/undici.ts';
import type { Transport, WireRequest } from '../../src/client/transport.ts';
import { referenceDefaults } from '../../src/cli/target.ts';
import { checkProperty, PROPERTIES } from '../../generators/suite.ts';
import { median } from './stats.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 400);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SEED = 20261121;
const TIMEOUT_MS = 10_000;

export async function throughput(): Promise<void> {
  const reference = await startReference();
  // runContext() reads the profile and credentials from the environment, as a test worker does.
  Object.assign(process.env, referenceDefaults(process.env));
  const ctx = runContext();
  const kinds: [Operation, Format][] = OPERATIONS.flatMap((op) => FORMATS.map((f): [Operation, Format] => [op, f]));
  const perKind = Math.max(1, Math.round(RUNS / kinds.length));
  /** The properties `npm start` runs for valid requests: one per operation and format. */
  const validProperties = PROPERTIES.filter((p) => p.source === 'generators/index.ts validRequest');

  /**
   * The valid-request properties, run as suites/steps.ts runs them, over `transport`, one
   * trial at a time: the concurrency raw undici sends at below.
   */
  async function harness(transport: Transport, runs = perKind): Promise<number> {
    let sent = 0;
    const counting: Transport = { send: (req) => { sent++; return transport.send(req); } };
    const started = performance.now();
    for (const p of validProperties) {
      const outcome = await checkProperty(p, { url: reference.url, transport: counting, ctx }, { numRuns: runs, seed: SEED });
      if (outcome.kind !== 'run' || outcome.run.failed) throw new Error(`${p.title} did not pass against the reference: the benchmark measures nothing`);
    }
    return sent / ((performance.now() - started) / 1000);
  }

  /** Raw undici over kept-alive connections: send, read the body, nothing else. */
  async function raw(dispatcher: Dispatcher): Promise<number> {
    const started = performance.now();
    for (const b of bodies) {
      const res = await request(b.url, { dispatcher, method: b.method as Dispatcher.HttpMethod, headers: b.headers, body: b.body });
      await res.body.text();
    }
    return bodies.length / ((performance.now() - started) / 1000);
  }

  const viaUndici = undiciTransport(TIMEOUT_MS);
  /**
   * The same requests, byte for byte: those the harness sends, recorded as it sends them
   * (fc.sample would draw other values than the properties' fc.check does).
   */
  const bodies: WireRequest[] = [];
  await harness({ send: (req) => { bodies.push(req); return viaUndici.send(req); } });
  const context = await playwright.newContext();
  const viaPlaywright = playwrightTransport(context, TIMEOUT_MS);
  const dispatcher = new Agent({ keepAliveTimeout: 10_000, keepAliveMaxTimeout: 60_000 });

  const measures: Record<string, () => Promise<number>> = {
    'harness, undici transport': () => harness(viaUndici),
    'harness, Playwright request context': () => harness(viaPlaywright),
    'raw undici, pre-encoded bodies': () => raw(dispatcher),
  };
  const names = Object.keys(measures);
  const samples: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));

  try {
    // Warm-up: JIT, connections and the reference's caches, counted nowhere.
    await harness(viaUndici, 20);
    await harness(viaPlaywright, 20);
    await raw(dispatcher);
    for (let round = 0; round < ROUNDS; round++) {
      // Each round starts with a different measurement, so none always runs first.
      for (let i = 0; i < names.length; i++) {
        const name = names[(round + i) % names.length]!;
        samples[name]!.push(await measures[name]!());
      }
    }
  } finally {
    await viaUndici.close();
    await context.dispose();
    await dispatcher.close();
    await reference.close();
  }

  const m = Object.fromEntries(names.map((n) => [n, median(samples[n]!)]));
  const [viaU, viaP, rawU] = names.map((n) => m[n]!) as [number, number, number];
  console.log(`Requests per second, median of ${ROUNDS} alternating rounds of ${bodies.length} requests (valid requests, both operations, JSON and XML):`);
  for (const n of names) console.log(`  ${n.padEnd(38)} ${m[n]!.toFixed(0).padStart(6)}   (rounds: ${samples[n]!.map((x) => x.toFixed(0)).join(', ')})`);
  console.log('Ratios:');
  console.log(`  harness over undici / raw undici             ${(viaU / rawU).toFixed(2)}`);
  console.log(`  harness over Playwright / raw undici         ${(viaP / rawU).toFixed(2)}`);
  console.log(`  harness over undici / harness over Playwright ${(viaU / viaP).toFixed(2)}`);
}
