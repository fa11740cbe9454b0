/** What a property is, for any runner: generators/suite.ts lists them, generators/check.ts runs one. */
import type fc from 'fast-check';
import type { Format, Operation } from '../src/contract/load.ts';
import type { Slice } from '../src/runner/slices.ts';
import type { GenContext } from './index.ts';
import type { PropertyRun } from './property.ts';
import type { Trial } from './trial.ts';
import type { Target } from './trials.ts';

/** One property: what it is called and judged on, what it draws (values of type V), and what one run sends. */
// The suite's list holds properties of many value types (a request, a sequence, a burst), hence `any` by default.
export interface PropertyDef<V = any> {
  /** The test title: the rule ID first, then the format, so `--grep` and `--shard` work. */
  title: string;
  operation: Operation;
  rules: string[];
  /** The format its findings are recorded under (the parity property: xml; a sequence's requests each keep their own). */
  format: Format;
  /** Where its requests come from, for the report. */
  source: string;
  /** Throws MissingFixture when the profile lacks what it needs. */
  arbitrary: (g: GenContext) => fc.Arbitrary<V>;
  trial: (target: Target) => (value: V) => Promise<Trial>;
  /**
   * One run sends more than one request, one after another (a pair compared, a relation, a
   * sequence, a rewrite and the oracle's answer) or at once (a burst): such a property starts
   * before those of one request and before the cases (suites/steps.ts), as its runs hold their
   * places longest at a distant target.
   */
  several?: true;
  /** How many requests one run has in flight at once (a burst's size), when more than one: it takes as many places of the cap. */
  weight?: (value: V) => number;
  /** In a sliced run (src/runner/slices.ts): which share of the property's runs this is. */
  slice?: Slice;
}

export type PropertyOutcome = { kind: 'skip'; reason: string } | { kind: 'run'; run: PropertyRun<unknown> };
