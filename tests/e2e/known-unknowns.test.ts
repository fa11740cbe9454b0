// Values the profile names unknown (fixtures.unknown, docs/known-unknowns.md): the look-up
// cases and the look-up violators send exactly those, two of each kind, the reference refuses
// them, and the certificate says which kinds came from the profile. A recording proxy in front
// of the reference keeps what was sent; each body is decoded, and every value in a field of a
// kind is held to that kind: the profile's known values or its named unknown ones, as written.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../../scripts/bench/leftovers.ts';
import { startReference } from '../../reference/server.ts';
import { startProxy } from '../../scripts/bench/proxy.ts';
import { referenceEnv, REFERENCE_PROFILE } from '../../scripts/reference-profile.ts';
import { decodeRequest } from '../../src/codec/index.ts';
import { valueEdgeSets } from '../../src/contract/value-edges.ts';
import type { Format, Operation } from '../../src/contract/load.ts';
import { readProfile } from '../../src/profile/load.ts';
import { knownValues, UNKNOWN_KINDS, type UnknownKind } from '../../src/profile/unknowns.ts';
import { valuesByKind } from '../harness/helpers.ts';
import { start } from './run.ts';

const LOOK_UPS = 'MBR-COUNTERAGENTID-KNOWN|CNT-IDS-KNOWN|CAG-FORM-KNOWN|CAG-JADDR-STREET-KNOWN|PCK-ADDRESSID-KNOWN|PCK-ADDRESS-STREET-KNOWN';

/**
 * Two of each kind. The second form and street carry edge whitespace, an astral character and
 * XML's specials, so a value is compared as decoded, not found by a pattern; both streets keep
 * the in-region street's region (77), so the pickup cases send both.
 */
const UNKNOWN: Record<UnknownKind, (number | string)[]> = {
  counteragentIDs: [999000101, 999000102], contactIDs: [999000201, 999000202], phoneIDs: [999000301, 999000302], addressIDs: [999000401, 999000402],
  forms: ['0x00000000000000000000000000000000', ' 0x&<"𝄞 form '], streets: ['77000000000999900', '77 &<"𝄞 street '],
};

/**
 * The integer edges (contract/edges/integers.yaml) the same look-up rules judge: a known ID moved
 * past a machine integer's width, another method of finding an unknown ID (docs/value-edges.md).
 */
const movedIds = (known: unknown[]): unknown[] =>
  known.filter((k): k is number => typeof k === 'number').flatMap((k) => valueEdgeSets().integers!.entries.map((e) => (e.add !== undefined ? k + e.add : k * e.times!)));

/** A request body as it reached the target: the path says its operation and format. */
interface Recorded { url: string; op?: Operation; format?: Format; body: string }

/** The request bodies the proxy passes on, each with the operation and format its path names. */
function recorded(): { bodies: Recorded[]; onRequest: (url: string, body: Buffer) => void } {
  const bodies: Recorded[] = [];
  return {
    bodies,
    onRequest: (url, body) => {
      const [, op, format] = /\/(change_receiver|change_pickup)\.(json|xml)$/.exec(url) ?? [];
      bodies.push({ url, op: op as Operation | undefined, format: format as Format | undefined, body: body.toString('utf8') });
    },
  };
}

describe('values the profile names unknown', () => {
  it('are what the look-up cases and violators send, each in a field of its own kind, in both formats, and the certificate says so', { timeout: 220_000 }, async () => {
    const file = join(tempDir('ocs-unknown-'), 'profile.yaml');
    const named = Object.entries(UNKNOWN).map(([k, v]) => `    ${k}: ${JSON.stringify(v)}`).join('\n');
    writeFileSync(file, readFileSync(REFERENCE_PROFILE, 'utf8').replace(/^fixtures:\n/m, `fixtures:\n  unknown:\n${named}\n`));
    const { fixtures } = readProfile(file);
    assert.deepEqual(fixtures.unknown, UNKNOWN, 'the profile names the values as written');
    const reference = await startReference();
    const seen = recorded();
    const proxy = await startProxy(reference.url, 0, { onRequest: seen.onRequest });
    try {
      const run = await start(['--grep', LOOK_UPS], { ...referenceEnv(), OCS_BASE_URL: proxy.url, OCS_PROFILE: file, OCS_RUNS: '3' }, 200_000);
      const summary = run.summary();
      for (const id of LOOK_UPS.split('|')) {
        const row = summary.rules.find((r) => r.id === id)!;
        assert.deepEqual([row.json, row.xml], ['pass', 'pass'], `${id}: ${run.stdout.slice(-1500)}`);
      }
      // Every value in a field of a kind is the profile's known value or its named unknown of
      // that kind, exactly: a drawn value, one of another kind, or one changed on the wire fails.
      const sent = { json: new Map<UnknownKind, unknown[]>(), xml: new Map<UnknownKind, unknown[]>() };
      for (const { url, op, format, body } of seen.bodies) {
        assert.ok(op && format, `a request to ${url}, no operation's path`);
        for (const { kind, path, value } of valuesByKind(decodeRequest(format, op, body))) {
          const allowed = [...knownValues(fixtures, kind), ...UNKNOWN[kind], ...movedIds(knownValues(fixtures, kind))];
          assert.ok(allowed.includes(value as never), `${format} ${op} ${path}: ${JSON.stringify(value)} is neither a known nor a named unknown ${kind} value`);
          sent[format].set(kind, [...sent[format].get(kind) ?? [], value]);
        }
      }
      // Each named value is sent, in a field of its kind, as JSON and as XML.
      for (const format of ['json', 'xml'] as const) {
        for (const kind of UNKNOWN_KINDS) {
          for (const value of UNKNOWN[kind]) assert.ok(sent[format].get(kind)?.includes(value), `${JSON.stringify(value)} as a ${kind} value in a ${format} body`);
        }
      }
      const world = summary.targetWorld!;
      assert.deepEqual(world.unknownValues, { fromProfile: ['counteragentIDs', 'contactIDs', 'phoneIDs', 'addressIDs', 'forms', 'streets'], drawn: [] });
      assert.match(readFileSync(join(run.reports, 'conformance.html'), 'utf8'), /id="unknown-values"[^\n]*from the profile[^\n]*<code>streets<\/code>; drawn anew each run: none/);
    } finally {
      await proxy.close();
      await reference.close();
    }
  });
});
