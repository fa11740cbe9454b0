/**
 * The hand-written YAML scenarios: one test per case and format, titled with the case's
 * first rule ID. Each test builds the request from the profile, sends it, judges the
 * response against the case and the response rules, and records its findings.
 */
import { test } from '@playwright/test';
import { encodeRequest } from '../src/codec/index.ts';
import { playwrightTransport } from '../src/client/playwright.ts';
import { TransportError, wireRequest } from '../src/client/transport.ts';
import { judge, errorFindings } from '../src/checks/judge.ts';
import { baseUrl, runContext } from '../src/profile/context.ts';
import { record } from '../src/report/record.ts';
import { buildRequest, MissingFixture } from '../src/scenario/build.ts';
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
          let logical: Record<string, unknown> | undefined;
          try {
            logical = c.raw ? undefined : buildRequest(c, { profile: ctx.profile, bases: ctx.bases, now: new Date() });
          } catch (err) {
            if (!(err instanceof MissingFixture)) throw err;
            await record(info, ctx, format, c.rules.map((rule) => ({ rule, level: 'INFO', verdict: 'skip', title: err.message })));
            test.skip(true, err.message);
            return;
          }
          const body = c.raw ? c.raw[format] : encodeRequest(format, logical);
          const wire = wireRequest(ctx.profile, baseUrl(), operation, format, body);
          const sentAt = new Date();
          try {
            const response = await playwrightTransport(request, ctx.timeoutMs).send(wire);
            await record(info, ctx, format, judge({ case: c, format, request: logical, response, sentAt }, ctx.profile), { request: wire, response });
          } catch (err) {
            if (!(err instanceof TransportError)) throw err;
            await record(info, ctx, format, errorFindings(c.rules, `transport: ${err.message}`), { request: wire });
          }
        });
      }
    }
  });
}
