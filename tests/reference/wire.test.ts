// Issue 26, the wire: the faithful reference answers a request in every HTTP framing a client may
// use as it answers the plain request, frames its answers so a client reads them whole, answers
// on kept-alive connections, and answers requests in flight together each its own. Its clock
// is fixed, so two answers to one request are the same bytes.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Client } from 'undici';
import {
  type Format, type Json, type Op, FORMATS, addressPickupRequest, decode, encode, inlineReceiverRequest, useReference, withPatch,
} from './helpers.ts';
import { FRAMINGS, keptConnection, pathOf, post, postFresh, rawExchange, sendFramed, sendHttp10, splitRaw } from './framings.ts';

const ref = useReference();

const searchedPickup = (): Json => addressPickupRequest({ search: 'Москва, ул. Тверская, д. 7' });

/** Each request holds Cyrillic, so a piece or a chunk can end inside a character. */
const REQUESTS: { name: string; op: Op; request: () => Json; valid: boolean }[] = [
  { name: 'a valid receiver change', op: 'change_receiver', request: inlineReceiverRequest, valid: true },
  { name: 'a receiver change without changeOrderPayer', op: 'change_receiver', request: () => withPatch(inlineReceiverRequest(), { changeOrderPayer: undefined }), valid: false },
  { name: 'a valid pickup change to a searched address', op: 'change_pickup', request: searchedPickup, valid: true },
  { name: 'a pickup change of variant terminal', op: 'change_pickup', request: () => withPatch(searchedPickup(), { variant: 'terminal' }), valid: false },
];

const outcome = (op: Op, format: Format, text: string): unknown => {
  const { body } = decode(format, text);
  return op === 'change_receiver' ? body.data?.status ?? body.errors?.map((e) => e.code) : body.data?.state ?? body.errors?.map((e) => e.code);
};

describe('every framing of a request is answered as the plain request', () => {
  for (const r of REQUESTS) {
    for (const format of FORMATS) {
      it(`${r.name} gets the plain answer in every framing [${format}]`, async () => {
        const body = encode(format, r.request());
        const plain = await sendFramed(ref.url, pathOf(r.op, format), format, body, 'plain');
        assert.equal(plain.status, r.valid ? 200 : 400, plain.text);
        assert.deepEqual(outcome(r.op, format, plain.text), r.valid ? 'success' : [100001]);
        for (const framing of FRAMINGS) {
          const reply = await sendFramed(ref.url, pathOf(r.op, format), format, body, framing);
          assert.equal(reply.status, plain.status, `${framing}: ${reply.text}`);
          assert.equal(reply.text, plain.text, framing);
        }
      });
    }
  }
});

describe('answers are framed for their client', () => {
  for (const format of FORMATS) {
    it(`an HTTP/1.0 request gets an answer without Transfer-Encoding whose Content-Length is its bytes [${format}]`, async () => {
      const reply = await sendHttp10(ref.url, pathOf('change_pickup', format), `application/${format}`, Buffer.from(encode(format, searchedPickup())));
      assert.equal(reply.status, 200);
      assert.equal(reply.headers['transfer-encoding'], undefined);
      assert.equal(Number(reply.headers['content-length']), Buffer.byteLength(reply.text));
      assert.match(reply.raw.subarray(0, 12).toString('latin1'), /^HTTP\/1\.[01] 200/);
    });
  }
});

describe('connections', () => {
  it('answers every request of a sequence on one kept-alive connection, as each alone on a fresh one', async () => {
    const client = keptConnection(ref.url);
    const before = ref.connections;
    const kept = [];
    try {
      for (const r of [...REQUESTS, ...REQUESTS]) {
        for (const format of FORMATS) kept.push(await post(client, pathOf(r.op, format), format, encode(format, r.request())));
      }
    } finally {
      await client.close();
    }
    assert.equal(ref.connections - before, 1, 'one connection carries the whole sequence');
    let i = 0;
    for (const r of [...REQUESTS, ...REQUESTS]) {
      for (const format of FORMATS) {
        const alone = await postFresh(ref.url, pathOf(r.op, format), format, encode(format, r.request()));
        assert.equal(kept[i]!.status, alone.status, `${r.name} [${format}]`);
        assert.equal(kept[i++]!.text, alone.text, `${r.name} [${format}]`);
      }
    }
  });

  it('answers requests of both operations in flight together, each its own answer', async () => {
    const shots = Array.from({ length: 24 }, (_, i) => ({ r: REQUESTS[i % REQUESTS.length]!, format: FORMATS[(i >> 2) % 2]! }));
    const alone = new Map<string, string>();
    for (const { r, format } of shots) alone.set(`${r.name} ${format}`, (await postFresh(ref.url, pathOf(r.op, format), format, encode(format, r.request()))).text);
    const clients = shots.map(() => new Client(ref.url));
    try {
      const together = await Promise.all(shots.map(({ r, format }, i) => post(clients[i]!, pathOf(r.op, format), format, encode(format, r.request()))));
      together.forEach((reply, i) => assert.equal(reply.text, alone.get(`${shots[i]!.r.name} ${shots[i]!.format}`), `${shots[i]!.r.name} [${shots[i]!.format}]`));
    } finally {
      await Promise.all(clients.map((c) => c.close()));
    }
  });
});

// ── The wire faults: each bends one framing, and the plain request is answered as before ──
const codes = (format: Format, text: string): number[] | undefined => decode(format, text).body.errors?.map((e) => e.code);

