// The scenario loader refuses a bad file with a message that names the file and the key,
// and fills in the defaults of a good one.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { XML_FORMS } from '../../src/codec/xml-forms.ts';
import { ROOT } from '../../src/contract/load.ts';
import { keptScenarios, loadAllCases, readScenarios, ScenarioError } from '../../src/scenario/load.ts';
import { tempTree } from './helpers.ts';

const BASES = `
fragments:
  member:
    counteragentID: 1
    contactIDs: [1]
    phoneIDs: [1]
bases:
  change_receiver:
    valid:
      appkey: { $ref: credentials.appkey }
      sessionID: { $ref: credentials.sessionID }
      orderID: "1"
      receiver: { $fragment: member }
      changeOrderPayer: false
      storePayer: third
      third: { $fragment: member }
  change_pickup:
    valid:
      appkey: { $ref: credentials.appkey }
      sessionID: { $ref: credentials.sessionID }
      orderID: "1"
      variant: address
`;

const GOOD_CASE = `
  - name: a receiver without counteragent is rejected
    rules: [MBR-COUNTERAGENT-NEITHER]
    unset: [receiver.counteragentID]
    expect: rejected`;

/** A scenario dir with bases.yaml and the given files under it. */
const suite = (files: Record<string, string>): string => tempTree({ 'bases.yaml': BASES, ...files });

const receiverFile = (cases: string): string => `operation: change_receiver\nfamily: test\ncases:${cases}\n`;

/** Asserts loading throws a ScenarioError naming the file and every given fragment. */
function assertRefused(dir: string, file: string, ...fragments: string[]): void {
  assert.throws(() => loadAllCases(dir), (err: unknown) => {
    assert.ok(err instanceof ScenarioError, `expected a ScenarioError, got ${String(err)}`);
    assert.ok(err.message.includes(file), `the message does not name the file ${file}: ${err.message}`);
    for (const f of fragments) assert.ok(err.message.includes(f), `the message does not name ${f}: ${err.message}`);
    return true;
  });
}

// The plan check keeps what it read (src/cli/run.ts): what it keeps is what it read, and an edit is read and checked anew.
describe('keptScenarios', () => {
  it('gives the cases readScenarios gives, and refuses a file edited since, naming the file and the key', () => {
    const dir = suite({ 'change_receiver/good.yaml': receiverFile(GOOD_CASE) });
    const read = readScenarios(dir);
    assert.deepEqual(keptScenarios('bundle-a', dir), read);
    assert.deepEqual(keptScenarios('bundle-a', dir), read, 'the second time, from what was kept');
    assert.deepEqual(keptScenarios('bundle-b', dir), read, 'another bundle reads them again');
    writeFileSync(join(dir, 'change_receiver/good.yaml'), receiverFile(`${GOOD_CASE}\n  - name: an unknown rule\n    rules: [MBR-NO-SUCH-RULE]\n    expect: rejected`));
    assert.throws(() => keptScenarios('bundle-a', dir), (err: unknown) => err instanceof ScenarioError && /change_receiver\/good\.yaml: key cases\.1\.rules.*MBR-NO-SUCH-RULE/.test(err.message));
  });
});

