// reference/codec/plain-xml.ts reads plain XML without fast-xml-parser: every document it reads
// must be one XMLValidator finds well formed and XMLParser reads into the same object, key
// order included; everything else it must leave to the two. Held to that on generated documents
// near the plain form (and past it), and on the forms a request takes. reference/codec/plain-xml-answer.ts
// writes plain answers without fast-xml-builder: every answer it writes must be the builder's text,
// byte for byte; everything else it must leave to the builder.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { XMLBuilder, XMLValidator } from 'fast-xml-parser';
import { readPlain } from '../../reference/codec/plain-xml.ts';
import { writePlain } from '../../reference/codec/plain-xml-answer.ts';
import { encodeResponse } from '../../reference/codec/index.ts';
import { SHAPES } from '../../reference/codec/shape.ts';
import { readerOf } from '../../reference/codec/xml.ts';

const SEED = 4401;

/** The library's reading, or the words it fails with. */
function library(text: string, shape: keyof typeof SHAPES): string {
  const verdict = XMLValidator.validate(text);
  if (verdict !== true) return `invalid: ${verdict.err.msg}`;
  try {
    return JSON.stringify(readerOf(SHAPES[shape]).parser.parse(text));
  } catch (err) {
    return `throws: ${(err as Error).message}`;
  }
}

/** Whether readPlain read `text`; when it did, the library must agree, byte for byte. */
function agrees(text: string, shape: keyof typeof SHAPES): boolean {
  const plain = readPlain(text, readerOf(SHAPES[shape]));
  if (plain === undefined) return false;
  assert.equal(JSON.stringify(plain), library(text, shape), `plain reading of ${JSON.stringify(text)} (${shape})`);
  return true;
}

const NAMES = ['request', 'receiver', 'third', 'contactIDs', 'contactPersons', 'phoneNumbers', 'phoneIDs', 'name', 'a', 'a.b', 'x-y', '_z',
  'constructor', 'toString', '__proto__', 'prototype', 'hasOwnProperty', '#text', '1a', 'ns:a'];
const TEXT = ['x', 'Иван', ' ', '  ', '\n', '\r\n', '\r', '\t', '7', '>', ']]>', '"', "'", '&amp;', '&lt;', '&gt;', '&quot;', '&apos;', '&#65;',
  '&#x42;', '&#X43;', '&#0;', '&#x110000;', '&#;', '&foo;', '&', '<', '\u{1F600}', '\ufeff', 'true'];
const DECLARATIONS = ['', '<?xml version="1.0" encoding="UTF-8"?>', "<?xml version='1.0'?>", '<?xml?>', '<?xml ?>', '<?xml version="1.0" ?>',
  ' <?xml version="1.0"?>', '<?XML version="1.0"?>', '<?xml version="1.0?>', '<?xml version="&amp;"?>', '<?xml\tversion="1.0"?>', '<?xml-stylesheet href="a"?>'];
const OPEN = ['<{}>', '<{} >', '<{}\t>', '<{} a="1">'];
const EMPTY = ['<{}/>', '<{} />', '<{}></{}>'];
const CLOSE = ['</{}>', '</{} >'];

const text = fc.array(fc.constantFrom(...TEXT), { maxLength: 4 }).map((t) => t.join(''));
const mostly = <T>(usual: T, others: T[]): fc.Arbitrary<T> => fc.oneof({ weight: 6, arbitrary: fc.constant(usual) }, { weight: 1, arbitrary: fc.constantFrom(...others) });
const name = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...NAMES.slice(0, 8)) }, { weight: 1, arbitrary: fc.constantFrom(...NAMES) });
const { element } = fc.letrec<{ element: string }>((tie) => ({
  element: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.tuple(name, mostly('<{}/>', EMPTY)).map(([n, form]) => form.replaceAll('{}', n)),
    fc.tuple(name, mostly('<{}>', OPEN), fc.array(fc.oneof(text, tie('element') as fc.Arbitrary<string>), { maxLength: 5 }), mostly('</{}>', CLOSE), fc.option(name, { freq: 8 }))
      .map(([n, open, inside, close, other]) => open.replaceAll('{}', n) + inside.join('') + close.replaceAll('{}', other ?? n)),
  ),
}));
const document = fc.tuple(mostly('<?xml version="1.0" encoding="UTF-8"?>', DECLARATIONS), mostly('\n', ['', ' ', 'x', '\r\n ']), name, fc.array(fc.oneof(text, element), { maxLength: 6 }), mostly('\n', ['', ' x', '<a/>', '<!-- c -->']))
  .map(([decl, before, root, inside, after]) => `${decl}${before}<${root}>${inside.join('')}</${root}>${after}`);
