// The reference under RFC 9110 and RFC 9112 (contract/standards-audit.yaml): it dates every answer
// with its own clock, refuses two Host lines and a Host that is no host and port as Node refuses
// what its parser cannot read (400, no body, the connection closed), and serves the absolute form.
// The faults that read such a request anyway serve it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FIXED, FORMATS, addressPickupRequest, encode, send, useReference } from './helpers.ts';
import { pathOf, rawExchange, splitRaw } from './framings.ts';

const body = encode('json', addressPickupRequest({ search: 'Москва, ул. Тверская, д. 7' }));
const length = Buffer.byteLength(body);

/** A raw HTTP/1.1 request to the JSON pickup path: `head` holds the header lines between the request line and the body's own. */
const raw = (base: string, head: string, fields = `Content-Type: application/json\r\nContent-Length: ${length}\r\n`): Promise<Buffer> =>
  rawExchange(base, Buffer.from(`POST ${pathOf('change_pickup', 'json')} HTTP/1.1\r\n${head}${fields}\r\n${body}`));
const statusOf = (answer: Buffer): number => Number(splitRaw(answer).statusLine.split(' ')[1]);

describe('the faithful reference', () => {
  const ref = useReference();
  const host = (): string => `Host: ${new URL(ref.url).host}\r\n`;

  for (const format of FORMATS) {
    it(`dates an accepted and a refused change with its own clock, as an IMF-fixdate [${format}]`, async () => {
      const accepted = await send(ref.url, 'change_pickup', format, addressPickupRequest({ search: 'Москва, ул. Тверская, д. 7' }));
      const refused = await send(ref.url, 'change_pickup', format, '{}');
      for (const reply of [accepted, refused]) assert.equal(reply.headers.get('date'), FIXED.toUTCString());
      assert.deepEqual([accepted.status, refused.status], [200, 400]);
    });
  }

  it('answers 400 with an explanation (RFC 9110 15.5) and closes, to two Host lines, a Host with a path or none in HTTP/1.1; serves one Host', async () => {
    for (const head of [`${host()}${host()}`, `Host: ${new URL(ref.url).host}/v3\r\n`, 'Host: a b\r\n', '']) {
      const { statusLine, headers, body: sent } = splitRaw(await raw(ref.url, head));
      assert.match(statusLine, /^HTTP\/1\.1 400 /, head);
      assert.equal(headers.connection, 'close', head);
      assert.match(sent.toString(), /^400 Bad Request: .+ \(RFC 9112 3\.2\)\. The condition is permanent/, head);
    }
    assert.equal(statusOf(await raw(ref.url, host())), 200);
    assert.equal(statusOf(await raw(ref.url, 'Host: [::1]:8080\r\n')), 200, 'an IP literal with a port is a host');
  });

  it('serves a request in absolute form as in origin form', async () => {
    const absolute = await rawExchange(ref.url, Buffer.from(`POST ${ref.url}${pathOf('change_pickup', 'json')} HTTP/1.1\r\n${host()}Content-Type: application/json\r\nContent-Length: ${length}\r\n\r\n${body}`));
    const origin = await raw(ref.url, host());
    assert.equal(splitRaw(absolute).body.toString(), splitRaw(origin).body.toString());
  });
});

/** A fault that reads a message HTTP forbids as a request, which the faithful reference refuses. */
function serves(fault: string, head: (host: string) => string, fields?: string): void {
  describe(fault, () => {
    const faulty = useReference({ fault });
    it('serves what the faithful reference refuses', async () => {
      assert.equal(statusOf(await raw(faulty.url, head(new URL(faulty.url).host), fields)), 200);
    });
  });
}

serves('host-not-required', () => '');
serves('duplicate-host-accepted', (h) => `Host: ${h}\r\nHost: ${h}\r\n`);
serves('space-before-colon-stripped', (h) => `Host: ${h}\r\n`, `Content-Type : application/json\r\nContent-Length: ${length}\r\n`);
serves('first-content-length-kept', (h) => `Host: ${h}\r\n`, `Content-Type: application/json\r\nContent-Length: ${length}\r\nContent-Length: ${length + 1}\r\n`);
serves('transfer-coding-ignored', (h) => `Host: ${h}\r\n`, 'Content-Type: application/json\r\nTransfer-Encoding: gzip\r\n');
serves('body-ended-by-close', (h) => `Host: ${h}\r\n`, `Content-Type: application/json\r\nContent-Length: ${length + 16}\r\n`);
