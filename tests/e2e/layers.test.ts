// The verdict by layer, end to end (issue 43): a target that fails only the absolute form of
// RFC 9112 (the reference with fault absolute-form-404: 404 in JSON on either path) is NOT
// CONFORMANT, exit 1, blamed on the absolute form's rules alone, never on the service's status and
// format rules, and every report says that every rule of the service passed and HTTP failed. Two
// rules of RFC 9112 3.2.2 judge the absolute form (HTTP-ABSOLUTE-FORM, and since issue 42
// HTTP-ABSOLUTE-FORM-HOST: the form beside a Host naming another host), and a server that routes
// no absolute form fails both; HTTP-ABSOLUTE-FORM is the probable cause.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { start } from './run.ts';

const ABSOLUTE_FORM = ['HTTP-ABSOLUTE-FORM', 'HTTP-ABSOLUTE-FORM-HOST'];

describe('a target that fails only HTTP', () => {
  it('is told that every rule of the service passed, which standard rule fails and why, and exits 1', async () => {
    const run = await start([], { OCS_BASE_URL: '', OCS_REFERENCE_FAULT: 'absolute-form-404', OCS_RUNS: '0' });
    assert.equal(run.code, 1, run.stdout.slice(-2000));
    const summary = run.summary();
    assert.equal(summary.verdict, 'not-conformant');
    assert.deepEqual(summary.rules.filter((r) => r.json === 'fail' || r.xml === 'fail').map((r) => r.id), ABSOLUTE_FORM, 'not RSP-HTTP-STATUS, not RSP-FORMAT-FOLLOWS-PATH');
    assert.deepEqual(summary.layers!.map((l) => [l.layer, l.verdict, l.failing]), [['service', 'pass', []], ['HTTP', 'fail', ABSOLUTE_FORM], ['JSON', 'pass', []], ['XML', 'pass', []]]);
    const out = run.stdout;
    assert.match(out, /^Probable cause: HTTP-ABSOLUTE-FORM \(MUST\) fails on (\d+) of \1 checks in JSON and (\d+) of \2 checks in XML, the only rule failing in \d+ of them$/m);
    assert.match(out, /^Service rules \(the spec's own\): every one passed \(\d+ MUST rules\)$/m);
    assert.match(out, /^Standards beneath: HTTP 2 of \d+ MUST rules failing \(HTTP-ABSOLUTE-FORM, HTTP-ABSOLUTE-FORM-HOST\); JSON passed \(1 MUST rule\); XML passed \(1 MUST rule\)$/m);
    assert.match(out, /^Every rule of the service passed; what fails is HTTP \(RFC 9110, RFC 9112\) beneath it/m);
    assert.match(out, /^Conformance: NOT-CONFORMANT \(MUST rules failing: HTTP-ABSOLUTE-FORM, HTTP-ABSOLUTE-FORM-HOST\)$/m);
    const junit = readFileSync(join(run.reports, 'junit.xml'), 'utf8');
    assert.match(junit, /<property name="layer service" value="pass: passed \(\d+ MUST rules\)"\/>/);
    assert.match(junit, /<property name="layer HTTP" value="fail: 2 of \d+ MUST rules failing \(HTTP-ABSOLUTE-FORM, HTTP-ABSOLUTE-FORM-HOST\)"\/>/);
    assert.match(junit, /RSP-HTTP-STATUS[^<]*, blamed on HTTP-ABSOLUTE-FORM alone/, 'the failure names what else its answer broke');
    assert.match(readFileSync(join(run.reports, 'conformance.html'), 'utf8'), /<p id="layers">Service rules \(the spec&#39;s own\): every one passed/);
  });
});
