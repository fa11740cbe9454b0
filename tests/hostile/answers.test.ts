// Hostile targets whose every answer comes, whole or not, but wrong (tests/hostile/server.ts):
// judged in this process by the run's own engine (the scenario cases and properties of one rule,
// src/runner/case.ts and generators/suite.ts) and folded by the certificate's summarize(), so
// each mode costs a second, not a whole Playwright run. What a whole run adds (every report
// written, bounded memory, exit codes, nothing secret shown) tests/e2e/hostile.test.ts shows
// with the modes that stall, flood and echo.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startReference } from '../../reference/server.ts';
import { runContext } from '../../src/runner/context.ts';
import { summarize } from '../../src/report/summary.ts';
import { findingSources, type SourcedFinding } from '../../scripts/mutation/sources.ts';
import { judgeUrl } from '../../scripts/mutation/verdict.ts';
import { hostile, type Mode } from './server.ts';

/** The rule hostile.test.ts greps for: its cases and properties send refused and accepted requests alike. */
const RULE = 'CNT-CONTACTIDS-MAX';

let reference: Awaited<ReturnType<typeof startReference>>;
before(async () => { reference = await startReference(); });
after(() => reference.close());

interface Judged { findings: SourcedFinding[]; cell: (rule: string) => [string, string]; verdict: string; text: string; elsewhere: number }

/** `safety`: the profile's safety settings changed for this target (a short budget for waiting). */
async function judgedAt(url: string, name: string, safety: object = {}): Promise<Omit<Judged, 'elsewhere'>> {
  const ctx = runContext();
  const findings = await judgeUrl(url, findingSources({ runs: 3, seed: 20261126 }, RULE), { ...ctx, profile: { ...ctx.profile, safety: { ...ctx.profile.safety, ...safety } } });
  const summary = summarize(findings.map((f) => ({ title: f.origin, verdict: f.verdict, warning: false, findings: [f] })), { name });
  return {
    findings,
    cell: (rule) => { const r = summary.rules.find((x) => x.id === rule)!; return [r.json, r.xml]; },
    verdict: summary.verdict,
    text: findings.map((f) => `${f.expected ?? ''} ${f.received ?? ''} ${f.note ?? ''}`).join('\n'),
  };
}

async function judged(mode: Mode, safety: object = {}): Promise<Judged> {
  const target = await hostile(mode, reference.url);
  try {
    return { ...(await judgedAt(target.url, mode, safety)), elsewhere: target.elsewhere().length };
  } finally {
    await target.close();
  }
}

/** The reference with one of its own faults (reference/faults/) in the place of a hostile mode that would copy it. */
async function judgedFault(fault: string): Promise<Judged> {
  const faulty = await startReference({ fault });
  try {
    return { ...(await judgedAt(faulty.url, fault)), elsewhere: 0 };
  } finally {
    await faulty.close();
  }
}

describe('a hostile target whose answers come wrong', () => {
  it('that sends bytes that are not UTF-8: a named failure of the format rule, not a silent repair', async () => {
    const j = await judged('invalid-utf8');
    assert.deepEqual(j.cell('RSP-FORMAT-FOLLOWS-PATH'), ['fail', 'fail']);
    assert.match(j.text, /the body is not valid UTF-8 \(the charset it declares\): the first bad byte is at offset \d+/);
  });

  for (const [mode, why] of [
    ['truncated-json', 'a truncated JSON body'], ['bad-xml', 'XML that is not well-formed'], ['html', 'an HTML error page'],
    ['malformed-answers', 'whole answers with a raw line feed in a JSON string and a bare & in XML'],
  ] as const) {
    it(`that sends ${why}: the answer came whole, so the format rule fails, never an error`, async () => {
      const j = await judged(mode);
      assert.deepEqual(j.cell('RSP-FORMAT-FOLLOWS-PATH'), ['fail', 'fail']);
      assert.match(j.text, /a whole answer whose body is well formed in no format/);
      assert.equal(j.verdict, 'not-conformant');
      assert.deepEqual(j.findings.filter((f) => f.verdict === 'error').map((f) => f.rule), [], 'nothing errs');
    });
  }

  it('that sends answers with both Transfer-Encoding and Content-Length: the framing rule fails, naming what the parser refused', async () => {
    const j = await judgedFault('both-framings-on-large-answers');
    assert.deepEqual(j.cell('WIRE-RESPONSE-FRAMING'), ['fail', 'fail']);
    assert.match(j.text, /the parser refused it \(HPE_[A-Z_]+\)/);
    assert.equal(j.verdict, 'not-conformant');
  });

  it('that sends an XML entity bomb: nothing is expanded', async () => {
    const j = await judged('entity-bomb');
    const [json, xml] = j.cell('RSP-FORMAT-FOLLOWS-PATH');
    assert.ok(json !== 'pass' && xml !== 'pass', `${json} ${xml}`);
    assert.doesNotMatch(j.text, /(lol){50}/, 'the entities were not expanded into a finding');
  });

  it('that redirects to another origin: nothing follows it there, and the status fails', async () => {
    const j = await judged('redirect');
    assert.deepEqual(j.cell('RSP-HTTP-STATUS'), ['fail', 'fail']);
    assert.match(j.text, /HTTP 307/);
    assert.equal(j.elsewhere, 0, 'no request, and so no credential, reached the other origin');
  });

  it('that answers 503 to everything: "not now" is never a failure; once the budget for waiting is spent, the checks err with what the target sustained', async () => {
    const j = await judged('5xx', { waitBudgetSeconds: 1 });
    assert.deepEqual(j.findings.filter((f) => f.verdict === 'fail').map((f) => f.rule), [], 'no rule fails on a 503');
    assert.equal(j.verdict, 'incomplete');
    assert.ok(j.findings.some((f) => f.verdict === 'error'));
    assert.match(j.text, /the target answered 503 Service Unavailable \d+ time\(s\) to this request over \d+ s, past the run's budget for waiting \(safety\.waitBudgetSeconds: 1 s\); it sustained 0\.0 requests\/s/);
    assert.match(j.text, /not sent: the target answered only 429 or 503 for \d+ s/, 'the requests after it are not sent');
  });
});