describe('loadAllCases refuses a bad scenario file', () => {
  it('with a rule ID that is not in the catalog', () => {
    const dir = suite({ 'change_receiver/bad.yaml': receiverFile(`
  - name: an unknown rule
    rules: [MBR-NO-SUCH-RULE]
    expect: rejected`) });
    assertRefused(dir, 'change_receiver/bad.yaml', 'cases.0.rules', 'MBR-NO-SUCH-RULE');
  });

  it('with a rule of the other operation', () => {
    const dir = suite({ 'change_receiver/bad.yaml': receiverFile(`${GOOD_CASE}
  - name: a pickup rule in a receiver file
    rules: [PCK-VARIANT-REQUIRED]
    expect: rejected`) });
    assertRefused(dir, 'change_receiver/bad.yaml', 'cases.1.rules', 'PCK-VARIANT-REQUIRED', 'change_receiver');
  });

  it('with a relation whose rule the case does not name, or sent of a raw body', () => {
    assertRefused(suite({ 'change_receiver/bad.yaml': receiverFile(`
  - name: a request twice
    rules: [RSP-RECEIVER-SUCCESS]
    relation: repeat
    expect: accepted`) }), 'change_receiver/bad.yaml', 'cases.0.rules', 'REL-REPEAT');
    assertRefused(suite({ 'change_receiver/bad.yaml': receiverFile(`
  - name: a raw body twice
    rules: [REL-REPEAT]
    relation: repeat
    raw: { json: "{}", xml: "<request/>" }
    expect: rejected`) }), 'change_receiver/bad.yaml', 'cases.0');
  });

  it('with a case that has no expect', () => {
    const dir = suite({ 'change_receiver/bad.yaml': receiverFile(`
  - name: no expectation
    rules: [MBR-COUNTERAGENT-NEITHER]`) });
    assertRefused(dir, 'change_receiver/bad.yaml', 'cases.0', 'expect');
  });

  it('with one format and no why', () => {
    const dir = suite({ 'change_receiver/bad.yaml': receiverFile(`
  - name: json only, unexplained
    rules: [RCV-CHANGEORDERPAYER-BOOLEAN]
    set: { changeOrderPayer: "yes" }
    formats: [json]
    expect: rejected`) });
    assertRefused(dir, 'change_receiver/bad.yaml', 'cases.0', 'why');
  });

  it('with a base that bases.yaml does not have', () => {
    const dir = suite({ 'change_receiver/bad.yaml': receiverFile(`
  - name: an unknown base
    rules: [MBR-COUNTERAGENT-NEITHER]
    base: legalReceiver
    expect: rejected`) });
    assertRefused(dir, 'change_receiver/bad.yaml', 'cases.0.base', 'legalReceiver');
  });

  it('that is not valid YAML', () => {
    const dir = suite({ 'change_receiver/bad.yaml': 'operation: change_receiver\ncases:\n  - name: [unclosed\n    rules: {\n' });
    assertRefused(dir, 'change_receiver/bad.yaml', 'YAML');
  });

  it('with a case name used twice', () => {
    const dir = suite({
      'change_receiver/a.yaml': receiverFile(GOOD_CASE),
      'change_receiver/b.yaml': receiverFile(`
  - name: another case
    rules: [MBR-COUNTERAGENT-BOTH]
    set: { receiver.counteragent: { form: x, name: y } }
    expect: rejected${GOOD_CASE}`),
    });
    assertRefused(dir, 'change_receiver/b.yaml', 'cases.1.name', 'a receiver without counteragent is rejected', 'change_receiver/a.yaml');
  });

  it('with a case name used twice in one file', () => {
    const dir = suite({ 'change_receiver/bad.yaml': receiverFile(`${GOOD_CASE}${GOOD_CASE}`) });
    assertRefused(dir, 'change_receiver/bad.yaml', 'cases.1.name');
  });

  it('with a misspelt key in a case, naming that key', () => {
    const dir = suite({ 'change_receiver/bad.yaml': receiverFile(`
  - name: a typo
    rules: [MBR-COUNTERAGENT-NEITHER]
    expect: rejected
    unsett: [receiver.counteragentID]`) });
    assertRefused(dir, 'change_receiver/bad.yaml', 'cases.0', 'unsett');
  });
});

