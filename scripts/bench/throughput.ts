/**
 * How many requests per second the harness sustains in a property run (generate + encode +
 * send + judge) against raw undici sending the same requests, byte for byte. Two measurements,
 * each in alternating rounds with medians, so a slow moment of the machine favours no side:
 *
 * - As a run sends, the one the issue-20 goal (at least 0.8) applies to: the reference in its
 *   own process, the valid-request properties run by suites/steps.ts runSteps with a default
 *   run's worker's requests in flight, raw undici with as many in flight. Generation then
 *   overlaps the target's work and the network wait, as in `npm start` and against a vendor.
 * - One process, one request at a time: the embedded reference, the harness (over undici and
 *   over Playwright's request context) and raw undici share one thread, so the ratio is the
 *   share of a request's CPU time the reference takes; worth showing, it is the harness's
 *   CPU cost per request, but no run sends that way. It chose the transport of suites/steps.ts.
 *
 * BENCH_RUNS (requests per measurement, default 1600), BENCH_ROUNDS (default 7) and
 * BENCH_WARM_UP (rounds of each side before the measured ones, as a run sends; default 5) tune it.
 */
import { subscribe } from 'node:diagnostics_channel';
import { request as playwright } from '@playwright/test';
import { Agent, request, type Dispatcher } from 'undici';
import { startReference } from '../../reference/server.ts';
import { FORMATS, OPERATIONS } from '../../src/contract/load.ts';
import { runContext, type RunContext } from '../../src/runner/context.ts';
import { playwrightTransport } from '../../src/client/playwright.ts';
import { undiciTransport } from '../../src/client/undici.ts';
import type { Transport, WireRequest } from '../../src/client/transport.ts';
import { referenceDefaults } from '../../src/profile/target.ts';
import { workerPlan } from '../../src/runner/concurrency.ts';
import { eachLimited, limiter } from '../../src/runner/limit.ts';
import type { Step } from '../../src/runner/units.ts';
import { checkProperty, PROPERTIES, type PropertyDef } from '../../generators/suite.ts';
import { closeWorker, runSteps } from '../../suites/steps.ts';
import { startChildReference } from './child-reference.ts';
import { median } from './stats.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 1600);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const SEED = 20261121;
const TIMEOUT_MS = 10_000;
const WARM_UP_RUNS = 20;
/**
 * Rounds of each side, unmeasured, before the goal's measurement: V8 compiles the harness's
 * many code paths (drawing, encoding, judging) over thousands of requests, raw undici's few
 * over dozens; a deep run, which the goal is about, sends hundreds of thousands. The harness's
 * CPU per request, printed by round, falls for five or six rounds of 1,600 (from about 600 µs
 * to about 300 in issue 20's last session) and then holds.
 */
const WARM_UP_ROUNDS = Number(process.env.BENCH_WARM_UP ?? 5);

/**
 * Responses finished by HTTP servers in this process: in the one-at-a-time measurement only the
 * embedded reference serves here, so this counts the requests the harness actually sent.
 */
const servedHere = ((): (() => number) => {
  let served = 0;
  subscribe('http.server.response.finish', () => { served++; });
  return () => served;
})();

/**
 * The requests in flight over undici in this process, averaged over the time between begin() and
 * end(): what the harness actually kept in flight (its pace starts below its cap and grows with
 * the target's answers, and drawing can fall behind sending), so that raw undici is measured at
 * the same number. Counted from undici's diagnostics channels: a request is in flight from its
 * creation to its end (the channel named for trailers is published when a response completes,
 * trailers or not) or its error.
 */
class InFlightMeter {
  private now = 0;
  private area = 0;
  private since = 0;
  private from = 0;
  private on = false;

  constructor() {
    const change = (by: number) => (): void => {
      if (this.on) this.account();
      this.now += by;
    };
    subscribe('undici:request:create', change(1));
    subscribe('undici:request:trailers', change(-1));
    subscribe('undici:request:error', change(-1));
  }

  begin(): void {
    this.on = true;
    this.area = 0;
    this.since = this.from = performance.now();
  }

  /** The mean number in flight since begin(). */
  end(): number {
    this.account();
    this.on = false;
    return this.area / Math.max(1, this.since - this.from);
  }

  private account(): void {
    const t = performance.now();
    this.area += this.now * (t - this.since);
    this.since = t;
  }
}

/** The properties `npm start` runs for valid requests: one per operation and format. */
const VALID = PROPERTIES.filter((p) => p.source === 'generators/index.ts validRequest');
const PER_KIND = Math.max(1, Math.round(RUNS / (OPERATIONS.length * FORMATS.length)));

