import { FAITHFUL, type Hooks } from './hooks.ts';
import { LIMITS } from './validate/limits.ts';
import { ANSWER_FAULTS } from './faults/answers.ts';
import { CHECK_FAULTS } from './faults/checks.ts';
import type { Fault } from './faults/fault.ts';
import { LIMIT_FAULTS } from './faults/limits.ts';
import { REQUEST_FAULTS } from './faults/requests.ts';
import { TEXT_FAULTS } from './faults/text.ts';
import { VALUE_FAULTS } from './faults/values.ts';
import { TYPE_FAULTS } from './faults/types.ts';
import { FORM_FAULTS } from './faults/forms.ts';
import { DIRECTORY_FAULTS } from './faults/directories.ts';
import { DELAYS, type Delay } from './faults/delays.ts';
import { WIRE_FAULTS } from './faults/wire.ts';
import { MALFORMED_FAULTS } from './faults/malformed.ts';
import { STATE_FAULTS } from './faults/state.ts';
import { OVERLAP_FAULTS } from './faults/overlap.ts';
import { IDENTITY_FAULTS } from './faults/identities.ts';
import { STANDARD_FAULTS } from './faults/standards.ts';
import { EDGE_TEXT_FAULTS } from './faults/edges-text.ts';
import { EDGE_VALUE_FAULTS } from './faults/edges-values.ts';
import { OBSERVABLE_FAULTS } from './faults/observable.ts';
import { RELATION_FAULTS } from './faults/relations.ts';
import { LAX_READER_FAULTS } from './faults/lax-readers.ts';
import { PARSER_FAULTS } from './faults/parser-refusals.ts';

/**
 * Every fault the reference can be started with (`--fault NAME`, OCS_REFERENCE_FAULT,
 * startReference({ fault })): named single deviations from the spec, each meant to make
 * the harness blame its `rule`. README "Mutation testing" says how to add one.
 */
export const FAULTS: readonly Fault[] = [...CHECK_FAULTS, ...LIMIT_FAULTS, ...ANSWER_FAULTS, ...REQUEST_FAULTS, ...TEXT_FAULTS, ...VALUE_FAULTS,
  ...TYPE_FAULTS, ...FORM_FAULTS, ...DIRECTORY_FAULTS,
  ...WIRE_FAULTS, ...MALFORMED_FAULTS, ...STATE_FAULTS, ...OVERLAP_FAULTS, ...IDENTITY_FAULTS, ...STANDARD_FAULTS, ...EDGE_TEXT_FAULTS,
  ...EDGE_VALUE_FAULTS, ...OBSERVABLE_FAULTS, ...RELATION_FAULTS, ...LAX_READER_FAULTS, ...PARSER_FAULTS];

export class UnknownFault extends Error {}

export function findFault(name: string): Fault {
  const fault = FAULTS.find((f) => f.name === name);
  if (!fault) throw new UnknownFault(`unknown fault '${name}' (--list-faults lists the ${FAULTS.length} faults and ${DELAYS.length} delay)`);
  return fault;
}

/** A delay (reference/faults/delays.ts) by name: served as a fault is, never part of the mutation run. */
export const findDelay = (name: string): Delay | undefined => DELAYS.find((d) => d.name === name);

/** The hooks of a named fault or delay, or the faithful ones when there is none. */
export function hooksFor(name?: string): Hooks {
  if (name === undefined) return FAITHFUL;
  const delay = findDelay(name);
  if (delay) return { ...FAITHFUL, write: delay.write };
  const { name: _, rule: _rule, description: _description, skips, limits, perService, ...hooks } = findFault(name);
  return {
    ...FAITHFUL,
    ...hooks,
    ...perService?.(),
    enforces: skips ? (check) => !skips.test(check) : FAITHFUL.enforces,
    limits: { ...LIMITS, ...limits },
  };
}
