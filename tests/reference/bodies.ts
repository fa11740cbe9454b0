// Raw bodies that are not a valid request, shared by the bad-input and robustness tests.
// Only these are hand-written strings; everything valid is built by the XML builder.
import assert from 'node:assert/strict';
import { XMLBuilder } from 'fast-xml-parser';
import { type Format, encode, receiverRequest, toXml, withPatch } from './helpers.ts';

export const MiB = 1024 * 1024;

/** A valid receiver request padded, through a field the service ignores, to exactly `bytes` bytes. */
export function paddedTo(format: Format, bytes: number): string {
  const empty = encode(format, withPatch(receiverRequest(), { padding: '' }));
  const padding = 'x'.repeat(bytes - Buffer.byteLength(empty));
  const body = encode(format, withPatch(receiverRequest(), { padding }));
  assert.equal(Buffer.byteLength(body), bytes);
  return body;
}

const withDoctype = (doctype: string, appkey: string): string =>
  toXml(withPatch(receiverRequest(), { appkey: 'ENTITY-SLOT' }))
    .replace('?>', `?>${doctype}`)
    .replace('ENTITY-SLOT', appkey);

export const MALFORMED: Record<Format, [string, string][]> = {
  json: [
    ['an empty body', ''],
    ['truncated JSON', '{"appkey":'],
    ['a JSON array', '[]'],
    ['a JSON array of a request', `[${JSON.stringify(receiverRequest())}]`],
    ['a JSON number', '42'],
    ['a JSON null', 'null'],
    ['a JSON string', '"request"'],
    ['JSON followed by garbage', `${JSON.stringify(receiverRequest())} x`],
    ['an XML document', toXml(receiverRequest())],
  ],
  xml: [
    ['an empty body', ''],
    ['text that is not XML', 'not xml at all'],
    ['mismatched tags', '<request><appkey>ref-appkey-0001</request>'],
    ['an unclosed root', '<request><appkey>ref-appkey-0001</appkey>'],
    ['a root other than request', new XMLBuilder({}).build({ order: receiverRequest() }) as string],
    ['two root elements', toXml(receiverRequest()) + '<request></request>'],
    ['a JSON document', JSON.stringify(receiverRequest())],
    ['a DOCTYPE with a custom entity', withDoctype('<!DOCTYPE request [<!ENTITY key "ref-appkey-0001">]>', '&key;')],
    ['a DOCTYPE with an external entity', withDoctype('<!DOCTYPE request [<!ENTITY xxe SYSTEM "file:///etc/hostname">]>', '&xxe;')],
    ['nested entities (billion laughs)', withDoctype(
      '<!DOCTYPE request [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]>',
      '&d;',
    )],
  ],
};
