/**
 * Requests judged beside others (DESIGN principle 11, docs/sequences.md): a sequence sent in
 * order (on one kept-alive connection, or each on a fresh one) and a burst sent together. Each
 * answer is judged as any is, on its own rules; and where it breaks a rule, it is held to the
 * same request alone on a fresh connection, its control (src/runner/controls.ts: taken after the
 * company, or before it where the company may change what the request gets): if alone it keeps
 * the rules it broke in company, the answer depended on the company, and SEQ-INDEPENDENT (in
 * order) or OVL-INDEPENDENT (together) fails instead, with both answers as evidence; for a
 * request judged on an identity rule, that rule fails (one identity answered as another's is
 * what the rule forbids, alone or not). A request that breaks its rules alone too breaks its own
 * rules: that is not the company's doing. Across a sequence, generated_at must move
 * (RSP-GENERATED-AT-MOVES).
 */
import type { Transport, WireResponse } from '../client/transport.ts';
import { FRESH } from '../client/connections.ts';
import { decodeResponse } from '../codec/index.ts';
import { failsTest, type Finding } from '../checks/finding.ts';
import { valueAtPath } from '../checks/error-number.ts';
import { excerpt, ruleFinding } from '../checks/response.ts';
import { generatedAtMoves, type Stamped } from '../checks/generated-at.ts';
import type { Part } from '../checks/part.ts';
import type { RunContext } from './context.ts';
import { sendAndJudge } from './send.ts';
import { controlKey, controlsFirst, type Controls, type Prepared } from './controls.ts';
import { sleepUnlessStopped } from './stop.ts';

export const SEQUENCE_RULE = 'SEQ-INDEPENDENT';
export const OVERLAP_RULE = 'OVL-INDEPENDENT';
/** The identity rules (contract/rules.yaml): a request judged on one is blamed on it, in company too. */
export const IDENTITY_RULES = ['IDN-OTHERS-ORDER', 'IDN-OWN-ORDER'];

export type { Prepared };

/** What an answer that depends on its company breaks: the request's identity rule, else the company's. */
const blamed = (p: Prepared, company: string): string => p.rules.find((r) => IDENTITY_RULES.includes(r)) ?? company;

/** What a sequence or burst yields: a part per request sent, in order; `unsent` when the budget stopped it. */
export interface Company { parts: Part[]; broken: boolean; unsent?: string }

/**
 * Rules the comparison with the request alone leaves out: the wire rules (a stall or a
 * misframed answer is judged where it happens) and the clock rules (an answer alone is another
 * second).
 */
const JUDGED_APART = /^(WIRE-|RSP-GENERATED-AT-(MOVES|CLOCK)$)/;

const broken = (findings: readonly Finding[]): Set<string> =>
  new Set(findings.filter((f) => failsTest(f) && !JUDGED_APART.test(f.rule)).map((f) => f.rule));

const what = (res: WireResponse | undefined, findings: readonly Finding[], rules: readonly string[]): string => {
  const failed = findings.filter((f) => rules.includes(f.rule) && failsTest(f)).map((f) => `${f.rule}: ${f.received ?? f.verdict}`);
  return `HTTP ${res?.status ?? 'none'}${failed.length ? `, breaking ${failed.join('; ')}` : ''}${res ? `: ${excerpt(res.body, 200)}` : ''}`;
};

/**
 * Judges one answer against its control (see the file's comment; `first`: the control taken
 * before the company, if it was); the findings the step records.
 */
async function attributed(p: Prepared, inCompany: Finding[], response: WireResponse | undefined, company: string, companyRule: string, ctx: RunContext, transport: Transport, first?: Controls): Promise<Finding[]> {
  const rule = blamed(p, companyRule);
  const bad = broken(inCompany);
  if (bad.size === 0) return [...inCompany, ruleFinding(rule, 'pass')];
  const before = first?.get(controlKey(p));
  const alone = before ?? await sendAndJudge(p, p.format, p.logical, { ...p.request, connection: FRESH }, transport, ctx.profile);
  // Alone it could not be judged: the answer in company stands, and the company is not judged.
  if (alone.unsent || alone.broken) return inCompany;
  const when = before ? 'before the company, on a fresh connection' : 'on a fresh connection';
  const aloneBad = broken(alone.findings);
  const only = [...bad].filter((r) => !aloneBad.has(r));
  // Alone too: the request's own rules fail in company; an identity rule among them is the one blamed already.
  if (!only.length) return rule === companyRule ? [...inCompany, ruleFinding(rule, 'pass', { note: `The same request alone ${when} broke the same rules: ${[...bad].join(', ')}` })] : inCompany;
  return [...alone.findings.filter((f) => f.rule !== rule), ruleFinding(rule, 'fail', {
    expected: `the answer the same request gets alone ${when}: ${what(alone.response, alone.findings, only)}`,
    received: `${company}: ${what(response, inCompany, only)}`,
  })];
}