/** A document with one stray change: a character dropped, doubled or put in. */
const nearMiss = fc.tuple(document, fc.nat(), fc.constantFrom('drop', 'double', '<', '>', '/', '&', ' ', '"'))
  .map(([doc, at, change]) => {
    const i = at % (doc.length + 1);
    if (change === 'drop') return doc.slice(0, i) + doc.slice(i + 1);
    if (change === 'double') return doc.slice(0, i) + doc.slice(i, i + 1) + doc.slice(i);
    return doc.slice(0, i) + change + doc.slice(i);
  });

describe('plain XML is read as the validator and the parser read it', () => {
  for (const shape of ['receiver', 'pickup'] as const) {
    it(`generated documents, and near misses of them (${shape})`, () => {
      let read = 0;
      let left = 0;
      fc.assert(fc.property(fc.oneof(document, nearMiss), (doc) => {
        if (agrees(doc, shape)) read++;
        else left++;
      }), { numRuns: 3000, seed: SEED });
      // Both sides are exercised: the generator is near the plain form, and past it.
      assert.ok(read > 300 && left > 300, `read ${read}, left to the library ${left}`);
    });
  }

  it('the forms a request takes', () => {
    const requests: [string, keyof typeof SHAPES][] = [
      ['<?xml version="1.0" encoding="UTF-8"?>\n<request><orderID>1</orderID><receiver><contactIDs>1</contactIDs></receiver></request>', 'receiver'],
      ['<request><receiver><contactIDs>1</contactIDs><contactIDs>2</contactIDs><phoneIDs>3</phoneIDs></receiver></request>', 'receiver'],
      ['<request>\r\n  <contactIDs>1</contactIDs>\r\n  <time><exactTime>true</exactTime></time>\r\n</request>\r\n', 'pickup'],
      ['<request><search>г. Москва, ул. Льва Толстого &amp; д. 16 &#x41;&#66;</search><flat/></request>', 'pickup'],
      ['<request>text<a>1</a>more<a/>end</request>', 'pickup'],
      ['<request></request>', 'pickup'],
      ['<contactIDs><a>1</a></contactIDs>', 'pickup'],
    ];
    for (const [doc, shape] of requests) assert.ok(agrees(doc, shape), doc);
  });

  it('leaves to the library what it alone may say', () => {
    const nested = `<request>${'<a>'.repeat(120)}x${'</a>'.repeat(120)}</request>`;
    const left = ['<request><constructor>1</constructor></request>', '<request><toString>1</toString></request>', '<request><a>&#0;</a></request>',
      '<request><a>&foo;</a></request>', '<request a="1"></request>', '<request><a>1</b></request>', 'x<request/>', '<request/>', '<request></request>x',
      '<request></request><request></request>', '\ufeff<request></request>', '<request><!-- c --></request>', '<request><![CDATA[x]]></request>', nested];
    for (const doc of left) assert.equal(readPlain(doc, readerOf(SHAPES.pickup)), undefined, doc);
  });
});

/** The builder as reference/codec/xml.ts makes it, writing an answer the way encodeXml did before plain answers. */
const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: false, suppressEmptyNode: false });
const built = (body: unknown): string => builder.build({ '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' }, response: body }) as string;