/** A fault that refuses a valid request in `framings` (100003) and serves it plainly and in every other framing. */
function refusesIn(fault: string, framings: readonly string[]): void {
  describe(fault, () => {
    const faulty = useReference({ fault });
    for (const format of FORMATS) {
      it(`refuses a valid request as malformed in ${framings.join(', ')} only [${format}]`, async () => {
        const body = encode(format, searchedPickup());
        for (const framing of FRAMINGS) {
          const reply = await sendFramed(faulty.url, pathOf('change_pickup', format), format, body, framing);
          if (framings.includes(framing)) assert.deepEqual([reply.status, codes(format, reply.text)], [400, [100003]], framing);
          else assert.equal(outcome('change_pickup', format, reply.text), 'success', `${framing}: ${reply.text}`);
        }
      });
    }
  });
}

refusesIn('chunked-body-read-as-empty', ['chunked', 'chunked-small', 'chunked-split-character']);
refusesIn('body-first-piece-only', ['chunked-small', 'chunked-split-character', 'pieces', 'pieces-split-character']);
// It reads Expect whatever the version, so it refuses HTTP/1.0 with Expect too (which must ignore it).
refusesIn('expect-continue-answered-before-body', ['expect-continue', 'http10-expect']);
refusesIn('media-type-compared-exactly', ['media-type-case', 'media-type-charset']);

describe('chunked-answer-to-http10', () => {
  const faulty = useReference({ fault: 'chunked-answer-to-http10' });
  it('answers HTTP/1.0 chunked, and HTTP/1.1 with a Content-Length', async () => {
    const body = Buffer.from(encode('json', searchedPickup()));
    const old = await sendHttp10(faulty.url, pathOf('change_pickup', 'json'), 'application/json', body);
    assert.equal(old.headers['transfer-encoding'], 'chunked');
    assert.equal(old.headers['content-length'], undefined);
    const plain = await sendFramed(faulty.url, pathOf('change_pickup', 'json'), 'json', body.toString(), 'plain');
    assert.equal(Number(plain.headers['content-length']), Buffer.byteLength(plain.text));
  });
});

/** An HTTP/1.1 POST that asks the server to close the connection after its answer, so the raw answer is everything that comes. */
async function rawAnswer(base: string, op: Op, body: string): Promise<{ contentLength: number; bytes: number }> {
  const head = `POST ${pathOf(op, 'json')} HTTP/1.1\r\nHost: ${new URL(base).host}\r\nContent-Type: application/json\r\n`
    + `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`;
  const { headers, body: sent } = splitRaw(await rawExchange(base, Buffer.from(head + body)));
  return { contentLength: Number(headers['content-length']), bytes: sent.length };
}

describe('content-length-counts-characters', () => {
  const faulty = useReference({ fault: 'content-length-counts-characters' });
  const invalid = (): string => encode('json', withPatch(searchedPickup(), { variant: 'terminal' }));
  it('writes a Content-Length short of an answer holding Cyrillic, so a client reads it cut', async () => {
    const { contentLength, bytes } = await rawAnswer(faulty.url, 'change_pickup', invalid());
    assert.ok(contentLength < bytes, `Content-Length ${contentLength}, ${bytes} bytes`);
    const read = await postFresh(faulty.url, pathOf('change_pickup', 'json'), 'json', invalid());
    assert.equal(Buffer.byteLength(read.text), contentLength);
    assert.throws(() => JSON.parse(read.text));
  });
  it('writes the right Content-Length for an answer of ASCII only', async () => {
    const { contentLength, bytes } = await rawAnswer(faulty.url, 'change_receiver', encode('json', inlineReceiverRequest()));
    assert.equal(contentLength, bytes);
  });
});

describe('both-framings-on-large-answers', () => {
  const faulty = useReference({ fault: 'both-framings-on-large-answers' });
  it('answers an error of more than 300 bytes with both Transfer-Encoding and Content-Length, which undici refuses to read', async () => {
    const unknownKey = encode('json', withPatch(inlineReceiverRequest(), { appkey: 'unknown' }));
    const { contentLength } = await rawAnswer(faulty.url, 'change_receiver', unknownKey);
    assert.ok(contentLength > 300, String(contentLength));
    await assert.rejects(postFresh(faulty.url, pathOf('change_receiver', 'json'), 'json', unknownKey), /Content-Length can't be present with Transfer-Encoding/);
  });
  it('answers a short success with a Content-Length alone', async () => {
    const read = await postFresh(faulty.url, pathOf('change_receiver', 'json'), 'json', encode('json', inlineReceiverRequest()));
    assert.equal(outcome('change_receiver', 'json', read.text), 'success');
    assert.equal(read.headers['transfer-encoding'], undefined);
  });
});

describe('stall-after-error-on-kept-connection', () => {
  const faulty = useReference({ fault: 'stall-after-error-on-kept-connection' });
  it('answers nothing on a kept connection after an error, and keeps it open; a fresh connection is answered', async () => {
    const valid = encode('json', inlineReceiverRequest());
    const path = pathOf('change_receiver', 'json');
    const client = keptConnection(faulty.url, 500);
    try {
      assert.equal((await post(client, path, 'json', valid)).status, 200);
      assert.equal((await post(client, path, 'json', encode('json', withPatch(inlineReceiverRequest(), { changeOrderPayer: undefined })))).status, 400);
      await assert.rejects(post(client, path, 'json', valid), { code: 'UND_ERR_HEADERS_TIMEOUT' });
    } finally {
      await client.destroy();
    }
    assert.equal((await postFresh(faulty.url, path, 'json', valid)).status, 200);
  });
});
