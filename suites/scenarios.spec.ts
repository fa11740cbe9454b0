/**
 * The hand-written YAML scenarios: one test per case and format, titled with the case's
 * first rule ID, so `--grep RULE-ID` and `--shard` work on rules.
 */
import { test } from '@playwright/test';
import { playwrightTransport } from '../src/client/playwright.ts';
import { guarded } from '../src/client/transport.ts';
import { baseUrl, runContext } from '../src/profile/context.ts';
import { record } from '../src/report/record.ts';
import { runCase } from '../src/runner/case.ts';
import { loadAllCases } from '../src/scenario/load.ts';

const cases = loadAllCases();

for (const operation of ['change_receiver', 'change_pickup'] as const) {
  test.describe(operation, () => {
    for (const c of cases.filter((x) => x.operation === operation)) {
      for (const format of c.formats) {
        test(`${c.rules[0]} [${format}] ${c.name}`, {
          annotation: [
            { type: 'rules', description: c.rules.join(' ') },
            { type: 'scenario', description: `${c.file} cases.${c.index}` },
          ],
        }, async ({ request }, info) => {
          const ctx = runContext();
          const result = await runCase(c, format, ctx, guarded(playwrightTransport(request, ctx.timeoutMs)), baseUrl());
          if (result.kind === 'skip') {
            await record(info, ctx, format, c.rules.map((rule) => ({ rule, level: 'INFO', verdict: 'skip', title: result.reason })));
            test.skip(true, result.reason);
            return;
          }
          await record(info, ctx, format, result.findings, result);
        });
      }
    }
  });
}
