// Each violator breaks its rule and no other, checked mechanically with brokenRules, in
// every format it declares (after that format's encode and decode, which is what the target
// reads); a violator kept out of a format really has no form there.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FORMATS } from '../../src/contract/load.ts';
import { decodeRequest, encodeRequest } from '../../src/codec/index.ts';
import { brokenRules } from '../../generators/broken-rules.ts';
import { ALL_VIOLATORS, violation } from '../../generators/violators/index.ts';
import { ctx, profile, sample, show } from './helpers.ts';

const RUNS = 60;

for (const v of ALL_VIOLATORS) {
  describe(`the ${v.rule} violator`, () => {
    for (const op of v.operations) {
      const broken = (r: unknown): string[] => [...brokenRules(op, r, profile, ctx.now)].sort();

      for (const format of FORMATS) {
        const declared = v.formats.includes(format);
        const requests = sample(violation(op, v, ctx, declared ? [format] : v.formats), RUNS);
        const read = requests.map((r) => decodeRequest(format, op, encodeRequest(format, r)));
        if (declared) {
          it(`breaks ${v.rule} and nothing else in ${op} requests for ${format}, before and after ${format} encoding`, () => {
            for (const r of requests) assert.deepEqual(broken(r), [v.rule], show(r));
            for (const r of read) assert.deepEqual(broken(r), [v.rule], `${format}: ${show(r)}`);
          });
        } else {
          it(`has no ${format} form in ${op} requests (${v.why})`, () => {
            const kept = read.filter((r) => broken(r).includes(v.rule));
            assert.deepEqual(kept, [], `violations that still break ${v.rule} after ${format} encoding: declare the format`);
          });
        }
      }
      if (v.formats.length === FORMATS.length) {
        it(`breaks only ${v.rule} in both formats at once, as the parity property sends it`, () => {
          for (const r of sample(violation(op, v, ctx, FORMATS), RUNS)) {
            for (const format of FORMATS) assert.deepEqual(broken(decodeRequest(format, op, encodeRequest(format, r))), [v.rule], `${format}: ${show(r)}`);
          }
        });
      }
    }
  });
}
