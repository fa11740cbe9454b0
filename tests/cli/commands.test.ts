// The ocs-conformance command's quick subcommands and its argument handling (no run is made).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { tempDir } from '../../scripts/bench/leftovers.ts';
import { loadRules } from '../../src/contract/load.ts';
import { loadProfile } from '../../src/profile/load.ts';
import { cliRun, mainHere, quickCli as cli, ROOT } from './helpers.ts';

const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const COMMANDS = ['run', 'rules', 'explain', 'init', 'diff', 'export-openapi'];
const tmp = () => tempDir('ocs-cli-');

describe('ocs-conformance: help, version and usage errors', () => {
  it('npx ocs-conformance --help, from the clone, lists every command and the exit codes', async () => {
    const r = await cliRun('npx', ['--no-install', 'ocs-conformance', '--help']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^Usage: ocs-conformance <command> \[options\]/);
    for (const c of COMMANDS) assert.match(r.stdout, new RegExp(`^  ${c}\\b`, 'm'), c);
    assert.match(r.stdout, /0 conformant \(or no regression\), 1 not conformant \(or regressed\),\n2 incomplete \(stopped, or a MUST rule not judged in both formats\), or the run\ncould not be made/);
  });

  it('--version prints package.json\'s version', () => {
    for (const flag of ['--version', '-v']) {
      const r = cli([flag]);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(r.stdout, `${version}\n`);
    }
  });

  for (const command of COMMANDS) {
    it(`${command} --help prints the command's usage and exits 0`, async () => {
      const r = await mainHere([command, '--help']);
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, new RegExp(`^Usage: ocs-conformance ${command}\\b`));
      assert.match(r.stdout, /-h, --help/);
    });
  }

  const usageErrors: [string, string[], RegExp][] = [
    ['an unknown flag', ['run', '--bogus'], /Unknown option '--bogus'/],
    ['a missing value', ['run', '--runs'], /Option '--runs <value>' argument missing/],
    ['a flag taken for a value', ['run', '--profile', '--runs', '3'], /argument is ambiguous/],
    ['a stray argument', ['run', 'extra'], /run: unexpected argument 'extra'/],
    ['a negative --runs', ['run', '--runs=-1'], /--runs: expected an integer ≥ 0, got '-1'/],
    ['a non-numeric --workers', ['run', '--workers', 'two'], /--workers: expected an integer ≥ 1, got 'two'/],
    ['a zero --rps', ['run', '--rps', '0'], /--rps: expected a positive number, got '0'/],
    ['a non-numeric --rps', ['run', '--rps', 'fast'], /--rps: expected a positive number, got 'fast'/],
    ['a shard past its count', ['run', '--shard', '3/2'], /--shard: expected I\/N with 1 ≤ I ≤ N, got '3\/2'/],
    ['a --grep that is no regular expression', ['run', '--grep', '('], /--grep: Invalid regular expression/],
    ['a --base-url that is no URL', ['run', '--base-url', 'vendor.example'], /--base-url: expected an http:\/\/ or https:\/\/ URL/],
    ['an unknown level', ['rules', '--level', 'may'], /--level: expected must, should or info, got 'may'/],
    ['explain without a rule', ['explain'], /explain: expected 1 argument\(s\), got 0/],
    ['diff with one file', ['diff', 'a.json'], /diff: expected 2 argument\(s\), got 1/],
    ['an unknown format', ['export-openapi', '--format', 'xml'], /--format: expected yaml or json, got 'xml'/],
    ['an unknown command', ['certify'], /unknown command 'certify'/],
    ['no command', [], /a command is required/],
  ];
  for (const [what, args, reason] of usageErrors) {
    it(`exits 2 on ${what}, with the reason and the usage on stderr`, async () => {
      const r = await mainHere(args);
      assert.equal(r.code, 2, r.stdout);
      assert.equal(r.stdout, '');
      const [first, ...rest] = r.stderr.split('\n');
      assert.match(first!, /^ocs-conformance: /);
      assert.match(first!, reason);
      assert.match(rest.join('\n'), /^Usage: ocs-conformance/m);
    });
  }

  it('exits 2 with a one-line reason when --base-url comes without a profile', () => {
    const r = cli(['run', '--base-url', 'http://127.0.0.1:1'], { env: { OCS_PROFILE: '' } });
    assert.equal(r.code, 2);
    assert.equal(r.stderr, 'ocs-conformance: --base-url needs --profile FILE, the target\'s profile (`ocs-conformance init` writes a template)\n');
  });

  it('exits 2 naming the file when the baseline is not a summary.json, before anything runs', () => {
    const dir = tmp();
    writeFileSync(join(dir, 'not-summary.json'), '{"verdict": "conformant"}');
    const reports = join(dir, 'reports');
    for (const [file, reason] of [[join(dir, 'missing.json'), /cannot read the summary \(ENOENT\)/], [join(dir, 'not-summary.json'), /not a summary\.json \(no rules array\)/]] as const) {
      const r = cli(['run', '--baseline', file, '--report-dir', reports]);
      assert.equal(r.code, 2, r.stdout);
      assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
      assert.match(r.stderr, new RegExp(`^ocs-conformance: ${file.replace(/[.]/g, '\\.')}: `));
      assert.match(r.stderr, reason);
    }
    assert.ok(!existsSync(reports), 'nothing ran');
  });
});

