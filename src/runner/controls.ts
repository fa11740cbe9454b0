/**
 * The control of a request in company (docs/sequences.md): the same request alone, on a fresh
 * connection, whose answer the company's answer is held to. It is taken after the company, and
 * only for an answer that broke a rule (free against a conformant target), except where the
 * company itself may have changed what the request gets: a request that must be accepted, in a
 * company where another request for the same order must be refused with a documented error (spec
 * 7: the answers that speak of an order's state, and so the ones a target that keeps an order's
 * state across requests carries to the next). Its control is taken first, before the company's
 * first request: afterwards the target may answer it alone as wrongly as in company, and the
 * company would pass. The controls taken first are acceptances, which change nothing a later
 * answer shows (contract/assumptions.yaml A-SEQUENCE-STATE), so they are sent together.
 */
import type { Format, Operation } from '../contract/load.ts';
import { FRESH } from '../client/connections.ts';
import type { Transport, WireRequest } from '../client/transport.ts';
import type { Expect } from '../scenario/types.ts';
import type { RunContext } from './context.ts';
import { sendAndJudge } from './send.ts';

/** One request of a sequence or burst, built and ready to go: what it is judged on, and how it goes. */
export interface Prepared {
  operation: Operation;
  format: Format;
  rules: string[];
  expect: Expect;
  /** The logical request; undefined for a raw or mangled body. */
  logical: unknown;
  request: WireRequest;
  pauseBeforeMs?: number;
}

/** A request sent alone and judged. */
export type Alone = Awaited<ReturnType<typeof sendAndJudge>>;

/** The controls taken before a company, by controlKey. */
export type Controls = ReadonlyMap<string, Alone>;

/** The same request is the same operation, format, URL and body: its copies in a burst share one control. */
export const controlKey = (p: Prepared): string => `${p.operation} ${p.format} ${p.request.url}\n${p.request.body}`;

const orderOf = (p: Prepared): unknown => (p.logical !== null && typeof p.logical === 'object' ? (p.logical as Record<string, unknown>).orderID : undefined);

/** The requests of a company whose control goes first: each must be accepted, and another request for its order must be refused with a documented error. */
export function exposed(steps: readonly Prepared[]): Prepared[] {
  return steps.filter((p, i) => {
    const order = orderOf(p);
    return p.expect === 'accepted' && typeof order === 'string' && steps.some((q, j) => j !== i && typeof q.expect === 'object' && orderOf(q) === order);
  });
}

/** Sends the control of each exposed request of `steps` (each distinct request once), before any of them goes out in company. */
export async function controlsFirst(steps: readonly Prepared[], ctx: RunContext, transport: Transport): Promise<Controls> {
  const distinct = new Map(exposed(steps).map((p) => [controlKey(p), p]));
  const taken = await Promise.all([...distinct].map(async ([key, p]) =>
    [key, await sendAndJudge(p, p.format, p.logical, { ...p.request, connection: FRESH }, transport, ctx.profile)] as const));
  return new Map(taken.filter(([, alone]) => alone.unsent === undefined && !alone.broken));
}