const generatedAtOf = (p: Prepared, res: WireResponse): unknown => {
  const decoded = decodeResponse(p.format, p.operation, res.body);
  return decoded.format ? valueAtPath(decoded.value, 'metadata.generated_at') : undefined;
};

let sequences = 0;

/**
 * A sequence in the making: each step is sent after the answer to the one before, on the
 * session's connection, and judged (the model-based property drives one command at a time:
 * generators/company.ts). `one`: one kept-alive connection of its own; `each`: a fresh
 * connection per step.
 */
export class Sequence implements Company {
  parts: Part[] = [];
  broken = false;
  unsent?: string;
  private readonly connection: string;
  private last?: Stamped;
  private first?: Controls;

  constructor(private readonly ctx: RunContext, private readonly transport: Transport, connection: 'one' | 'each' = 'one') {
    this.connection = connection === 'one' ? `sequence ${process.pid}.${++sequences}` : FRESH;
  }

  /** Whether a further step can be sent: nothing broke and the budget held. */
  get open(): boolean { return !this.broken && this.unsent === undefined; }

  /** Takes, before the first step, the controls of the steps to come that the sequence may change (src/runner/controls.ts). */
  async controlsFirst(steps: readonly Prepared[]): Promise<void> {
    this.first = await controlsFirst(steps, this.ctx, this.transport);
  }

  async step(p: Prepared): Promise<void> {
    if (!this.open) return;
    if (p.pauseBeforeMs && await sleepUnlessStopped(p.pauseBeforeMs)) return;
    const request = { ...p.request, connection: this.connection };
    const sentMs = performance.now();
    const sent = await sendAndJudge(p, p.format, p.logical, request, this.transport, this.ctx.profile);
    if (sent.unsent !== undefined) {
      this.unsent = sent.unsent;
      return;
    }
    let findings = sent.findings;
    if (sent.broken || !sent.response) this.broken = true;
    else {
      const stamped: Stamped = { generatedAt: generatedAtOf(p, sent.response), sentMs, receivedMs: performance.now() };
      const moved = this.last && generatedAtMoves(this.last, stamped, this.ctx.profile);
      if (moved) findings = [...findings, moved];
      this.last = stamped;
      const company = `after ${this.parts.length} earlier request${this.parts.length === 1 ? '' : 's'} ${this.connection === FRESH ? 'each on a connection of its own' : 'on one kept-alive connection'}`;
      findings = await attributed(p, findings, sent.response, company, SEQUENCE_RULE, this.ctx, this.transport, this.first);
    }
    this.parts.push({ format: p.format, findings, exchange: { request, response: sent.response } });
  }
}

/** Steps sent in order, as a scenario's sequence sends them. */
export async function runSequence(steps: readonly Prepared[], connection: 'one' | 'each', ctx: RunContext, transport: Transport): Promise<Company> {
  const s = new Sequence(ctx, transport, connection);
  await s.controlsFirst(steps);
  for (const p of steps) await s.step(p);
  return s;
}

/** Every request in flight at once over the pool's connections; each answer then held to the same request alone. */
export async function runBurst(requests: readonly Prepared[], ctx: RunContext, transport: Transport): Promise<Company> {
  const first = await controlsFirst(requests, ctx, transport);
  const sent = await Promise.all(requests.map((p) => sendAndJudge(p, p.format, p.logical, p.request, transport, ctx.profile)));
  const unsent = sent.find((s) => s.unsent !== undefined)?.unsent;
  const parts: Part[] = [];
  const company = `in flight together with ${requests.length - 1} other request${requests.length === 2 ? '' : 's'}`;
  for (const [i, s] of sent.entries()) {
    if (s.unsent !== undefined) continue;
    const p = requests[i]!;
    const findings = s.broken ? s.findings : await attributed(p, s.findings, s.response, company, OVERLAP_RULE, ctx, transport, first);
    parts.push({ format: p.format, findings, exchange: { request: p.request, response: s.response } });
  }
  return { parts, broken: sent.some((s) => s.broken), ...(unsent !== undefined ? { unsent } : {}) };
}
