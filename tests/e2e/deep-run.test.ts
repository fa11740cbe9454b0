// A deep run's shard on the embedded reference: the slices of OCS_RUNS=1000 run in workers held
// to the run's memory limits (src/runner/memory.ts). A worker that keeps more per drawn value
// than those limits allow dies mid-run (it once kept fast-check's shrink context of every value
// sent ahead and ran out of heap in the first slice); here every check of the shard is judged.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { ROOT, start } from './run.ts';

interface HtmlStep { title: string; location?: { file: string; line: number }; steps: HtmlStep[] }

/** What Playwright's HTML report holds of each test: its title, its error, its attachments' names and its steps. */
function htmlTests(reports: string): { title: string; error: string; attachments: string[]; steps: HtmlStep[] }[] {
  const html = readFileSync(join(reports, 'html', 'index.html'), 'utf8');
  const zip = /base64,([^<]*)<\/template>/.exec(html)?.[1];
  assert.ok(zip, 'the HTML report holds its data');
  const files = unzipSync(Buffer.from(zip, 'base64'));
  const data = Object.entries(files).filter(([name]) => name !== 'report.json').map(([, bytes]) => JSON.parse(Buffer.from(bytes).toString('utf8')) as {
    tests: { title: string; results: { errors: { message: string }[]; attachments: { name: string }[]; steps: HtmlStep[] }[] }[];
  });
  const flat = (steps: HtmlStep[]): HtmlStep[] => steps.flatMap((s) => [s, ...flat(s.steps)]);
  return data.flatMap((f) => f.tests).map((t) => ({
    title: t.title,
    error: t.results.flatMap((r) => r.errors.map((e) => e.message)).join('\n'),
    attachments: t.results.flatMap((r) => r.attachments.map((a) => a.name)),
    steps: flat(t.results.flatMap((r) => r.steps)),
  }));
}

describe('a deep run', () => {
  // One sixteenth: its four slices run 62 of each property's runs in a worker each, as every slice of OCS_RUNS=1000 does.
  it('judges every check of one shard of OCS_RUNS=1000, no worker running out of memory', async () => {
    const run = await start(['--shard=1/16'], { OCS_BASE_URL: '', OCS_RUNS: '1000', OCS_SEED: '20261124' });
    const tail = `${run.stdout.slice(-1500)}\n${run.stderr.slice(-1500)}`;
    assert.doesNotMatch(run.stderr, /heap out of memory|worker process exited unexpectedly/, tail);
    const { counts, verdict } = run.summary();
    assert.ok(counts.pass > 0, tail);
    assert.deepEqual({ fail: counts.fail, error: counts.error }, { fail: 0, error: 0 }, tail);
    // One shard of eight is a partial run: INCOMPLETE, exit 2, never NOT CONFORMANT.
    assert.equal(verdict, 'incomplete');
    assert.equal(run.code, 2, tail);
  });

  // OCS_RUNS=200 is cut into as many slices as 1000 (src/runner/slices.ts MIN_SLICES), a fifth as long each.
  it('against a target that breaks every rule, writes every report, and a later slice points to the evidence an earlier one quoted', async () => {
    const run = await start(['--shard=1/8'], { OCS_BASE_URL: '', OCS_REFERENCE_FAULT: 'http-200-on-error', OCS_RUNS: '200', OCS_SEED: '7' });
    const tail = `${run.stdout.slice(-1500)}\n${run.stderr.slice(-1500)}`;
    assert.doesNotMatch(run.stderr, /heap out of memory|worker process exited unexpectedly/, tail);
    assert.equal(run.code, 1, tail);
    for (const f of ['summary.json', 'junit.xml', 'conformance.html', 'html/index.html']) assert.ok(existsSync(join(run.reports, f)), `${f} is written`);
    const tests = htmlTests(run.reports);
    assert.equal(tests.length, 8, 'a shard of eight holds eight slices');
    assert.ok(tests.every((t) => /slice \d+\/16/.test(t.title) && t.error.includes('failed or errored')), 'every slice fails');
    // A rule a slice quoted is not quoted again: a later slice names the slice that holds its evidence.
    const pointers = tests.flatMap((t) => [...t.error.matchAll(/Quoted in full, with its evidence, by (.+?): the first failing check of (.+)\./g)].map((m) => ({ from: t, by: m[1]!, rules: m[2]!.split(', ') })));
    assert.ok(pointers.length > 0, 'some slice points to the quotes of another');
    for (const p of pointers) {
      const by = tests.find((t) => t.title === p.by);
      assert.ok(by && by !== p.from, `${p.by} is another test of the run`);
      assert.ok(by.attachments.some((a) => a.startsWith('evidence: ')), `${p.by} holds evidence`);
      // Not the format: a test of one endpoint's XML path also sends its cross-format cases as JSON.
      for (const rule of p.rules) assert.ok(by.error.includes(`${rule.replace(/ \[(json|xml)\]$/, '')} (`), `${p.by} quotes ${rule}`);
    }
    // A case's step points at the case in its scenario file (suites/, Playwright's rootDir); a
    // rule's step, and a property's that names no generator, at the rule in contract/rules.yaml.
    const located = tests.flatMap((t) => t.steps).filter((st) => st.location?.file.endsWith('.yaml'));
    const atRule = (st: HtmlStep): boolean => st.location!.file === '../contract/rules.yaml';
    assert.ok(located.filter((st) => !atRule(st)).length > 0, 'case steps point at their scenario files');
    assert.ok(located.filter(atRule).length > 0, 'rule steps point at their rules');
    for (const st of located) {
      const line = readFileSync(join(ROOT, 'suites', st.location!.file), 'utf8').split('\n')[st.location!.line - 1]!;
      if (atRule(st)) assert.equal(line, `- id: ${st.title.split(' ')[0]}`, `${st.title}: ${st.location!.file}:${st.location!.line}`);
      else assert.match(line, /^\s*- name: /, `${st.title}: ${st.location!.file}:${st.location!.line}`);
    }
    // Each rule and format is quoted by one slice: only two slices ending at once may both quote it.
    const quotedBy = new Map<string, string[]>();
    for (const [key, title] of readFileSync(join(run.reports, '.quoted'), 'utf8').trim().split('\n').map((l) => l.split('\t'))) quotedBy.set(key!, [...(quotedBy.get(key!) ?? []), title!]);
    const twice = [...quotedBy].filter(([, by]) => by.length > 1);
    assert.ok(quotedBy.size > 20 && twice.length <= quotedBy.size / 4, `${twice.length} of ${quotedBy.size} rules quoted by more than one slice: ${twice.slice(0, 3).map(([k, by]) => `${k} by ${by.join(', ')}`).join('; ')}`);
  });
});