/** Whether writePlain wrote `body`; when it did, the builder must agree, byte for byte. */
function writes(body: unknown): boolean {
  const plain = writePlain('response', body);
  if (plain === undefined) return false;
  assert.equal(`<?xml version="1.0" encoding="UTF-8"?>${plain}`, built(body), `plain writing of ${String(JSON.stringify(body))}`);
  return true;
}

const KEYS = ['status', 'errors', 'code', 'title', 'fields', 'data', 'a', '0', '10', 'constructor', '__proto__', 'toString', 'a b', 'x<y',
  '@_attr', '#text', '?pi', '', '@', '#'];
const STRINGS = ['', 'x', 'Ошибка валидации', '&', '<', '>', "'", '"', '&amp;', ']]>', ' ', '\n', '\u{1F600}', '-0', 'true', 'a & b < c > d \' e " f'];
const primitive = fc.oneof(
  fc.constantFrom(...STRINGS),
  fc.array(fc.constantFrom(...STRINGS), { maxLength: 3 }).map((t) => t.join('')),
  fc.constantFrom(0, -0, 1, -1, 1.5, 1e21, 1e-7, NaN, Infinity, -Infinity, 2 ** 53, 100001),
  fc.boolean(),
  fc.constantFrom(null, undefined),
);
const { value } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    primitive,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...KEYS.slice(0, 10)) }, { weight: 1, arbitrary: fc.constantFrom(...KEYS) }), tie('value'), { maxKeys: 5 }),
    fc.constantFrom(new Date(0), new Map(), Object.create(null) as object, [[1]], BigInt(7), Symbol('s')),
  ),
}));

describe('plain answers are written as the builder writes them', () => {
  it('generated answers', () => {
    let written = 0;
    let left = 0;
    fc.assert(fc.property(value, (body) => {
      if (writes(body)) written++;
      else left++;
    }), { numRuns: 4000, seed: SEED });
    // Both sides are exercised: most answers are plain, and some are the builder's to write.
    assert.ok(written > 1000 && left > 300, `written ${written}, left to the builder ${left}`);
  });

  it('the forms an answer takes', () => {
    const metadata = { status: 400, generated_at: '2026-11-23 09:00:00' };
    const answers = [
      { metadata, errors: [{ code: 100001, title: 'Ошибка валидации запроса', detail: 'orderID: обязательное поле', message: 'orderID: is required', fields: ['orderID'] }] },
      { metadata, errors: [{ code: 100005, title: 't', detail: 'd', message: 'm', fields: ['a', 'b'] }, { code: 100005, title: 't', detail: 'd', message: 'm' }] },
      { metadata: { ...metadata, status: 200 }, data: { status: 'success', foundAddresses: [{ field: 'receiver.address.search', source: 'г. Москва & <x>', result: 'г. Москва' }] } },
      { metadata: { ...metadata, status: 200 }, data: { state: 'success', information: 'Изменение адреса' } },
      { metadata, errors: [] },
      { metadata: { status: 500, generated_at: null }, errors: [{ code: 100500, title: '', detail: undefined, message: "'\"" }] },
    ];
    for (const body of answers) {
      assert.ok(writes(body), JSON.stringify(body));
      assert.equal(encodeResponse('xml', body), built(body));
    }
  });

  it('leaves to the builder what is not plain', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 120; i++) deep = { a: deep };
    const left = [{ '@_id': '1' }, { '#text': 'x' }, { '?pi': {} }, { '': 1 }, { a: new Date(0) }, { a: [[1]] }, { a: new Map() }, { a: 1n }, { a: Symbol('s') }, deep];
    for (const body of left) {
      assert.equal(writePlain('response', body), undefined, String(body));
      // encodeResponse still answers whatever the builder answers: its text, or its error.
      let expected: string | Error;
      try { expected = built(body); } catch (err) { expected = err as Error; }
      if (typeof expected === 'string') assert.equal(encodeResponse('xml', body as Record<string, unknown>), expected);
      else assert.throws(() => encodeResponse('xml', body as Record<string, unknown>), { message: expected.message });
    }
  });
});
