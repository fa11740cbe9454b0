// The equivalent forms of a request body (src/codec/forms.ts): the forms properties draw
// every form of their format, and every form of every generated request, valid or violating,
// reads back (with the harness's own decoders) as the same logical request; each form really
// writes what its name says, and no form writes a credential in a spelling the report masks
// do not know.
import assert from 'node:assert/strict';
import { XMLValidator } from 'fast-xml-parser';
import { describe, it } from 'node:test';
import { FORMATS, OPERATIONS } from '../../src/contract/load.ts';
import { decodeRequest, encodeRequest } from '../../src/codec/index.ts';
import { encodeXml } from '../../src/codec/xml.ts';
import { encodeForm, FORMS } from '../../src/codec/forms.ts';
import { encodeJsonForm } from '../../src/codec/json-forms.ts';
import { encodeXmlForm, XML_FORMS, type XmlForm } from '../../src/codec/xml-forms.ts';
import { FORMS_RULE } from '../../src/runner/compare.ts';
import { loadAllCases, loadBases } from '../../src/scenario/load.ts';
import { buildRequest } from '../../src/scenario/build.ts';
import { PROPERTIES } from '../../generators/suite.ts';
import { validRequest } from '../../generators/index.ts';
import { ctx, profile, sample, show } from './helpers.ts';

const RUNS = 300;

for (const op of OPERATIONS) {
  for (const format of FORMATS) {
    describe(`the ${format} forms of ${op} requests`, () => {
      const property = PROPERTIES.find((p) => p.operation === op && p.format === format && p.rules.includes(FORMS_RULE));
      const drawn = sample(property!.arbitrary(ctx), RUNS);

      it('are drawn by a property of their own, every form, valid requests in each', () => {
        assert.ok(property, `no ${FORMS_RULE} property for ${op} [${format}]`);
        const valid = new Set(drawn.filter((s) => s.expect === 'accepted').map((s) => s.form));
        assert.deepEqual([...valid].sort(), [...FORMS[format]].sort(), 'forms no valid request was drawn in');
        assert.ok(drawn.some((s) => s.expect === 'rejected'), 'no violation drawn');
      });

      it('each read back as the same logical request as the compact form', () => {
        for (const s of drawn) {
          const compact = decodeRequest(format, op, encodeRequest(format, s.request));
          assert.deepEqual(decodeRequest(format, op, encodeForm(format, s.request, s.form!)), compact, `${s.form}: ${show(s.request)}`);
        }
      });

      it('read back every valid request exactly, in every form', () => {
        for (const r of sample(validRequest(op, ctx), 60)) {
          for (const form of FORMS[format]) assert.deepEqual(decodeRequest(format, op, encodeForm(format, r, form)), r, `${form}: ${show(r)}`);
        }
      });
    });
  }

  it(`builds the compact XML form of ${op} requests as encodeXml does, from the same element tree`, () => {
    for (const r of sample(validRequest(op, ctx), 100)) assert.equal(encodeXmlForm(r, 'compact'), encodeXml(r));
  });
}

describe('each XML form', () => {
  const request = {
    appkey: 'key&1', sessionID: 'session<1', orderID: '26-0000101',
    receiver: { contactIDs: [6001, 6002], counteragent: { name: `Ёж "a" & 'b' ]]> 😀` } },
    changeOrderPayer: true,
  };
  const text = (form: XmlForm): string => encodeXmlForm(request, form);

  it('writes what its name says', () => {
    assert.match(text('pretty'), /<request>\n {2}<appkey>/);
    assert.match(text('pretty'), /\n {4}<contactIDs>6001<\/contactIDs>\n {4}<contactIDs>6002<\/contactIDs>/);
    assert.doesNotMatch(text('no-declaration'), /<\?xml/);
    assert.match(encodeXml(request), /^<\?xml version="1.0" encoding="UTF-8"\?>/, 'the compact form has a declaration');
    assert.match(text('cdata'), /<orderID><!\[CDATA\[26-0000101\]\]><\/orderID>/);
    assert.match(text('cdata'), /<!\[CDATA\[Ёж "a" & 'b' \]\]\]\]><!\[CDATA\[> 😀\]\]>/, ']]> splits the value into two sections');
    assert.match(text('decimal-references'), /<name>&#1025;&#1078;&#32;&#34;/);
    assert.match(text('decimal-references'), /&#128512;<\/name>/, 'an astral character is one reference');
    assert.match(text('hex-references'), /<name>&#x401;&#x436;&#x20;&#x22;/);
    assert.match(text('bare-specials'), /<name>Ёж "a" &amp; 'b' \]\]&gt; 😀<\/name>/);
    assert.match(text('comments'), /^<\?xml[^>]*\?><!--[^-]*--><request><!--[^-]*--><appkey>/);
    assert.match(text('comments'), /<contactIDs>6001<\/contactIDs><!--[^-]*--><contactIDs>6002<\/contactIDs>/);
    assert.match(text('reordered'), /<request><changeOrderPayer>true<\/changeOrderPayer><receiver><counteragent>.*<\/counteragent><contactIDs>6001<\/contactIDs><contactIDs>6002<\/contactIDs><\/receiver><orderID>/);
    assert.deepEqual([...Buffer.from(text('byte-order-mark'), 'utf8').subarray(0, 8)], [0xef, 0xbb, 0xbf, ...Buffer.from('<?xml')]);
    assert.match(text('single-quoted-declaration'), /^<\?xml version='1\.0' encoding='UTF-8'\?><request>/);
    assert.match(text('spaced-declaration'), /^<\?xml\s+version\s+=\s+"1\.0"\s+encoding\s+=\s+"UTF-8"\s+\?><request>/);
    assert.match(text('standalone-declaration'), /^<\?xml version="1\.0" encoding="UTF-8" standalone="yes"\?><request>/);
    assert.match(text('declaration-without-encoding'), /^<\?xml version="1\.0"\?><request>/);
    assert.match(text('tag-whitespace'), /<request ><appkey >key&amp;1<\/appkey ><sessionID >/);
    assert.match(text('tag-whitespace'), /<contactIDs >6001<\/contactIDs ><contactIDs >6002<\/contactIDs >/);
    assert.match(text('line-ends'), /^<\?xml[^>]*\?>\r\n<request>\r\n\t<appkey>/);
    assert.match(text('line-ends'), /\r\n\t\t<contactIDs>6001<\/contactIDs>\r\n\t\t<contactIDs>6002<\/contactIDs>\r\n\t\t<counteragent>\r\n\t\t\t<name>/);
    assert.match(text('line-ends'), /<\/changeOrderPayer>\r\n<\/request>\r\n$/);
    assert.doesNotMatch(text('line-ends'), /[^\r]\n/, 'every line end is CR LF');
  });

  it('differs from the compact form, and reads back as it', () => {
    for (const form of XML_FORMS) {
      assert.notEqual(text(form), encodeXml(request), form);
      assert.deepEqual(decodeRequest('xml', 'change_receiver', text(form)), decodeRequest('xml', 'change_receiver', encodeXml(request)), form);
    }
  });

  it('writes the credentials as the compact form does wherever it writes values otherwise', () => {
    for (const form of ['cdata', 'decimal-references', 'hex-references'] as const) {
      assert.match(text(form), /<appkey>key&amp;1<\/appkey><sessionID>session&lt;1<\/sessionID>/, form);
    }
  });

  it('is well-formed XML, as fast-xml-parser\'s validator reads it', () => {
    for (const form of XML_FORMS) assert.equal(XMLValidator.validate(text(form).replace(/^\uFEFF/, '')), true, form);
  });
});

