// Near misses of a credential (src/profile/near-misses.ts, contract/edges/credentials.yaml):
// each is the step its name says from the secret, the report mask hides what it keeps of the
// secret, and its shell expression rebuilds it from the secret's variable in dash and bash.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { spawnSync } from 'node:child_process';
import { encodeRequest } from '../../src/codec/index.ts';
import { masker } from '../../src/profile/mask.ts';
import { publicWords } from '../../src/profile/public-words.ts';
import { curlLine } from '../../src/report/evidence.ts';
import { nearMiss, NEAR_MISSES, replaySpellings, type NearMiss, type NearMissKind } from '../../src/profile/near-misses.ts';

const sent = (kind: NearMissKind, secret: string): NearMiss => {
  const m = nearMiss(kind, secret);
  assert.ok(!('none' in m), `${kind} of ${secret}: ${'none' in m ? m.none : ''}`);
  return m;
};

/** A secret from characters that quoting, escaping and shells change, and letters in both cases. */
const SECRET = fc.string({ unit: fc.constantFrom(...'abcxyzKLMQRSTÖжЖ0189-_.&"<>\'/\\+=%$`*?[] 🔑'.split(/(?:)/u)), minLength: 7, maxLength: 40 });

const WORDS = publicWords();

/**
 * Standard input from /dev/null: on a socket (Node's default pipe) bash takes itself for a
 * remote shell and reads ~/.bashrc, which can cost half a second a call.
 */
const STDIO = ['ignore', 'pipe', 'pipe'] as ['ignore', 'pipe', 'pipe'];

/** The shell's value of `"<expression>"`, with the secret in the variable S. */
const inShell = (shell: string, expression: string, secret: string): string =>
  execFileSync(shell, ['-c', `printf %s "${expression}"`], { env: { S: secret, LANG: 'C', PATH: process.env.PATH }, stdio: STDIO }).toString();

