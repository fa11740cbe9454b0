import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Hooks } from './hooks.ts';
import type { Mode, ModeDef } from './modes/mode.ts';
import { ANSWER_MODES } from './modes/answers.ts';
import { CONNECTION_MODES } from './modes/connections.ts';
import { LIMIT_MODES } from './modes/limits.ts';

/**
 * Every operating mode the reference can be started in (`--mode NAME[=N]`, repeated, or
 * OCS_REFERENCE_MODE=NAME[=N],NAME…; startReference({ modes })): conformant ways production
 * endpoints behave (reference/modes/mode.ts), never faults.
 */
export const MODES: readonly ModeDef[] = [...LIMIT_MODES, ...ANSWER_MODES, ...CONNECTION_MODES];

export class UnknownMode extends Error {}

/** A mode as it is written, `NAME` or `NAME=N`, made for one service. */
function parse(spec: string): Mode {
  const [name, value, ...rest] = spec.trim().split('=');
  const def = MODES.find((m) => m.name === name);
  if (!def) throw new UnknownMode(`unknown mode '${name}' (--list-modes lists the ${MODES.length} modes)`);
  if (value === undefined) return def.make(def.defaultValue ?? 0);
  const n = Number(value);
  if (def.defaultValue === undefined || rest.length || !/^\d+$/.test(value) || n < 1) {
    throw new UnknownMode(def.defaultValue === undefined ? `the mode '${name}' takes no number, got '${spec}'` : `the mode '${name}' takes a whole number above 0, got '${spec}'`);
  }
  return def.make(n);
}

/** The modes of OCS_REFERENCE_MODE (comma-separated), or none. */
export const modesOfEnv = (env: NodeJS.ProcessEnv = process.env): string[] => (env.OCS_REFERENCE_MODE ?? '').split(',').map((s) => s.trim()).filter(Boolean);

/** What a service in `specs` does: each mode's part, in order. */
export interface Serving {
  arrive(req: IncomingMessage, res: ServerResponse): boolean;
  hooks(inner: Hooks): Hooks;
  serve(server: Server): void;
}

export function servingIn(specs: readonly string[]): Serving {
  const modes = specs.map(parse);
  return {
    // With no mode (a default run), nothing to ask and no closure made per request.
    arrive: modes.length === 0 ? () => false : (req, res) => modes.some((m) => m.arrive?.(req, res) ?? false),
    // The first mode named is the outermost: it sees the answer first.
    hooks: (inner) => modes.reduceRight((h, m) => m.hooks?.(h) ?? h, inner),
    serve: (server) => { for (const m of modes) m.serve?.(server); },
  };
}

export type { ModeDef };