describe('ocs-conformance run: flags and environment', () => {
  it('--dry-run lists what would be sent; --profile wins over OCS_PROFILE', () => {
    const r = cli(['run', '--dry-run', '--profile', 'profiles/reference.yaml'], { env: { OCS_BASE_URL: '', OCS_PROFILE: '/nonexistent/profile.yaml' } });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^CNT-CONTACTIDS-MAX \[json,xml\] four receiver contactIDs are rejected/m);
    assert.match(r.stdout, /^[0-9]+ cases$/m);
  });

  it('the environment keeps working: OCS_PROFILE is read when no flag names a profile', () => {
    const r = cli(['run', '--dry-run'], { env: { OCS_BASE_URL: '', OCS_PROFILE: '/nonexistent/profile.yaml' } });
    assert.equal(r.code, 2);
    assert.equal(r.stderr, 'ocs-conformance: /nonexistent/profile.yaml: cannot read the profile (ENOENT)\n');
  });

  it('refuses a malformed profile with exit 2, naming the file and the key', () => {
    const dir = tmp();
    const file = join(dir, 'bad.yaml');
    writeFileSync(file, 'name: bad\ncredentials: { appkey: { env: A }, sessionID: { env: B } }\nfixtures:\n  orders: { receiverChangeable: "1", pickupChangeable: 2 }\n');
    const r = cli(['run', '--base-url', 'http://127.0.0.1:1', '--profile', file, '--report-dir', join(dir, 'reports')], { env: { A: 'a', B: 'b' } });
    assert.equal(r.code, 2);
    assert.match(r.stderr, new RegExp(`^ocs-conformance: ${file}: key fixtures\\.orders\\.pickupChangeable: must be string\\n$`));
  });
});