describe('near misses of a credential', () => {
  it('are each one step from the secret: a character changed at either end, a proper prefix, an extension, one letter in the other case, edge spaces', () => {
    const secret = 'ref-session-alice';
    assert.equal(sent('firstChanged', secret).value, 'sef-session-alice');
    assert.equal(sent('lastChanged', secret).value, 'ref-session-alicf');
    assert.equal(sent('properPrefix', secret).value, 'ref-session-alic');
    assert.equal(sent('extension', secret).value, 'ref-session-alicef');
    assert.equal(sent('caseChanged', secret).value, 'ref-sessIon-alice');
    assert.equal(sent('edgeSpaces', secret).value, ' ref-session-alice ');
  });

  it('differ from the secret, and the case change only in the case of one letter that is no hexadecimal digit', () => {
    fc.assert(fc.property(SECRET, (secret) => {
      for (const kind of NEAR_MISSES) {
        const m = nearMiss(kind, secret);
        if ('none' in m) continue;
        assert.notEqual(m.value, secret, kind);
        if (kind !== 'caseChanged') continue;
        const diff = [...secret].flatMap((c, i) => (c === [...m.value][i] ? [] : [c]));
        assert.equal(diff.length, 1, m.value);
        assert.match(diff[0]!, /^[^a-fA-F]$/);
        assert.equal(m.value.toLowerCase(), secret.toLowerCase());
      }
    }), { numRuns: 200 });
  });

  it('are masked in reports: no run of six of the secret\'s characters is left', () => {
    fc.assert(fc.property(SECRET, (secret) => {
      const mask = masker({ appkey: secret, sessionID: 'another-secret-value' });
      const runs = new Set([...secret].map((_, i) => [...secret].slice(i, i + 6).join('')).filter((r) => [...r].length === 6));
      for (const kind of NEAR_MISSES) {
        const m = nearMiss(kind, secret);
        if ('none' in m) continue;
        const shown = mask(`{"appkey":${JSON.stringify(m.value)}}`);
        for (const r of runs) assert.ok(!shown.includes(r), `${kind}: ${JSON.stringify(shown)} shows ${JSON.stringify(r)} of ${JSON.stringify(secret)}`);
      }
    }), { numRuns: 100 });
  });

  it('are not sent where what they keep would show: a secret under seven characters, no letter six from both ends', () => {
    for (const kind of ['firstChanged', 'lastChanged', 'properPrefix', 'caseChanged'] as const) assert.match((nearMiss(kind, 'abc12') as { none: string }).none, /5 characters/);
    assert.equal(sent('extension', 'abc12').value, 'abc123', 'an extension keeps the whole secret, which the mask hides whole');
    assert.match((nearMiss('caseChanged', '0123456789abcdef') as { none: string }).none, /hexadecimal/);
  });

  for (const shell of ['sh', 'bash']) {
    it(`rebuild in ${shell} from the secret's variable, whatever characters it holds`, () => {
      fc.assert(fc.property(SECRET, (secret) => {
        for (const kind of NEAR_MISSES) {
          const m = nearMiss(kind, secret);
          if (!('none' in m)) assert.equal(inShell(shell, m.shell('S'), secret), m.value, `${kind}: ${m.shell('S')}`);
        }
      }), { numRuns: 25 });
    });
  }

  it('are never another credential of the profile (a further identity\'s appkey)', () => {
    assert.equal(sent('lastChanged', 'ref-appkey-0001').value, 'ref-appkey-0002');
    assert.equal((nearMiss('lastChanged', 'ref-appkey-0001', ['ref-appkey-0002']) as NearMiss).value, 'ref-appkey-0003');
    assert.match((nearMiss('properPrefix', 'ref-appkey-0001', ['ref-appkey-000']) as { none: string }).none, /another credential/);
  });

  it('are spelled for a replay line longest first, the secret as its variable', () => {
    const spellings = replaySpellings('ref-appkey-0001', 'OCS_APPKEY');
    assert.deepEqual(spellings.map((s) => s.value.length), [...spellings.map((s) => s.value.length)].sort((a, b) => b - a));
    assert.ok(spellings.some((s) => s.value === 'ref-appkey-0001' && s.shell === '$OCS_APPKEY'));
    assert.equal(spellings.length, 1 + NEAR_MISSES.length);
  });

  it('are replayed by a curl line as shell expressions of the secret\'s variable, in JSON and XML bodies', () => {
    const secrets = { appkey: { value: 'ref-appkey-0001', env: 'OCS_APPKEY' }, sessionID: { value: 'ref-session-alice', env: 'OCS_SESSION_ID' } };
    for (const kind of NEAR_MISSES) {
      for (const format of ['json', 'xml'] as const) {
        const body = encodeRequest(format, { appkey: sent(kind, secrets.appkey.value).value, sessionID: sent(kind, secrets.sessionID.value).value, orderID: '26-0000101' });
        const line = curlLine({ method: 'POST', url: 'http://127.0.0.1:1/v3/orders/change_receiver.json', headers: {}, body }, secrets);
        // No run of six of a secret's characters, but those of the request's own words (`appkey`).
        for (const secret of ['ref-appkey-0001', 'ref-session-alice']) {
          const runs = [...secret].map((_, i) => secret.slice(i, i + 6)).filter((r) => r.length === 6 && !WORDS.some((w) => w.includes(r)));
          assert.deepEqual(runs.filter((r) => line.includes(r)), [], `${kind}: ${line}`);
        }
        for (const shell of ['sh', 'bash']) {
          const out = spawnSync(shell, ['-c', `curl() { for last; do :; done; printf '%s' "$last"; }\n${line}`], { env: { PATH: process.env.PATH, OCS_APPKEY: secrets.appkey.value, OCS_SESSION_ID: secrets.sessionID.value }, encoding: 'utf8', stdio: STDIO });
          assert.equal(out.stdout, body, `${kind} ${format} in ${shell}: ${line} ${out.stderr}`);
        }
      }
    }
  });
});
