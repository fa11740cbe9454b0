// Transport, expectations and case runner for the HTTP-level tests of the embedded reference service.
// Requests are written once as plain objects and sent on the JSON path or the XML path;
// both answers are normalized to one shape so every assertion is written once.
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import { startReference } from '../../reference/server.ts';
import { type Format, type Json, type Op, FIXED, FORMATS, pickupRequest, receiverRequest, thirdRequest } from './requests.ts';

export * from './requests.ts';

// ── Transport ────────────────────────────────────────────────────────────────
export interface FoundAddress { field: string; source: string; result: string }
export interface ErrorItem { code: number; title?: string; detail?: string; message?: string; fields?: string[] }
export interface Body {
  metadata?: { status?: number; generated_at?: string };
  data?: Record<string, unknown> & { foundAddresses?: FoundAddress[] };
  errors?: ErrorItem[];
}
export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  /** The XML document's root element name, or 'json' for a JSON answer. */
  root: string | undefined;
  body: Body;
}

const builder = new XMLBuilder({});
const parser = new XMLParser({
  parseTagValue: false,
  ignoreDeclaration: true,
  isArray: (name) => ['foundAddresses', 'errors', 'fields'].includes(name),
});

export const toXml = (request: Json): string => '<?xml version="1.0" encoding="UTF-8"?>' + builder.build({ request });
export const encode = (format: Format, request: Json): string =>
  format === 'json' ? JSON.stringify(request) : toXml(request);

/** Parses an answer in either format into the JSON shape (XML digit text becomes numbers). */
export function decode(format: Format, text: string): { root: string | undefined; body: Body } {
  try {
    if (format === 'json') return { root: 'json', body: JSON.parse(text) as Body };
    const doc = parser.parse(text) as Record<string, unknown>;
    const roots = Object.keys(doc);
    const body = (roots.length === 1 ? doc[roots[0]!] : {}) as Body;
    if (body.metadata?.status !== undefined) body.metadata.status = Number(body.metadata.status);
    for (const error of body.errors ?? []) error.code = Number(error.code);
    return { root: roots.length === 1 ? roots[0] : undefined, body };
  } catch {
    return { root: undefined, body: {} };
  }
}

export interface SendOptions { method?: string; contentType?: string }

/** POSTs `body` (an object, encoded in `format`, or a raw string) to the operation's path. */
export async function send(base: string, op: Op, format: Format, body: Json | string, options: SendOptions = {}): Promise<Reply> {
  const raw = typeof body === 'string' ? body : encode(format, body);
  return request(`${base}/v3/orders/${op}.${format}`, format, {
    method: options.method ?? 'POST',
    headers: { 'content-type': options.contentType ?? `application/${format}` },
    body: raw,
  });
}

/**
 * Any HTTP request; the answer is decoded as `format`, or as the format its Content-Type
 * names when `format` is undefined. A 5xx always fails the test.
 */
export async function request(url: string, format: Format | undefined, init: RequestInit): Promise<Reply> {
  const response = await fetch(url, init);
  const text = await response.text();
  assert.ok(response.status < 500, `a 5xx is never expected; got ${response.status}: ${text.slice(0, 500)}`);
  const as = format ?? (/xml/i.test(response.headers.get('content-type') ?? '') ? 'xml' : 'json');
  return { status: response.status, headers: response.headers, text, ...decode(as, text) };
}

// ── Expectations ─────────────────────────────────────────────────────────────
const show = (reply: Reply): string => `HTTP ${reply.status}: ${reply.text.slice(0, 800)}`;

export function assertOk(reply: Reply, op: Op): void {
  assert.equal(reply.status, 200, show(reply));
  assert.equal(reply.body.metadata?.status, 200, show(reply));
  if (op === 'change_receiver') assert.equal(reply.body.data?.status, 'success', show(reply));
  else assert.equal(reply.body.data?.state, 'success', show(reply));
}

/**
 * `path` names a field; `[]` stands for any array index, written `[0]` or `.0` (the
 * README's example shows no indexed path), or omitted.
 */
function fieldPattern(path: string): RegExp {
  const parts = path.split('[]').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('(?:\\[\\d+\\]|\\.\\d+)?')}$`);
}

/** A 400 carrying `code`; for validation errors `fields` names one of `field`. */
export function assertError(reply: Reply, code: number, field?: string | readonly string[]): void {
  assert.equal(reply.status, 400, show(reply));
  assert.equal(reply.body.metadata?.status, 400, show(reply));
  const errors = reply.body.errors ?? [];
  assert.ok(errors.some((e) => e.code === code), `expected error ${code}; ${show(reply)}`);
  if (field === undefined) return;
  const candidates = (typeof field === 'string' ? [field] : field).map(fieldPattern);
  const named = errors.filter((e) => e.code === code).flatMap((e) => e.fields ?? []);
  assert.ok(
    named.some((f) => candidates.some((re) => re.test(f))),
    `expected fields to name ${String(field)}; got ${JSON.stringify(named)}`,
  );
}

export type Expect = 'ok' | { code: number; field?: string | readonly string[] };
export const invalid = (field: string | readonly string[]): Expect => ({ code: 100001, field });
export const notFound: Expect = { code: 100005 };

export function check(reply: Reply, op: Op, expected: Expect): void {
  if (expected === 'ok') assertOk(reply, op);
  else assertError(reply, expected.code, expected.field);
}

// ── Running ──────────────────────────────────────────────────────────────────
/** A reference (with a fault, on a clock: fixed by default) started before the enclosing suite and closed after; it counts the connections it accepted. */
export function useReference(opts: { fault?: string; now?: () => Date } = {}): { url: string; connections: number } {
  const served = { url: '', connections: 0 };
  let close: (() => Promise<void>) | undefined;
  before(async () => {
    const ref = await startReference({ now: () => FIXED, ...opts });
    ref.server.on('connection', () => void served.connections++);
    served.url = ref.url;
    close = ref.close;
  });
  after(async () => {
    await close?.();
  });
  return served;
}

export interface Case {
  /** A present-tense sentence; the format is appended. */
  name: string;
  op: Op;
  request: (format: Format) => Json;
  expect: Expect;
  /** Set when the case has no form in the other format. */
  only?: Format;
}

export function runCases(ref: { url: string }, cases: readonly Case[]): void {
  for (const c of cases) {
    for (const format of c.only ? [c.only] : FORMATS) {
      it(`${c.name} [${format}]`, async () => {
        check(await send(ref.url, c.op, format, c.request(format)), c.op, c.expect);
      });
    }
  }
}

/** A party that carries a member: the receiver, the third party, or the pickup request itself. */
export interface Owner { label: string; op: Op; base: () => Json; prefix: string }
export const OWNERS: readonly Owner[] = [
  { label: 'receiver', op: 'change_receiver', base: receiverRequest, prefix: 'receiver.' },
  { label: 'third party', op: 'change_receiver', base: thirdRequest, prefix: 'third.' },
  { label: 'pickup', op: 'change_pickup', base: () => pickupRequest(), prefix: '' },
];
