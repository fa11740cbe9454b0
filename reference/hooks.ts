import type { Format, Operation } from './codec/index.ts';
import { LIMITS, type Limits } from './validate/limits.ts';

/** A decoded request or a response body. */
export type Obj = Record<string, unknown>;

/** What the service is about to send; a fault may change any part of it. */
export interface Answer {
  status: number;
  format: Format;
  body: Obj;
}

/** Where an exchange happens: the operation (undefined on an unknown path) and the path's format. */
export interface Exchange {
  op: Operation | undefined;
  format: Format;
}

/**
 * The narrow points where a fault (reference/faults.ts) bends the service. Without a fault
 * (FAITHFUL) every check is made, the limits are the spec's, and requests and answers pass
 * through unchanged, so the normal code path only ever asks these five questions.
 */
export interface Hooks {
  /**
   * Whether the service makes a named check. A name is `<subject> <problem>`:
   * - validation: the field paths of the issue, array indexes as `[]`, joined by `|`, then
   *   the problem kind of validate/problems.ts (`receiver.contactIDs|receiver.contactPersons oneOfBoth`,
   *   `time.worktimeStart format`, `third thirdRequired`);
   * - authentication: `appkey missing`, `appkey unknown`, `sessionID missing`, `sessionID unknown`;
   * - pickup: `address sameRegion` (the new place lies in the order's region).
   */
  enforces(check: string): boolean;
  /** The limits in force. */
  limits: Limits;
  /** How many characters a string holds, for its length limit (README: Unicode code points). */
  count(value: string): number;
  /** The request body as received, before it is read (a fault reads some XML forms wrongly). */
  received(body: Buffer, at: Exchange): Buffer;
  /** The decoded request, before any check. */
  request(body: Obj, at: Exchange): Obj;
  /** The answer, success or error, before it is encoded. */
  answer(out: Answer, at: Exchange): Answer;
}

export const FAITHFUL: Hooks = {
  enforces: () => true,
  limits: LIMITS,
  count: (value) => [...value].length,
  received: (body) => body,
  request: (body) => body,
  answer: (out) => out,
};
