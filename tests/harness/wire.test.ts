// The scenario extensions of issue 10: `wire` (a body cut, wrapped, rewritten, made non-UTF-8
// or padded), `raw` per format, $unknownId / $unknownLike / $date weekAgo, and expect: probe
// (recorded, never judged, a transport failure included). Each is checked against a real
// server: the bytes that arrive are the bytes the case says.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { startReference } from '../../reference/server.ts';
import { NotSent } from '../../src/client/transport.ts';
import { undiciTransport } from '../../src/client/undici.ts';
import { runCase } from '../../src/runner/case.ts';
import { buildRequest, unknownLike } from '../../src/scenario/build.ts';
import { clockOf } from '../../src/time/clock.ts';
import { loadAllCases, loadBases, type LoadedCase } from '../../src/scenario/load.ts';
import { applyWire, WireError } from '../../src/scenario/wire.ts';
import { runContext } from '../../src/runner/context.ts';
import { referenceProfile } from './helpers.ts';

const kase = (c: Partial<LoadedCase> & Pick<LoadedCase, 'rules' | 'expect'>): LoadedCase =>
  ({ name: 'a case', file: 'tests', index: 0, operation: 'change_receiver', family: 'test', formats: ['json', 'xml'], ...c });

describe('applyWire', () => {
  it('leaves a body alone without wire', () => assert.deepEqual(applyWire('{"a":1}', undefined), { text: '{"a":1}' }));

  it('replaces every occurrence, then cuts, then wraps', () => {
    assert.deepEqual(applyWire('<request><a>1</a></request>', { replace: [['request', 'order']] }), { text: '<order><a>1</a></order>' });
    assert.deepEqual(applyWire('{"a":1}', { cut: 2, wrap: ['[', ']'] }), { text: '[{"a":]' });
  });

  it('refuses a replacement or a marker the body does not hold, naming it', () => {
    assert.throws(() => applyWire('{}', { replace: [['<request>', '<order>']] }), (e) => e instanceof WireError && /no '<request>'/.test(e.message));
    assert.throws(() => applyWire('{}', { invalidUtf8: 'name' }), /no 'name'/);
  });

  it('makes the first byte of the marker 0xFF, so the bytes are not UTF-8, and shows it as U+FFFD', () => {
    const out = applyWire('{"name":"Пётр"}', { invalidUtf8: 'Пётр' });
    assert.ok(out.bytes);
    assert.equal(out.bytes[9], 0xff);
    assert.throws(() => new TextDecoder('utf-8', { fatal: true }).decode(out.bytes));
    // П is D0 9F: 0xFF in place of D0 leaves a stray continuation byte, two replacement characters.
    assert.equal(out.text, '{"name":"\uFFFD\uFFFDётр"}');
  });

  it('pads with spaces up to the byte count, counting UTF-8 bytes', () => {
    const out = applyWire('{"n":"ё"}', { padTo: 100 });
    assert.equal(Buffer.byteLength(out.text), 100);
    assert.ok(out.text.startsWith('{"n":"ё"} '));
    assert.deepEqual(applyWire('{"a":1}', { padTo: 3 }), { text: '{"a":1}' }, 'never cut to pad');
  });
});

