/**
 * Registers what the generators judge each rule with (src/cli/judges.ts), for `explain`:
 * loaded by bin/ocs-conformance.js, above src/ and the generators both, for that command only.
 */
import { registerJudges } from '../src/cli/judges.ts';
import { PROPERTIES } from './suite.ts';
import { VIOLATORS } from './violators/index.ts';

registerJudges({
  properties: PROPERTIES.map((p) => ({ title: p.title, rules: p.rules })),
  violators: [...VIOLATORS.values()].map((v) => ({ rule: v.rule, operations: v.operations, formats: v.formats, ...(v.why ? { why: v.why } : {}) })),
});