/** Raw undici's Agent: the settings of src/client/undici.ts, which the harness sends with. */
const rawAgent = (): Agent => new Agent({ keepAliveTimeout: 10_000, keepAliveMaxTimeout: 60_000 });

/** Raw undici over kept-alive connections, `inFlight` at a time: send, read the body, nothing else. */
async function raw(dispatcher: Dispatcher, bodies: readonly WireRequest[], inFlight: number): Promise<number> {
  const started = performance.now();
  await eachLimited(bodies, inFlight, async (b) => {
    const res = await request(b.url, { dispatcher, method: b.method as Dispatcher.HttpMethod, headers: b.headers, body: b.bytes ?? b.body });
    await res.body.text();
  });
  return bodies.length / ((performance.now() - started) / 1000);
}

const passed = (title: string): never => {
  throw new Error(`${title} did not pass against the reference: the benchmark measures nothing`);
};

/**
 * The requests the valid properties send with this seed and these runs, recorded as they are
 * sent (fc.sample would draw other values than the properties' fc.check): raw undici sends
 * these bytes, and their number is what a pass of the same properties sends.
 */
async function record(url: string, ctx: RunContext, runs: number, inFlight: number): Promise<WireRequest[]> {
  const sender = undiciTransport(TIMEOUT_MS);
  const bodies: WireRequest[] = [];
  const recording: Transport = { send: (req) => { bodies.push(req); return sender.send(req); } };
  try {
    for (const p of VALID) {
      const outcome = await checkProperty(p, { url, transport: recording, ctx }, { numRuns: runs, seed: SEED, limit: limiter(inFlight), ahead: inFlight });
      if (outcome.kind !== 'run' || outcome.run.failed) passed(p.title);
    }
  } finally {
    await sender.close();
  }
  return bodies;
}

/** Alternating rounds (each starts with another measurement), after one warm-up of each. */
async function rounds(measures: Record<string, () => Promise<number>>, warmUp: (() => Promise<unknown>)[]): Promise<Record<string, number[]>> {
  for (const w of warmUp) await w();
  const names = Object.keys(measures);
  const samples: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < names.length; i++) {
      const name = names[(round + i) % names.length]!;
      samples[name]!.push(await measures[name]!());
    }
  }
  return samples;
}

function print(samples: Record<string, number[]>): Record<string, number> {
  const m = Object.fromEntries(Object.entries(samples).map(([n, xs]) => [n, median(xs)]));
  for (const [n, xs] of Object.entries(samples)) console.log(`  ${n.padEnd(44)} ${m[n]!.toFixed(0).padStart(6)}   (rounds: ${xs.map((x) => x.toFixed(0)).join(', ')})`);
  return m;
}

