// A body in content codings is undone before it is judged (RFC 9110 8.4): the codings named, last
// applied first; x-gzip as gzip, identity as none; a body that does not decode as named, or is
// compressed under no name, is the target's fault; a coding the harness cannot read, or a body
// past the cap once decoded, leaves the answer unjudged, and says so.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { decodeContentCoding } from '../../src/client/content-coding.ts';

const TEXT = '{"metadata":{"status":200,"generated_at":"2026-11-25 12:00:00"},"data":{"status":"success"}}';
const plain = Buffer.from(TEXT);
const CAP = 1 << 20;
const read = (bytes: Buffer, header?: string) => decodeContentCoding(bytes, header, CAP);

describe('content codings of an answer', () => {
  it('undoes gzip, x-gzip, deflate and br, and takes identity and no field for no coding', () => {
    for (const [header, bytes] of [['gzip', gzipSync(plain)], ['x-gzip', gzipSync(plain)], ['deflate', deflateSync(plain)], ['br', brotliCompressSync(plain)], ['identity', plain], [undefined, plain]] as const) {
      const out = read(bytes, header);
      assert.equal(out.bytes.toString(), TEXT, String(header));
      assert.equal(out.problem, undefined, String(header));
      assert.equal(out.unreadable, undefined, String(header));
    }
  });

  it('undoes several codings last applied first, in any case and with empty list elements', () => {
    assert.equal(read(brotliCompressSync(gzipSync(plain)), 'GZIP, , br').bytes.toString(), TEXT);
  });

  it('fails a body that is not in the coding its field names, naming both', () => {
    const out = read(gzipSync(plain), 'deflate');
    assert.match(out.problem ?? '', /names deflate, but the body does not decode as deflate/);
    assert.match(read(deflateRawSync(plain), 'deflate').problem ?? '', /does not decode as deflate/, 'deflate is the zlib format, not a bare stream (8.4.1.2)');
  });

  it('fails gzip or zlib data under no Content-Encoding, and leaves text that only looks so alone', () => {
    assert.match(read(gzipSync(plain)).problem ?? '', /gzip data, but no Content-Encoding/);
    assert.match(read(deflateSync(plain)).problem ?? '', /zlib \(deflate\) data/);
    assert.equal(read(Buffer.from('x=1')).problem, undefined);
  });

  it('reads no answer in a coding it does not know, or past the cap once decoded, and says which', () => {
    assert.match(read(plain, 'zstd').unreadable ?? '', /names zstd, a coding the harness cannot read/);
    const bomb = gzipSync(Buffer.alloc(64 * 1024, 0x20));
    assert.match(decodeContentCoding(bomb, 'gzip', 1024).unreadable ?? '', /over 1024 bytes/);
  });
});