describe('the value operators', () => {
  const ctx = { profile: referenceProfile(), bases: loadBases(), now: new Date('2026-11-23T09:00:00Z') };
  const build = (set: Record<string, unknown>) => buildRequest(kase({ rules: ['CNT-IDS-KNOWN'], expect: 'rejected', operation: 'change_pickup', set }), ctx);

  it('$unknownId draws a nine-digit ID that is none of the profile\'s', () => {
    const known = new Set([6001, 6002, 6003, 6004, 7001, 7002, 7003, 7004, 5001, 5002, 5003, 8001, 8002, 8003]);
    for (let i = 0; i < 50; i++) {
      const id = (build({ addressID: { $unknownId: 'addressID' } }) as { addressID: number }).addressID;
      assert.ok(Number.isInteger(id) && id >= 900_000_000 && id < 1_000_000_000 && !known.has(id), String(id));
    }
  });

  it('$unknownLike keeps the first two characters and the form, and differs from the known value', () => {
    const street = (build({ 'address.street': { $unknownLike: 'pickup.inRegion.streets.0.street' } }) as { address: { street: string } }).address.street;
    assert.match(street, /^77[0-9]{15}$/);
    assert.notEqual(street, '77000000000713400');
    assert.match(unknownLike('0xab91feea8b5b0ba511e1bb8e84dd7412'), /^0x[0-9a-f]{32}$/);
  });

  it('$date weekAgo is seven days before today on the target\'s clock', () => {
    const date = (build({ produce_date: { $date: 'weekAgo' } }) as { produce_date: string }).produce_date;
    const today = clockOf(ctx.profile).local(ctx.now).date;
    assert.equal((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${date}T00:00:00Z`)) / 86_400_000, 7);
  });
});

describe('cases on the wire', () => {
  const ctx = runContext();
  const transport = undiciTransport(5_000);
  let reference: Awaited<ReturnType<typeof startReference>>;
  let received: Buffer[] = [];
  let status = 413;
  const sink: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push(Buffer.concat(chunks));
      if (status === 0) res.destroy();
      else res.writeHead(status, { 'content-type': 'text/html' }).end('<html>Request Entity Too Large</html>');
    });
  });
  let sinkUrl = '';
  before(async () => {
    reference = await startReference();
    await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
    sinkUrl = `http://127.0.0.1:${(sink.address() as AddressInfo).port}`;
  });
  after(async () => {
    await reference.close();
    await new Promise<void>((resolve) => sink.close(() => resolve()));
    await transport.close();
  });

  const fromSuite = (name: string, operation = 'change_receiver'): LoadedCase => {
    const c = loadAllCases().find((x) => x.name === name && x.operation === operation);
    assert.ok(c, `no case '${name}'`);
    return c;
  };

  it('sends the bytes of a body that is not UTF-8, and the reference refuses it as such', async () => {
    for (const format of ['json', 'xml'] as const) {
      const result = await runCase(fromSuite('a body that is not UTF-8 is rejected'), format, ctx, transport, reference.url);
      assert.equal(result.kind, 'judged');
      if (result.kind !== 'judged') return;
      assert.equal(result.response?.status, 400);
      assert.match(result.response!.body, /not UTF-8/);
      assert.deepEqual(result.findings.filter((f) => f.verdict !== 'pass').map((f) => f.rule), []);
    }
  });

  it('a probe records a 413 in HTML without judging the response rules', async () => {
    received = [];
    status = 413;
    const result = await runCase(fromSuite('a 4 MiB body is recorded'), 'json', ctx, transport, sinkUrl);
    assert.equal(result.kind, 'judged');
    if (result.kind !== 'judged') return;
    assert.equal(received[0]?.length, 4 * 1024 * 1024, 'the body arrives padded to 4 MiB');
    assert.deepEqual(result.findings.map((f) => [f.rule, f.verdict]), [['SAFE-LARGE-BODY', 'pass']]);
    assert.match(result.findings[0]!.note ?? '', /^Recorded: HTTP 413: the target refused it/);
  });

  it('a probe records a target that drops the connection, as a pass with the reason, never an error', async () => {
    status = 0;
    const result = await runCase(kase({ rules: ['SAFE-LARGE-BODY'], expect: 'probe', wire: { padTo: 2048 } }), 'xml', ctx, transport, sinkUrl);
    assert.equal(result.kind, 'judged');
    if (result.kind !== 'judged') return;
    assert.deepEqual(result.findings.map((f) => [f.rule, f.verdict]), [['SAFE-LARGE-BODY', 'pass']]);
    assert.match(result.findings[0]!.note ?? '', /^Recorded: no answer/);
  });

  it('a probe never sent (the target is down and the breaker open) errs as any case', async () => {
    const down = { send: async () => { throw new NotSent('not sent: the last 3 requests to the target failed'); } };
    const result = await runCase(kase({ rules: ['SAFE-LARGE-BODY'], expect: 'probe', wire: { padTo: 2048 } }), 'json', ctx, down, sinkUrl);
    assert.equal(result.kind, 'judged');
    if (result.kind !== 'judged') return;
    assert.deepEqual(result.findings.map((f) => [f.rule, f.verdict]), [['SAFE-LARGE-BODY', 'error']]);
  });

  it('the same answer to a case that is not a probe fails the response rules', async () => {
    status = 413;
    const result = await runCase(kase({ rules: ['BODY-UNREADABLE'], expect: 'rejected', wire: { cut: 3 } }), 'json', ctx, transport, sinkUrl);
    assert.equal(result.kind, 'judged');
    if (result.kind !== 'judged') return;
    const failed = new Set(result.findings.filter((f) => f.verdict !== 'pass').map((f) => f.rule));
    assert.ok(failed.has('BODY-UNREADABLE') && failed.has('RSP-HTTP-STATUS'), [...failed].join(', '));
  });
});
