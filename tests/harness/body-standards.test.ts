// What RFC 8259 and XML 1.0 ask of an answer's body, beside what JSON.parse and fast-xml-parser
// refuse on their own: no byte order mark before a JSON text (RFC 8259 8.1), one before an XML
// document allowed (XML 1.0 4.3.3); only XML characters, character references to them, and
// references to the five predefined entities (XML 1.0 2.2, 4.1), CDATA and comments aside.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decodeBody } from '../../src/client/decode.ts';
import { checkResponse } from '../../src/checks/response.ts';
import { xmlCharProblem } from '../../src/codec/xml-chars.ts';
import { bodyStandardFindings, repeatedName } from '../../src/checks/body-standards.ts';

const json = '{"metadata":{"status":400,"generated_at":"2026-11-25 12:00:00"},"errors":[{"code":100001}]}';
const xml = '<?xml version="1.0" encoding="UTF-8"?><response><metadata><status>400</status><generated_at>2026-11-25 12:00:00</generated_at></metadata><errors><code>100001</code></errors></response>';
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

const formatRule = (format: 'json' | 'xml', text: string) => {
  const body = decodeBody(Buffer.concat([BOM, Buffer.from(text)])).body;
  const { findings } = checkResponse('change_receiver', format, { status: 400, headers: { 'content-type': `application/${format}` }, body, ms: 1 });
  return findings.find((f) => f.rule === 'RSP-FORMAT-FOLLOWS-PATH')!;
};

describe('a byte order mark', () => {
  it('is kept by the body\'s reading, so a JSON answer that starts with one fails its format', () => {
    assert.equal(decodeBody(Buffer.concat([BOM, Buffer.from(json)])).body.charCodeAt(0), 0xfeff);
    assert.equal(formatRule('json', json).verdict, 'fail');
  });

  it('may begin an XML answer', () => {
    assert.equal(formatRule('xml', xml).verdict, 'pass');
  });

  it('must begin an XML answer in UTF-16 (XML 1.0 4.3.3); UTF-16LE names its byte order without one', () => {
    const utf16 = (type: string, bytes: Buffer) => {
      const headers = { 'content-type': type };
      const { findings } = checkResponse('change_receiver', 'xml', { status: 400, headers, body: decodeBody(bytes, type).body, ms: 1 });
      return findings.find((f) => f.rule === 'RSP-FORMAT-FOLLOWS-PATH')!;
    };
    const text = xml.replace('UTF-8', 'UTF-16');
    const le = Buffer.from(text, 'utf16le');
    const unmarked = utf16('application/xml; charset=utf-16', le);
    assert.equal(unmarked.verdict, 'fail');
    assert.match(unmarked.received ?? '', /^an XML body in UTF-16 \(charset utf-16\) without the byte order mark/);
    assert.equal(utf16('application/xml; charset=UTF-16', Buffer.concat([Buffer.from([0xff, 0xfe]), le])).verdict, 'pass');
    assert.equal(utf16('application/xml; charset=utf-16le', le).verdict, 'pass', 'UTF-16LE names its byte order');
    assert.equal(utf16('application/xml', Buffer.from(xml)).verdict, 'pass', 'UTF-8, declared by its XML declaration');
  });
});

describe('the characters of an XML answer', () => {
  it('takes every XML character, references to them and the predefined entities, and references inside CDATA or comments', () => {
    for (const text of ['<a>tab\there, Ё, 😀, \u{10FFFD}</a>', '<a>&#x1F600;&#9;&amp;&lt;&gt;&quot;&apos;</a>', '<a><![CDATA[&nbsp; &#1;]]><!-- &copy; --></a>', '<a b="]]>">]]&gt;</a>']) {
      assert.equal(xmlCharProblem(text), undefined, text);
    }
  });

  it('refuses a control character, a noncharacter, a lone surrogate, a reference to none and an undeclared entity', () => {
    for (const [text, problem] of [
      ['<a>\u0001</a>', /U\+0001 at offset 3 is no XML character/], ['<a>\u001b[31m</a>', /U\+001B/], ['<a>\uFFFE</a>', /U\+FFFE/], ['<a>\uD800</a>', /U\+D800/],
      ['<a>&#x0;</a>', /&#x0; names no XML character/], ['<a>&#xFFFF;</a>', /&#xFFFF;/], ['<a>&nbsp;</a>', /&nbsp; names no declared entity/],
      ['<a>x]]> y</a>', /the string \]\]> in character data/],
    ] as const) assert.match(xmlCharProblem(text) ?? '', problem, text);
  });
});

describe('the SHOULDs of an answer\'s body', () => {
  it('finds a name an object holds twice, escapes read, and none where names repeat only across objects or as values', () => {
    assert.equal(repeatedName('{"a":1,"b":{"a":2},"c":["a","a"],"d":"a"}'), undefined);
    assert.equal(repeatedName('{"a":1,"b":[{"x":1,"x":2}]}'), 'x');
    assert.equal(repeatedName('{"a\\"b":1, "\\u0061\\"b" :2}'), 'a"b');
  });

  it('judges a JSON answer on its names and an XML answer on its declaration, only in its path\'s format', () => {
    const verdict = (format: 'json' | 'xml', body: string): string[] => bodyStandardFindings(format, { status: 200, headers: {}, body, ms: 1 }).map((f) => `${f.rule} ${f.verdict}`);
    assert.deepEqual(verdict('json', '{"a":1,"a":2}'), ['BODY-JSON-UNIQUE-NAMES fail']);
    assert.deepEqual(verdict('json', '\uFEFF{"a":1}'), ['BODY-JSON-UNIQUE-NAMES pass']);
    assert.deepEqual(verdict('xml', '<?xml version="1.0"?><response/>'), ['BODY-XML-DECLARATION pass']);
    assert.deepEqual(verdict('xml', '<response/>'), ['BODY-XML-DECLARATION fail']);
    assert.deepEqual(verdict('xml', '{"a":1}'), []);
  });
});
