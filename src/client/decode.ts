/**
 * Decodes a body in the charset it declares (its Content-Type's, else its XML declaration's),
 * UTF-8 when it declares none (as JSON, and XML without a declaration, are). Bytes that are not valid in it are read with
 * replacement characters, and `encoding` says where the first one was, so the report names
 * it instead of judging a silently repaired body.
 */
export function decodeBody(bytes: Buffer, contentType = ''): { body: string; encoding?: string } {
  // The Content-Type's charset, else an XML declaration's encoding (RFC 7303, 8.3).
  const declared = charsetOf(contentType)
    ?? (xmlDeclared(bytes) ? /^\s*<\?xml[^>]*\sencoding\s*=\s*["']([^"']+)["']/.exec(bytes.subarray(0, DECLARATION_READ).toString('latin1'))?.[1] : undefined);
  let label = declared ?? 'utf-8';
  let unknown: string | undefined;
  let strict = decoders(label);
  if (!strict) {
    unknown = `the Content-Type declares charset ${declared}, which is no known encoding; read as UTF-8`;
    label = 'utf-8';
    strict = decoders(label)!;
  }
  try {
    const body = strict.fatal.decode(bytes);
    return unknown ? { body, encoding: unknown } : { body };
  } catch {
    const at = firstInvalid(bytes, label);
    return {
      body: strict.lenient.decode(bytes),
      encoding: `${unknown ? `${unknown}; ` : ''}the body is not valid ${label === 'utf-8' ? 'UTF-8' : label}${declared && !unknown ? ' (the charset it declares)' : ''}: the first bad byte is at offset ${at}`,
    };
  }
}

/** How far into a body an XML declaration is looked for. */
const DECLARATION_READ = 200;

/** The charsets Content-Types declare, by Content-Type (a target sends a few): null for none. */
const charsets = new Map<string, string | null>();

function charsetOf(contentType: string): string | undefined {
  let charset = charsets.get(contentType);
  if (charset === undefined) {
    charset = /;\s*charset="?([^";\s]+)/i.exec(contentType)?.[1] ?? null;
    if (charsets.size < 64) charsets.set(contentType, charset);
  }
  return charset ?? undefined;
}

/**
 * Whether the body starts as an XML declaration does (`<?xml` after white space, as the pattern
 * reads it in latin1: tab to carriage return, space, no-break space): a JSON body is told by its
 * first byte, with no text made of it.
 */
function xmlDeclared(bytes: Buffer): boolean {
  const n = Math.min(bytes.length, DECLARATION_READ);
  for (let i = 0; i < n; i++) {
    const b = bytes[i]!;
    if (b === 0x3c) return bytes[i + 1] === 0x3f && bytes[i + 2] === 0x78 && bytes[i + 3] === 0x6d && bytes[i + 4] === 0x6c;
    if (!(b === 0x20 || (b >= 0x09 && b <= 0x0d) || b === 0xa0)) return false;
  }
  return false;
}

const known = new Map<string, { fatal: TextDecoder; lenient: TextDecoder } | undefined>();

/**
 * A strict and a lenient decoder for a charset label, undefined for a label no decoder knows;
 * made once per label, since a decode that does not stream keeps no state between calls.
 */
function decoders(label: string): { fatal: TextDecoder; lenient: TextDecoder } | undefined {
  if (!known.has(label)) {
    try {
      // A byte order mark is kept as the text's first character: RFC 8259 8.1 forbids one before a
      // JSON text (so JSON.parse refuses it), and the XML reader takes it off (XML 1.0 4.3.3).
      known.set(label, { fatal: new TextDecoder(label, { fatal: true, ignoreBOM: true }), lenient: new TextDecoder(label, { ignoreBOM: true }) });
    } catch {
      known.set(label, undefined);
    }
  }
  return known.get(label);
}

/** The offset of the first byte a strict decoder refuses (a binary search over prefixes). */
function firstInvalid(bytes: Buffer, label: string): number {
  const valid = (n: number): boolean => {
    try {
      new TextDecoder(label, { fatal: true }).decode(bytes.subarray(0, n), { stream: true });
      return true;
    } catch {
      return false;
    }
  };
  let lo = 0;
  let hi = bytes.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (valid(mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
