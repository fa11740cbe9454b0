/**
 * The shapes of scenario files and of the cases loaded from them (contract/schemas/scenario.schema.json
 * checks the files; README "How scenarios are interpreted" is the normative description).
 */
import type { Format, Operation } from '../contract/load.ts';
import type { Framing } from '../client/framing.ts';
import type { MessageKind } from '../client/message-kinds.ts';
import type { ListFixture } from '../profile/lists.ts';
import type { Wire } from './wire.ts';

/** What a case may walk (`each`): a list fixture, or the profile's further identities (src/scenario/identities.ts). */
export type Walked = ListFixture | 'identities';

/** A scenario file or case the harness cannot run: the message names the file and the key. */
export class ScenarioError extends Error {}

export type Expect = 'accepted' | 'rejected' | 'record' | 'same-day' | 'past-date' | 'probe' | { error: number };

/** What a request is built from: a base of suites/bases.yaml changed by `set` and `unset`, or a raw body; then `wire`. */
export interface Built {
  base?: string;
  set?: Record<string, unknown>;
  unset?: string[];
  /** A body sent verbatim in place of a built request, per format the case runs in. */
  raw?: Partial<Record<Format, string>>;
  wire?: Wire;
}

/**
 * One request of a sequence or a burst, built as a case is, judged on its own `rules` with its
 * own expectation, and held to what the same request gets alone (src/runner/sequence.ts).
 */
export interface SequenceStep extends Built {
  /** Default: the file's operation. */
  operation?: Operation;
  /** Default: the format the case runs in. */
  format?: Format;
  expect: Expect;
  rules: string[];
  /** In order: how long to wait before this step is sent (answers more than a second apart show generated_at move). */
  pauseBeforeMs?: number;
  /** Together: how many copies of this step are sent at once. */
  times?: number;
}

/**
 * `in-order`: each step after the answer to the one before, on one kept-alive connection
 * (`connection: one`, the default) or each on a fresh one (`each`). `together`: every step (and
 * its copies) in flight at once, over the pool's connections.
 */
export interface SequenceSpec { send?: 'in-order' | 'together'; connection?: 'one' | 'each'; steps: SequenceStep[] }

export interface ScenarioCase extends Built {
  name: string;
  rules: string[];
  /** A list fixture the case walks: it runs once per entry (src/scenario/each.ts). */
  each?: Walked;
  /** Required, except for a sequence, whose steps carry theirs. */
  expect?: Expect;
  formats?: Format[];
  why?: string;
  /** Also send the request in these forms of its formats (src/codec/forms.ts), each beside the compact form. */
  forms?: 'all' | string[];
  /** Also send the request in these framings (src/client/framing.ts), each beside the plain one. */
  framings?: 'all' | string[];
  sequence?: SequenceSpec;
  /** Send the built request as this message of src/client/message-kinds.ts, judged on its rule alone (src/checks/message.ts). */
  message?: MessageKind;
  /** A set of value edges the case walks: a copy per field and entry (src/scenario/value-edges.ts). */
  valueEdges?: 'integers' | 'dates' | 'times' | 'credentials';
  /** A profile key the case's rule is judged through (`responses.errorMeaningPath`): without it the case is not applicable. */
  needs?: string;
  /** A relation of contract/relations.yaml sent of the built request (src/runner/relations.ts). */
  relation?: 'result-as-search' | 'repeat' | 'same-value' | 'remark-places';
}

/** The value edge a copy of a `valueEdges` case sends: the set, its entry, the field (dotted path). */
export interface ValueEdge { set: string; entry: string; field: string }

export interface ScenarioFile { operation: Operation; family: string; cases: ScenarioCase[] }

/** A case ready to run: where it came from, and the formats it runs in. */
export interface LoadedCase extends Omit<ScenarioCase, 'forms' | 'framings' | 'expect'> {
  file: string;
  index: number;
  /** The line of the file where the case starts: its step in Playwright's report points there. */
  line?: number;
  operation: Operation;
  family: string;
  formats: Format[];
  /** A sequence's is `accepted` when a step expects an acceptance (it needs the endpoint to accept), else `rejected`. */
  expect: Expect;
  /** The entry of `each` this copy of the case reads. */
  entry?: { list: Walked; index: number };
  /** The one form this case sends its request in, in each of its formats, beside the compact form (a case of `forms`). */
  form?: string;
  /** The one framing this case sends its request in, beside the plain one (a case of `framings`). */
  framing?: Framing;
  /** The value edge this copy of a `valueEdges` case sends. */
  valueEdge?: ValueEdge;
}

export interface Bases {
  fragments: Record<string, unknown>;
  bases: Record<Operation, Record<string, unknown>>;
}