describe('ocs-conformance rules and explain', () => {
  const rules = loadRules();

  it('rules lists every rule of the catalog, one line each', () => {
    const r = cli(['rules']);
    assert.equal(r.code, 0, r.stderr);
    const lines = r.stdout.trim().split('\n');
    assert.equal(lines.at(-1), `${rules.length} rules`);
    assert.deepEqual(lines.slice(0, -1).map((l) => l.split(/\s+/)[0]), rules.map((x) => x.id));
    assert.match(r.stdout, /^CNT-CONTACTIDS-MAX +MUST +§8 +MUST accept three contactIDs and reject four$/m);
  });

  it('rules --level should --json gives the SHOULD rules\' catalog entries', () => {
    const r = cli(['rules', '--level', 'should', '--json']);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), rules.filter((x) => x.level === 'SHOULD'));
  });

  it('explain CNT-CONTACTIDS-MAX gives the quote, level, section, scenarios, properties and violator', () => {
    const r = cli(['explain', 'CNT-CONTACTIDS-MAX']);
    assert.equal(r.code, 0, r.stderr);
    const rule = rules.find((x) => x.id === 'CNT-CONTACTIDS-MAX')!;
    assert.match(r.stdout, /^CNT-CONTACTIDS-MAX \(MUST\): MUST accept three contactIDs and reject four$/m);
    assert.ok(r.stdout.includes(`Spec section 8:\n  ${rule.spec.quote}\n`), r.stdout);
    assert.match(r.stdout, /^ {2}suites\/change_receiver\/member-limits\.yaml: four receiver contactIDs are rejected \[json, xml\], expect rejected$/m);
    assert.match(r.stdout, /^ {2}suites\/change_pickup\/contacts\.yaml: four contactIDs are rejected \[json, xml\], expect rejected$/m);
    assert.match(r.stdout, /^ {2}CNT-CONTACTIDS-MAX \[xml\] property: change_pickup violations are rejected$/m);
    assert.match(r.stdout, /^Violator:\n {2}generators\/violators breaks it in change_receiver, change_pickup \(json, xml\)$/m);
    assert.match(r.stdout, /^Assumptions \(contract\/assumptions\.yaml\) \(0\):\n {2}none$/m);
  });

  it('explain of an INFO rule gives the assumption that names it and why it has no violator', () => {
    const r = cli(['explain', 'INFO-ERROR-BODY']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^ {2}A-ERROR-BODY: Shape of the error response body$/m);
    assert.match(r.stdout, /^ {4}profile: responses\.errorCodePath/m);
    assert.match(r.stdout, /^Violator:\n {2}none: /m);
  });

  it('explain of an unknown rule exits 2 with a one-line reason', () => {
    const r = cli(['explain', 'CNT-CONTACTIDS-MAXX']);
    assert.equal(r.code, 2);
    assert.equal(r.stderr, 'ocs-conformance: unknown rule ID CNT-CONTACTIDS-MAXX (not in contract/rules.yaml); did you mean CNT-CONTACTIDS-MAX?\n');
  });
});

describe('ocs-conformance init', () => {
  it('writes a commented template that loads as a profile once its variables are set', () => {
    const dir = tmp();
    const r = cli(['init'], { cwd: dir });
    assert.equal(r.code, 0, r.stderr);
    const file = join(dir, 'ocs-profile.yaml');
    const text = readFileSync(file, 'utf8');
    assert.match(text, /^# A profile for the implementation under test, written by `ocs-conformance init`\./);
    assert.match(text, /ocs-conformance run --base-url/);
    const { credentials } = parse(text) as { credentials: { appkey: { env: string }; sessionID: { env: string } } };
    const profile = loadProfile(file, { [credentials.appkey.env]: 'init-appkey', [credentials.sessionID.env]: 'init-session' });
    assert.deepEqual(profile.secrets, { appkey: 'init-appkey', sessionID: 'init-session' });
    assert.ok(profile.fixtures.orders.receiverChangeable);
  });

  it('writes to the file it is given, and never overwrites one', () => {
    const dir = tmp();
    const file = join(dir, 'vendor.yaml');
    assert.equal(cli(['init', file]).code, 0);
    writeFileSync(file, 'mine\n');
    const r = cli(['init', file]);
    assert.equal(r.code, 2);
    assert.equal(r.stderr, `ocs-conformance: ${file} exists; not overwritten (name another file: ocs-conformance init FILE)\n`);
    assert.equal(readFileSync(file, 'utf8'), 'mine\n');
  });
});
