/**
 * The property suites (DESIGN principle 5): per operation and format, generated valid
 * requests are accepted; per request-side rule, operation and format, that rule's
 * violations are rejected; per operation, a logical request gets the same outcome as JSON
 * and as XML. Each property is one test, titled with its rule ID, and runs through
 * fc.check with the scenarios' send, judge() and record(). OCS_RUNS sets the runs per
 * property (default 25), OCS_SEED fixes the seed, OCS_PATH replays a counterexample.
 */
import { test, type TestInfo } from '@playwright/test';
import fc from 'fast-check';
import { FORMATS, loadErrors, type Format, type Operation } from '../src/contract/load.ts';
import { decodeResponse, encodeRequest } from '../src/codec/index.ts';
import { undiciTransport, type ClosableTransport } from '../src/client/undici.ts';
import { guarded, TransportError, wireRequest, type Transport } from '../src/client/transport.ts';
import { errorFindings, judge } from '../src/checks/judge.ts';
import { findErrorNumber } from '../src/checks/error-number.ts';
import { ruleFinding } from '../src/checks/response.ts';
import { baseUrl, runContext, type RunContext } from '../src/profile/context.ts';
import { record } from '../src/report/record.ts';
import { curlLine } from '../src/report/evidence.ts';
import { budgetSpent, countAccepted } from '../src/runner/budget.ts';
import { MissingFixture } from '../src/scenario/build.ts';
import type { Expect } from '../src/scenario/load.ts';
import { validRequest, type GenContext, type Request } from '../generators/index.ts';
import { ALL_VIOLATORS, violation } from '../generators/violators/index.ts';
import { runProperty, type Part, type PropertyRun, type Trial } from '../generators/property.ts';
import { acceptRules } from '../generators/accepts.ts';

const RUNS = Number(process.env.OCS_RUNS ?? 25);
const SEED = process.env.OCS_SEED === undefined ? undefined : Number(process.env.OCS_SEED);
const PATH = process.env.OCS_PATH;

const SUCCESS: Record<Operation, string> = { change_receiver: 'RSP-RECEIVER-SUCCESS', change_pickup: 'RSP-PICKUP-SUCCESS' };

/** A generated request with what the target must do with it, and the rules that judge it. */
interface Sent { request: Request; rules: string[]; expect: Expect }

/**
 * A valid request is judged on the accept side of the rules it exercises (a list of three,
 * a string at its limit), so a refusal of the shrunk request blames the limit it needed;
 * the plainest request is judged on the operation's success rule.
 */
const accepted = (op: Operation) => (request: Request): Sent => {
  const rules = acceptRules(op, request);
  return { request, rules: rules.length ? rules : [SUCCESS[op]], expect: 'accepted' };
};

// undici, not the `request` fixture: `npm run bench` measures the harness faster over it.
// The breaker of guarded() ends a run against an unreachable target in seconds.
let undici: ClosableTransport | undefined;
let transport: Transport | undefined;
function sender(ctx: RunContext): Transport {
  if (!transport) transport = guarded(undici = undiciTransport(ctx.timeoutMs));
  return transport;
}
test.afterAll(async () => {
  await undici?.close();
  undici = transport = undefined;
});

async function exchange(ctx: RunContext, op: Operation, format: Format, s: Sent): Promise<Part & { broken: boolean }> {
  const wire = wireRequest(ctx.profile, baseUrl(), op, format, encodeRequest(format, s.request));
  const sentAt = new Date();
  try {
    const response = await sender(ctx).send(wire);
    if (response.status === 200) countAccepted();
    const findings = judge({ case: { operation: op, rules: s.rules, expect: s.expect }, format, request: s.request, response, sentAt }, ctx.profile);
    return { format, findings, exchange: { request: wire, response }, broken: false };
  } catch (err) {
    if (!(err instanceof TransportError)) throw err;
    return { format, findings: errorFindings(s.rules, `transport: ${err.message}`), exchange: { request: wire }, broken: true };
  }
}