/** The goal's measurement: the reference in its own process, requests in flight on both sides. */
async function asRunSends(base: RunContext): Promise<void> {
  const meter = new InFlightMeter();
  // A default run's worker's share of the requests in flight, as playwright.config.ts works it out.
  const inFlight = workerPlan(base.profile.safety).inFlight;
  const ctx: RunContext = { ...base, inFlight };
  const reference = await startChildReference();
  const steps = VALID.map((p): Step<PropertyDef> => ({ kind: 'property', title: p.title, rules: p.rules, format: p.format, property: p }));
  const dispatcher = rawAgent();
  try {
    const bodies = await record(reference.url, ctx, PER_KIND, inFlight);
    /**
     * The valid properties as a run's test runs its steps: runSteps, its transport, cap and
     * prefetch. Its rate is of the requests the reference served while it ran, what runSteps
     * sent, not what the recording expects; raw undici sends exactly `bodies`, each one awaited.
     */
    // The harness's CPU time per request served, each round: it levels off once V8 has compiled its paths.
    const cpu: number[] = [];
    // The harness's mean requests in flight, each round; raw undici sends at their median so far.
    const held: number[] = [];
    const matched = (): number => Math.max(1, Math.round(held.length ? median(held) : inFlight));
    const harness = async (runs: number): Promise<number> => {
      const before = await reference.served();
      const started = performance.now();
      const used = process.cpuUsage();
      meter.begin();
      const results = await runSteps(steps, ctx, reference.url, { runs, seed: SEED });
      held.push(meter.end());
      const seconds = (performance.now() - started) / 1000;
      const { user, system } = process.cpuUsage(used);
      for (const r of results) if (r.thrown !== undefined || r.property || r.skipped) passed(r.step.title);
      const served = (await reference.served()) - before;
      cpu.push((user + system) / served);
      return served / seconds;
    };
    const samples = await rounds(
      { 'harness (suites/steps.ts runSteps)': () => harness(PER_KIND), 'raw undici, the same bytes and in flight': () => raw(dispatcher, bodies, matched()) },
      Array.from({ length: WARM_UP_ROUNDS }, () => [() => harness(PER_KIND), () => raw(dispatcher, bodies, matched())]).flat(),
    );
    console.log(`Throughput as a run sends (the goal's measurement): the reference in its own process, at most ${inFlight} requests in flight`
      + ` (a default run's worker's share), raw undici at as many as the harness kept in flight (${matched()}, the median of its rounds' means), requests per second,`
      + ` median of ${ROUNDS} alternating rounds of ${bodies.length} requests (valid requests, both operations, JSON and XML) after ${WARM_UP_ROUNDS} unmeasured rounds of each:`);
    const [h, r] = Object.values(print(samples)) as [number, number];
    const [hs, rs] = Object.values(samples) as [number[], number[]];
    // Each round measures both sides back to back, so its ratio is taken in one moment of the machine.
    const ratios = hs.map((x, i) => x / rs[i]!);
    console.log(`  harness CPU per request, µs, by round        ${cpu.map((x) => x.toFixed(0)).join(', ')}   (warm-up rounds first)`);
    console.log(`  harness's mean requests in flight, by round  ${held.map((x) => x.toFixed(0)).join(', ')}   (warm-up rounds first)`);
    console.log(`  ratio of the medians                         ${(h / r).toFixed(2)}`);
    console.log(`  harness over undici / raw undici             ${median(ratios).toFixed(2)}   (median of the rounds' ratios: ${ratios.map((x) => x.toFixed(2)).join(', ')}; issue 20's goal: at least 0.8)`);
  } finally {
    await closeWorker();
    await dispatcher.close();
    await reference.close();
  }
}

/** The harness's CPU cost per request: one thread for everything, one request at a time. */
async function oneAtATime(ctx: RunContext): Promise<void> {
  const reference = await startReference();
  const viaUndici = undiciTransport(TIMEOUT_MS);
  const context = await playwright.newContext();
  const viaPlaywright = playwrightTransport(context, TIMEOUT_MS);
  const dispatcher = rawAgent();
  try {
    // Recorded sending one at a time, as the measurement sends.
    const bodies = await record(reference.url, ctx, PER_KIND, 1);
    const harness = async (transport: Transport, runs = PER_KIND): Promise<number> => {
      const before = servedHere();
      const started = performance.now();
      for (const p of VALID) {
        const outcome = await checkProperty(p, { url: reference.url, transport, ctx }, { numRuns: runs, seed: SEED });
        if (outcome.kind !== 'run' || outcome.run.failed) passed(p.title);
      }
      return (servedHere() - before) / ((performance.now() - started) / 1000);
    };
    const samples = await rounds(
      {
        'harness, undici transport': () => harness(viaUndici),
        'harness, Playwright request context': () => harness(viaPlaywright),
        'raw undici, the same bytes': () => raw(dispatcher, bodies, 1),
      },
      [() => harness(viaUndici, WARM_UP_RUNS), () => harness(viaPlaywright, WARM_UP_RUNS), () => raw(dispatcher, bodies, 1)],
    );
    console.log(`The harness's CPU cost per request (not the goal: one process holds the embedded reference, the harness and raw undici,`
      + ` one request at a time, so the harness's CPU time adds to the reference's), requests per second, median of ${ROUNDS} alternating rounds of ${bodies.length} requests:`);
    const [viaU, viaP, rawU] = Object.values(print(samples)) as [number, number, number];
    console.log(`  one at a time: harness over undici / raw undici      ${(viaU / rawU).toFixed(2)}`);
    console.log(`  one at a time: harness over Playwright / raw undici  ${(viaP / rawU).toFixed(2)}`);
    console.log(`  harness over undici / harness over Playwright        ${(viaU / viaP).toFixed(2)}`);
  } finally {
    await viaUndici.close();
    await context.dispose();
    await dispatcher.close();
    await reference.close();
  }
}

export async function throughput(): Promise<void> {
  // runContext() reads the profile and credentials from the environment, as a test worker does.
  Object.assign(process.env, referenceDefaults(process.env));
  const ctx = runContext();
  await asRunSends(ctx);
  await oneAtATime(ctx);
}