describe('each JSON form', () => {
  const request = { appkey: 'key"1/2', sessionID: 'сессия', receiver: { contactIDs: [6001, 6002], name: 'Ёж/ёж 😀' }, storePayer: 'third' };

  it('writes what its name says', () => {
    assert.match(encodeJsonForm(request, 'pretty'), /^\{\n {2}"appkey": "key\\"1\/2",\n/);
    assert.equal(encodeJsonForm(request, 'reordered'), '{"storePayer":"third","receiver":{"name":"Ёж/ёж 😀","contactIDs":[6001,6002]},"sessionID":"сессия","appkey":"key\\"1/2"}');
    assert.match(encodeJsonForm(request, 'unicode-escapes'), /"name":"\\u0401\\u0436\\u002F\\u0451\\u0436\\u0020\\uD83D\\uDE00"/, 'an astral character is its surrogate pair');
    assert.match(encodeJsonForm(request, 'unicode-escapes'), /"storePayer":"\\u0074\\u0068/);
    assert.match(encodeJsonForm(request, 'lower-case-escapes'), /"name":"\\u0401\\u0436\\u002f\\u0451\\u0436\\u0020\\ud83d\\ude00"/);
    assert.match(encodeJsonForm(request, 'escaped-solidus'), /"name":"Ёж\\\/ёж 😀"/);
    assert.match(encodeJsonForm(request, 'escaped-names'), /^\{"\\u0061\\u0070\\u0070\\u006B\\u0065\\u0079":"key\\"1\/2",/);
    assert.match(encodeJsonForm(request, 'escaped-names'), /"\\u006E\\u0061\\u006D\\u0065":"Ёж\/ёж 😀"/, 'values stay as they are');
    assert.match(encodeJsonForm(request, 'whitespace'), /^ \t\r\n\{ \t\r\n"appkey" \t\r\n: \t\r\n"key\\"1\/2" \t\r\n,/);
    assert.match(encodeJsonForm(request, 'whitespace'), /\[ \t\r\n6001 \t\r\n, \t\r\n6002 \t\r\n\]/);
  });

  it('writes the credentials as the compact form does', () => {
    for (const form of ['unicode-escapes', 'lower-case-escapes', 'escaped-solidus'] as const) {
      assert.match(encodeJsonForm(request, form), /^\{"appkey":"key\\"1\/2","sessionID":"сессия",/, form);
    }
  });

  it('differs from the compact form, and reads back as it', () => {
    for (const form of FORMS.json) {
      assert.notEqual(encodeForm('json', request, form), JSON.stringify(request), form);
      assert.deepEqual(JSON.parse(encodeForm('json', request, form)), request, form);
    }
  });
});

describe('a carriage return', () => {
  it('reads back in every XML form as it does in the compact one (a reader turns it into a line feed)', () => {
    const request = { appkey: 'k', sessionID: 's', orderID: 'a\r\nb\rc' };
    const compact = decodeRequest('xml', 'change_receiver', encodeXml(request));
    for (const form of XML_FORMS) assert.deepEqual(decodeRequest('xml', 'change_receiver', encodeXmlForm(request, form)), compact, form);
  });
});

describe('the scenarios of BODY-FORMS (suites/*/forms.yaml)', () => {
  it('send each request in a text of its form that is not the compact one, else the check could not fail', () => {
    const cases = loadAllCases().filter((c) => c.form);
    assert.ok(cases.length > 0);
    const build = { profile, bases: loadBases(), now: ctx.now };
    for (const c of cases) {
      const request = buildRequest(c, build);
      for (const format of c.formats) assert.notEqual(encodeForm(format, request, c.form!), encodeRequest(format, request), `${c.name} [${format}]`);
    }
  });
});