/** Why a request the target may accept is not sent: safety.maxAccepted is used up. */
const unsent = (ctx: RunContext, s: Sent): string | undefined =>
  (s.expect === 'accepted' ? budgetSpent(ctx.profile.safety?.maxAccepted) : undefined);

const single = (op: Operation, format: Format) => async (s: Sent): Promise<Trial> => {
  const ctx = runContext();
  const spent = unsent(ctx, s);
  if (spent) return { parts: [], unsent: spent };
  const part = await exchange(ctx, op, format, s);
  return { parts: [part], broken: part.broken };
};

/** Accepted, or rejected with the documented error numbers of the operation found in the body. */
function outcome(op: Operation, part: Part, ctx: RunContext): string {
  const res = part.exchange?.response;
  if (!res) return 'no response';
  if (res.status !== 400) return res.status === 200 ? 'accepted' : `HTTP ${res.status}`;
  const decoded = decodeResponse(part.format, op, res.body);
  const codes = loadErrors().filter((e) => e.operation === op && decoded.format !== undefined
    && findErrorNumber(decoded.value, e.code, ctx.profile.responses?.errorCodePath)).map((e) => e.code);
  return `rejected${codes.length ? ` with ${codes.join(', ')}` : ''}`;
}

/** DESIGN principle 4: the XML path answers a logical request as the JSON path does. */
const parity = (op: Operation) => async (s: Sent): Promise<Trial> => {
  const ctx = runContext();
  const spent = unsent(ctx, s);
  if (spent) return { parts: [], unsent: spent };
  const json = await exchange(ctx, op, 'json', s);
  const xml = await exchange(ctx, op, 'xml', s);
  if (json.broken || xml.broken) return { parts: [json, xml], broken: true };
  const [a, b] = [outcome(op, json, ctx), outcome(op, xml, ctx)];
  const same = ruleFinding(s.rules[0]!, a === b ? 'pass' : 'fail', { expected: `the outcome of the JSON path: ${a}`, received: `on the XML path: ${b}` });
  return { parts: [json, { ...xml, findings: [...xml.findings, same] }] };
};

/**
 * Valid requests, valid requests for the profile's orders whose state answers a documented
 * error, and every two-format violation: a third of the runs each.
 */
function parityCases(op: Operation, g: GenContext): fc.Arbitrary<Sent> {
  const orders = g.profile.fixtures.orders;
  const valid = validRequest(op, g);
  const errors = loadErrors().flatMap((e) => {
    const orderID = orders[e.fixture.replace(/^orders\./, '')];
    return e.operation === op && orderID ? [valid.map((r): Sent => ({ request: { ...r, orderID }, rules: [e.rule], expect: { error: e.code } }))] : [];
  });
  const violations = ALL_VIOLATORS.filter((v) => v.operations.includes(op) && v.formats.length === 2).flatMap((v) => {
    try {
      return [violation(op, v, g, FORMATS).map((request): Sent => ({ request, rules: [v.rule], expect: 'rejected' }))];
    } catch (err) {
      if (err instanceof MissingFixture) return [];
      throw err;
    }
  });
  const share = Math.max(1, violations.length);
  return fc.oneof(
    { arbitrary: valid.map(accepted(op)), weight: share },
    ...errors.map((arbitrary) => ({ arbitrary, weight: Math.max(1, Math.round(share / errors.length)) })),
    ...violations.map((arbitrary) => ({ arbitrary, weight: 1 })),
  );
}

/** The minimal request, its replay, and where it came from: printed, attached, and put in the error. */
function counterexampleText(info: TestInfo, ctx: RunContext, run: PropertyRun<Sent>): string {
  const replay = `OCS_SEED=${run.seed} OCS_PATH=${run.path ?? ''} npx playwright test suites/properties.spec.ts -g '${info.title.replace(/[[\]]/g, '\\$&')}'`;
  const parts = run.failure && 'parts' in run.failure ? run.failure.parts : [];
  return ctx.mask([
    `Property failed after ${run.numRuns} run(s) and ${run.numShrinks} shrink(s): seed ${run.seed}, path ${run.path ?? '(none)'}.`,
    `Replay: ${replay}`,
    'Shrunk minimal request:',
    JSON.stringify(run.counterexample?.request, null, 2),
    ...parts.filter((p) => p.exchange).map((p) => `curl (${p.format}): ${curlLine(p.exchange!.request, ctx.secrets)}`),
  ].join('\n'));
}

