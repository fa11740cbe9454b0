import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Hooks } from '../hooks.ts';

/**
 * An operating mode of the reference (issue 33): a way production endpoints behave that the spec
 * allows, so the reference stays conformant in it: it answers late, few at a time or in pieces,
 * pushes back with 429 or 503, sends 1xx heads first. Served by name (`--mode NAME[=N]`,
 * OCS_REFERENCE_MODE), several at once; never in the mutation run, whose every fault must be
 * caught by a verdict, and no verdict may catch a mode: each ends a run CONFORMANT
 * (tests/e2e/modes.test.ts).
 */
export interface ModeDef {
  name: string;
  /** What the service does in the mode, in the present tense, `N` standing for its number. */
  description: string;
  /** The mode's number when `NAME` comes without `=N`; none for a mode that takes none. */
  defaultValue?: number;
  /** The mode, made anew for each service started, so two services never share what it counts. */
  make(value: number): Mode;
}

/** What a mode changes; each part is optional, and the modes of a service are applied in order. */
export interface Mode {
  /** Sees a request as it arrives, before the service reads it; true when the mode answered it itself (a 429, a 503). */
  arrive?(req: IncomingMessage, res: ServerResponse): boolean;
  /** The hooks the service answers with, given those it had (reference/hooks.ts). */
  hooks?(inner: Hooks): Hooks;
  /** Sets the server up (its connections) once it is made. */
  serve?(server: Server): void;
}
