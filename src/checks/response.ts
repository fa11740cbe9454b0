import { validator, violations, type SchemaViolation } from '../contract/ajv.ts';
import { ruleById, type Format, type Operation } from '../contract/load.ts';
import { decodeResponse, responseSchemaId, type DecodedBody } from '../codec/index.ts';
import type { WireResponse } from '../client/transport.ts';
import type { Finding, Verdict } from './finding.ts';

export function ruleFinding(id: string, verdict: Verdict, detail: Partial<Finding> = {}): Finding {
  const rule = ruleById(id);
  return { rule: id, level: rule.level, verdict, title: rule.title, ...detail };
}

export const excerpt = (text: string, max = 300): string => (text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text);

export interface ResponseView {
  status: number;
  decoded: DecodedBody;
  /** The body as an object, in whichever format it could be read; undefined if in none. */
  value: unknown;
}

/**
 * XML 1.0 4.3.3: "Entities encoded in UTF-16 MUST begin with the Byte Order Mark". An XML answer
 * whose charset (its Content-Type's, else its XML declaration's, as it was read) is UTF-16, the
 * encoding scheme whose byte order only the mark tells (UTF-16LE and UTF-16BE name theirs), and
 * whose text does not begin with the mark (kept by the reading, in either byte order): what is
 * wrong, else undefined.
 */
function utf16WithoutMark(res: WireResponse): string | undefined {
  const declared = /;\s*charset="?([^";\s]+)/i.exec(res.headers['content-type'] ?? '')?.[1]
    ?? /^\s*<\?xml[^>]*\sencoding\s*=\s*["']([^"']+)["']/.exec(res.body)?.[1];
  if (declared?.toLowerCase() !== 'utf-16' || /^[\uFEFF\uFFFE]/.test(res.body)) return undefined;
  return `an XML body in UTF-16 (charset ${declared}) without the byte order mark it must begin with (XML 1.0 4.3.3): ${excerpt(res.body)}`;
}

/** Reads a response and judges what every response must show, whatever was sent. */
export function checkResponse(op: Operation, format: Format, res: WireResponse, xmlRoot?: string): { view: ResponseView; findings: Finding[] } {
  const findings: Finding[] = [];
  const ok = res.status === 200 || res.status === 400;
  findings.push(ruleFinding('RSP-HTTP-STATUS', ok ? 'pass' : 'fail', ok ? {} : { expected: 'HTTP 200 or 400', received: `HTTP ${res.status}: ${excerpt(res.body)}` }));

  const decoded = decodeResponse(format, op, res.body);
  const view: ResponseView = { status: res.status, decoded, value: decoded.format ? decoded.value : undefined };
  // The answer arrived whole (its framing was read to the end), so a body that is well formed in
  // no format is the target's to answer for, not a fault of the network (issue 29).
  if (!decoded.format) {
    findings.push(ruleFinding('RSP-FORMAT-FOLLOWS-PATH', 'fail', { expected: `a well-formed ${format.toUpperCase()} body`, received: `a whole answer whose body is well formed in no format (${decoded.reason}): ${excerpt(res.body)}` }));
    return { view, findings };
  }
  const rootOk = decoded.format !== 'xml' || !xmlRoot || decoded.xmlRoot === xmlRoot;
  // JSON exchanged between systems is UTF-8 (RFC 8259, 8.1) and XML is in the encoding it
  // declares (XML 1.0, 4.3.3): bytes that are not, read with replacement characters, are not
  // a body in the path's format, however well the repaired text parses.
  const unmarked = decoded.format === 'xml' ? utf16WithoutMark(res) : undefined;
  findings.push(ruleFinding('RSP-FORMAT-FOLLOWS-PATH', decoded.format === format && rootOk && !res.encoding && !unmarked ? 'pass' : 'fail', {
    expected: `a ${format.toUpperCase()} body${format === 'xml' && xmlRoot ? ` with root <${xmlRoot}>` : ''} on the .${format} path`,
    received: res.encoding ?? unmarked ?? (decoded.format === format ? `root <${decoded.xmlRoot}>` : `a ${decoded.format.toUpperCase()} body: ${excerpt(res.body)}`),
  }));
  const contentType = res.headers['content-type'] ?? '';
  findings.push(ruleFinding('RSP-CONTENT-TYPE', contentType.toLowerCase().includes(format) ? 'pass' : 'fail', {
    expected: `a Content-Type naming ${format}`, received: contentType ? `Content-Type: ${contentType}` : 'no Content-Type header',
  }));
  if (ok) findings.push(...schemaFindings(op, res.status, decoded.value));
  return { view, findings };
}