describe('loadAllCases reads a good scenario file', () => {
  it('with its origin, operation and family, formats defaulting to json and xml', () => {
    const dir = suite({
      'change_receiver/good.yaml': receiverFile(`${GOOD_CASE}
  - name: a string changeOrderPayer is rejected
    rules: [RCV-CHANGEORDERPAYER-BOOLEAN]
    set: { changeOrderPayer: "false" }
    formats: [json]
    why: XML text has no type, so a string "false" is a boolean there
    expect: rejected`),
      'change_pickup/good.yaml': `operation: change_pickup\nfamily: pickup-test\ncases:
  - name: a missing variant is rejected
    rules: [PCK-VARIANT-REQUIRED]
    unset: [variant]
    expect: { error: 100001 }\n`,
    });
    const cases = loadAllCases(dir);
    assert.equal(cases.length, 3);
    const [pickup, neither, typed] = cases;
    assert.equal(pickup!.operation, 'change_pickup');
    assert.equal(pickup!.family, 'pickup-test');
    assert.deepEqual(pickup!.expect, { error: 100001 });
    assert.deepEqual(pickup!.formats, ['json', 'xml']);
    assert.equal(neither!.name, 'a receiver without counteragent is rejected');
    assert.equal(neither!.operation, 'change_receiver');
    assert.equal(neither!.family, 'test');
    assert.ok(neither!.file.endsWith('change_receiver/good.yaml'), neither!.file);
    assert.equal(neither!.index, 0);
    assert.deepEqual(neither!.rules, ['MBR-COUNTERAGENT-NEITHER']);
    assert.deepEqual(neither!.unset, ['receiver.counteragentID']);
    assert.deepEqual(neither!.formats, ['json', 'xml']);
    assert.equal(typed!.index, 1);
    assert.deepEqual(typed!.formats, ['json']);
  });
});

describe('loadAllCases expands a case of `forms` (docs/xml-forms.md)', () => {
  const formsCase = (forms: string, extra = ''): string => receiverFile(`
  - name: a valid request gets the compact form's outcome
    rules: [BODY-FORMS]
    forms: ${forms}
    expect: accepted${extra}`);

  it('into one case per form, in each of its formats that has the form', () => {
    const cases = loadAllCases(suite({ 'change_receiver/forms.yaml': formsCase('[pretty, cdata, unicode-escapes]') }));
    assert.deepEqual(cases.map((c) => [c.name, c.form, c.formats]), [
      ["a valid request gets the compact form's outcome: pretty", 'pretty', ['json', 'xml']],
      ["a valid request gets the compact form's outcome: cdata", 'cdata', ['xml']],
      ["a valid request gets the compact form's outcome: unicode-escapes", 'unicode-escapes', ['json']],
    ]);
  });

  it('into every form of its formats with `all`', () => {
    const cases = loadAllCases(suite({ 'change_receiver/forms.yaml': formsCase('all', '\n    formats: [xml]\n    why: a test') }));
    assert.deepEqual(cases.map((c) => c.form), [...XML_FORMS]);
    assert.ok(cases.every((c) => c.formats.length === 1 && c.formats[0] === 'xml'));
  });

  it('refusing a form none of its formats has, naming the forms there are', () => {
    assertRefused(suite({ 'change_receiver/bad.yaml': formsCase('[cdata]', '\n    formats: [json]\n    why: a test') }), 'change_receiver/bad.yaml', 'cases.0.forms', "no form 'cdata'", 'unicode-escapes');
    assertRefused(suite({ 'change_receiver/bad.yaml': formsCase('[folded]') }), 'change_receiver/bad.yaml', 'cases.0.forms', "'folded'");
  });

  it('refusing a raw or rewired body, which is no built request', () => {
    assertRefused(suite({ 'change_receiver/bad.yaml': formsCase('all', '\n    wire: { cut: 1 }') }), 'change_receiver/bad.yaml', 'cases.0.forms', 'raw or wire');
  });
});

