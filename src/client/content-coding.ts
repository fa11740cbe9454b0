import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

/**
 * The content codings a client may be sent (RFC 9110 8.4.1), read with Node's zlib: gzip (and
 * x-gzip, which 8.4.1.3 says a recipient SHOULD take for it), deflate (the zlib format of
 * 8.4.1.2, not a bare deflate stream), br (RFC 7932). `identity` is no coding (8.4: reserved,
 * SHOULD NOT be named, so it is read as nothing rather than refused). A coding Node cannot read
 * (compress, zstd) is not the target's fault when the request named no Accept-Encoding (12.5.3:
 * any coding is then acceptable): the answer cannot be judged, and says why.
 */
const DECODERS: Record<string, (bytes: Buffer, maxOutputLength: number) => Buffer> = {
  gzip: (b, maxOutputLength) => gunzipSync(b, { maxOutputLength }),
  deflate: (b, maxOutputLength) => inflateSync(b, { maxOutputLength }),
  br: (b, maxOutputLength) => brotliDecompressSync(b, { maxOutputLength }),
};
const ALIASES: Record<string, string> = { 'x-gzip': 'gzip' };

/** What a body's Content-Encoding made of it. */
export interface Decoded {
  bytes: Buffer;
  /** The target's fault (HTTP-CONTENT-ENCODING): the body is not in the codings it names, or is compressed under none. */
  problem?: string;
  /** No fault, but nothing to judge: a coding the harness cannot read, or a body past the cap once decoded. */
  unreadable?: string;
}

/**
 * The body with the codings of `header` undone, last applied first (8.4: the field lists them
 * in the order applied). Empty list elements are skipped, as 5.6.1.2 has a recipient do. With
 * no Content-Encoding, a body that starts as gzip or zlib data does is named: a coding was
 * applied and not listed.
 */
export function decodeContentCoding(bytes: Buffer, header: string | undefined, maxBytes: number): Decoded {
  if (!header) return uncoded(bytes);
  const codings = header.split(',').map((c) => c.trim().toLowerCase()).filter((c) => c && c !== 'identity');
  if (!codings.length) return uncoded(bytes);
  let out = bytes;
  for (const named of codings.reverse()) {
    const coding = ALIASES[named] ?? named;
    const decode = DECODERS[coding];
    if (!decode) return { bytes, unreadable: `Content-Encoding ${header} names ${named}, a coding the harness cannot read (it reads ${Object.keys(DECODERS).join(', ')})` };
    try {
      out = decode(out, maxBytes);
    } catch (err) {
      if (err instanceof RangeError) return { bytes, unreadable: `the body decoded with Content-Encoding ${header} is over ${maxBytes} bytes (profile http.maxResponseBytes raises the cap)` };
      return { bytes, problem: `Content-Encoding ${header} names ${named}, but the body does not decode as ${coding} (${(err as Error).message})` };
    }
  }
  return { bytes: out };
}

/** A body no Content-Encoding names a coding of: a compressed one is named. */
function uncoded(bytes: Buffer): Decoded {
  const bare = compressedWithoutName(bytes);
  return bare ? { bytes, problem: `the body is ${bare} data, but no Content-Encoding names a coding (RFC 9110 8.4)` } : { bytes };
}

/** The zlib headers compressors write (RFC 1950 2.2: deflate with a 32K window, each compression level), none of them text a JSON or XML body starts with. */
const ZLIB_HEADERS = new Set([0x7801, 0x785e, 0x789c, 0x78da]);

/** gzip's magic number with its one method (RFC 1952 2.3.1), or a zlib header. */
function compressedWithoutName(b: Buffer): string | undefined {
  if (b.length >= 3 && b[0] === 0x1f && b[1] === 0x8b && b[2] === 0x08) return 'gzip';
  if (b.length >= 2 && ZLIB_HEADERS.has((b[0]! << 8) | b[1]!)) return 'zlib (deflate)';
  return undefined;
}