/** The rules the shape of a success (200, by operation) or an error (400) is judged on, each violation's rules beside them. */
const CHECKED_200: Record<Operation, readonly string[]> = {
  change_receiver: ['RSP-METADATA-STATUS', 'RSP-GENERATED-AT', 'RSP-RECEIVER-SUCCESS'],
  change_pickup: ['RSP-METADATA-STATUS', 'RSP-GENERATED-AT', 'RSP-PICKUP-SUCCESS', 'RSP-PICKUP-INFORMATION'],
};
const CHECKED_400: readonly string[] = ['RSP-METADATA-STATUS', 'RSP-GENERATED-AT', 'RSP-ERROR-STATUS'];

/** The documented shape of a success (200) or an error (400), each violation blamed on its rule. */
function schemaFindings(op: Operation, status: number, body: unknown): Finding[] {
  const schemaId = status === 200 ? responseSchemaId(op) : 'error.response.json';
  const validate = validator(schemaId);
  const checked = status === 200 ? CHECKED_200[op] : CHECKED_400;
  // A body of the documented shape (nearly every answer) passes every rule checked, in their order.
  if (validate(body)) return checked.map((id) => ruleFinding(id, 'pass'));
  const byRule = new Map<string, SchemaViolation[]>();
  for (const v of violations(validate.errors, body)) {
    const rules = rulesFor(op, status, v);
    for (const r of rules) byRule.set(r, [...(byRule.get(r) ?? []), v]);
  }
  return [...new Set([...checked, ...byRule.keys()])].map((id) => {
    const vs = byRule.get(id);
    if (!vs) return ruleFinding(id, 'pass');
    return ruleFinding(id, 'fail', {
      expected: `a body matching contract/schemas/${schemaId}`,
      received: vs.map((v) => `${v.instancePath || '/'} ${v.keyword}: ${v.message}; value ${excerpt(JSON.stringify(v.value) ?? 'undefined')}`).join(' | '),
    });
  });
}

function rulesFor(op: Operation, status: number, v: SchemaViolation): string[] {
  const missing = v.keyword === 'required' ? `/${(v.message.match(/"missingProperty":"([^"]+)"/) ?? [])[1] ?? ''}` : '';
  const path = v.instancePath + missing;
  const statusRules = status === 400 ? ['RSP-METADATA-STATUS', 'RSP-ERROR-STATUS'] : ['RSP-METADATA-STATUS'];
  // A missing (or non-object) metadata or data breaks every rule about what it should hold.
  if (path === '/metadata' || path === '') return [...statusRules, 'RSP-GENERATED-AT', ...(path === '' ? successRules(op, status) : [])];
  if (path.startsWith('/metadata/status')) return statusRules;
  if (path.startsWith('/metadata')) return ['RSP-GENERATED-AT'];
  if (path.startsWith('/data/foundAddresses')) return ['RSP-FOUNDADDRESSES-PRESENT'];
  if (path.startsWith('/data/information')) return ['RSP-PICKUP-INFORMATION'];
  if (path === '/data') return successRules(op, status);
  if (status === 400) return ['RSP-ERROR-STATUS'];
  return [op === 'change_receiver' ? 'RSP-RECEIVER-SUCCESS' : 'RSP-PICKUP-SUCCESS'];
}

function successRules(op: Operation, status: number): string[] {
  if (status === 400) return ['RSP-ERROR-STATUS'];
  return op === 'change_receiver' ? ['RSP-RECEIVER-SUCCESS'] : ['RSP-PICKUP-SUCCESS', 'RSP-PICKUP-INFORMATION'];
}