describe('loadAllCases says where each case is written', () => {
  it('gives every case of the suite the line its `- name:` is on, which its step in Playwright\'s report points at', () => {
    const cases = loadAllCases();
    assert.ok(cases.length > 400);
    const files = new Map<string, string[]>();
    for (const c of cases) {
      const lines = files.get(c.file) ?? readFileSync(join(ROOT, c.file), 'utf8').split('\n');
      files.set(c.file, lines);
      assert.ok(c.line, `${c.file}: cases.${c.index} has a line`);
      // The copies of a case of `forms` or `each` add to its name ("<name>: <form>", "<name> (entry 1 of 2 …)").
      const written = /^\s*- name: (['"]?)(.*)\1\s*$/.exec(lines[c.line - 1]!)?.[2];
      assert.ok(written && c.name.startsWith(written), `${c.file}:${c.line} is not where '${c.name}' is written: ${lines[c.line - 1]}`);
    }
  });

  it('in a file of its own too, as written', () => {
    const dir = suite({ 'change_receiver/a.yaml': `operation: change_receiver\nfamily: member\ncases:${GOOD_CASE}\n${GOOD_CASE.replace('without counteragent', 'without any counteragent')}` });
    assert.deepEqual(loadAllCases(dir).map((c) => c.line), [4, 9]);
  });
});

describe('framings and sequences in a scenario file', () => {
  const framed = (rules: string, framings: string): string => receiverFile(`
  - name: a valid request is sent otherwise
    rules: [${rules}]
    framings: ${framings}
    expect: accepted`);

  it('makes a case of framings one case per framing, judged on the framing\'s rule (and, over HTTP/1.0, the answer\'s framing)', () => {
    const cases = loadAllCases(suite({ 'change_receiver/wire.yaml': framed('WIRE-CHUNKED-REQUEST, WIRE-HTTP10', '[chunked, http10]') }));
    assert.deepEqual(cases.map((c) => [c.name, c.framing, c.rules.join(' ')]), [
      ['a valid request is sent otherwise: chunked', 'chunked', 'WIRE-CHUNKED-REQUEST'],
      ['a valid request is sent otherwise: http10', 'http10', 'WIRE-HTTP10 WIRE-RESPONSE-FRAMING'],
    ]);
  });

  it('refuses a framing whose rule the case does not name, and an unknown framing, naming the key', () => {
    assertRefused(suite({ 'change_receiver/wire.yaml': framed('WIRE-CHUNKED-REQUEST', '[chunked, http10]') }), 'change_receiver/wire.yaml', 'cases.0.rules', 'WIRE-HTTP10');
    assertRefused(suite({ 'change_receiver/wire.yaml': framed('WIRE-CHUNKED-REQUEST', '[smoke-signals]') }), 'change_receiver/wire.yaml', 'cases.0.framings', "no framing 'smoke-signals'");
  });

  const sequenced = (step: string, extra = ''): string => receiverFile(`
  - name: two requests in order get their own answers
    rules: [SEQ-INDEPENDENT]${extra}
    sequence:
      steps:
        - { expect: accepted, rules: [RSP-RECEIVER-SUCCESS] }
        - ${step}`);

  it('loads a sequence whose steps name their operation, and needs no expect of its own', () => {
    const [c] = loadAllCases(suite({ 'change_receiver/seq.yaml': sequenced('{ operation: change_pickup, expect: rejected, rules: [PCK-VARIANT-REQUIRED], pauseBeforeMs: 1200 }') }));
    assert.equal(c!.sequence!.steps.length, 2);
    assert.equal(c!.expect, 'accepted', 'a step expects an acceptance, so the case needs the endpoint to accept');
  });

  it('refuses a step\'s rule that does not apply to the step\'s operation, naming the step', () => {
    assertRefused(suite({ 'change_receiver/seq.yaml': sequenced('{ operation: change_pickup, expect: rejected, rules: [RCV-RECEIVER-REQUIRED] }') }),
      'change_receiver/seq.yaml', 'cases.0.sequence.steps.1.rules', 'RCV-RECEIVER-REQUIRED does not apply to change_pickup');
  });

  it('refuses a step with no rules, and a case with a sequence and framings', () => {
    assertRefused(suite({ 'change_receiver/seq.yaml': sequenced('{ expect: accepted }') }), 'change_receiver/seq.yaml', 'rules');
    assertRefused(suite({ 'change_receiver/seq.yaml': sequenced('{ expect: accepted, rules: [RSP-RECEIVER-SUCCESS] }', '\n    framings: all') }), 'change_receiver/seq.yaml', 'framings');
  });

  it('refuses a case that is no sequence and has no expect', () => {
    assertRefused(suite({ 'change_receiver/bad.yaml': receiverFile(`
  - name: nothing expected
    rules: [MBR-COUNTERAGENT-NEITHER]`) }), 'change_receiver/bad.yaml', 'expect');
  });
});