/**
 * Runs one property and records it as the scenarios record a case: the merged findings of
 * its runs when it holds, the shrunk counterexample's findings and evidence when it fails.
 */
async function property(info: TestInfo, rules: string[], format: Format, build: (g: GenContext) => fc.Arbitrary<Sent>, trial: (s: Sent) => Promise<Trial>): Promise<void> {
  test.setTimeout(60_000 + RUNS * 250);
  const ctx = runContext();
  let arbitrary: fc.Arbitrary<Sent>;
  try {
    arbitrary = build({ profile: ctx.profile, now: new Date() });
  } catch (err) {
    if (!(err instanceof MissingFixture)) throw err;
    await record(info, ctx, format, rules.map((rule) => ({ rule, level: 'INFO', verdict: 'skip', title: err.message })));
    test.skip(true, err.message);
    return;
  }
  const run = await runProperty(arbitrary, trial, { numRuns: RUNS, seed: SEED, path: PATH });
  if (!run.failed) {
    if (run.stopped && run.merged.length === 0) {
      await record(info, ctx, format, rules.map((rule) => ({ rule, level: 'INFO', verdict: 'skip', title: run.stopped! })));
      test.skip(true, run.stopped);
    }
    if (run.stopped) info.annotations.push({ type: 'note', description: `stopped before ${RUNS} runs: ${run.stopped}` });
    for (const part of run.merged) await record(info, ctx, part.format, part.findings);
    return;
  }
  const text = counterexampleText(info, ctx, run);
  await info.attach('property counterexample', { body: text, contentType: 'text/plain' });
  let thrown: unknown = run.failure && 'error' in run.failure ? run.failure.error : undefined;
  for (const part of run.failure && 'parts' in run.failure ? run.failure.parts : []) {
    try {
      await record(info, ctx, part.format, part.findings, part.exchange);
    } catch (err) {
      thrown ??= err;
    }
  }
  const err = thrown instanceof Error ? thrown : new Error(`the property failed without a failing finding: ${String(thrown)}`);
  err.message = `${text}\n\n${err.message}`;
  throw err;
}

const annotate = (rules: string[], source: string) => ({ annotation: [{ type: 'rules', description: rules.join(' ') }, { type: 'property', description: source }] });

for (const op of ['change_receiver', 'change_pickup'] as const) {
  test.describe(op, () => {
    for (const format of ['json', 'xml'] as const) {
      const rules = [SUCCESS[op]];
      test(`${SUCCESS[op]} [${format}] property: generated valid ${op} requests are accepted`, annotate(rules, 'generators/index.ts validRequest'), async ({}, info) => {
        await property(info, rules, format, (g) => validRequest(op, g).map(accepted(op)), single(op, format));
      });
    }
    for (const v of ALL_VIOLATORS.filter((x) => x.operations.includes(op))) {
      for (const format of v.formats) {
        const rules = [v.rule];
        test(`${v.rule} [${format}] property: ${op} violations are rejected`, annotate(rules, `generators/violators (${v.rule})${v.why ? `; ${format} only: ${v.why}` : ''}`), async ({}, info) => {
          await property(info, rules, format, (g) => violation(op, v, g, [format]).map((request) => ({ request, rules, expect: 'rejected' })), single(op, format));
        });
      }
    }
    const rules = [SUCCESS[op]];
    test(`${SUCCESS[op]} [xml] property: a ${op} request gets the same outcome as JSON and as XML`, annotate(rules, 'parity'), async ({}, info) => {
      await property(info, rules, 'xml', (g) => parityCases(op, g), parity(op));
    });
  });
}
