// The faults of malformed answers (RSP-FORMAT-FOLLOWS-PATH): complete, well-framed answers whose
// text is not well-formed in the format their path names, where the faithful reference's is.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { XMLValidator } from 'fast-xml-parser';
import { type Format, type Json, type Op, addressPickupRequest, encode, receiverRequest, useReference, withPatch } from './helpers.ts';
import { pathOf, postFresh } from './framings.ts';

/** A search that names Москва, with the two characters XML text must escape. */
const SEARCH = 'Москва, ул. Тверская, д. 7, вход <со двора> & "Арка"';

const wellFormed = (format: Format, text: string): boolean => {
  if (format === 'xml') return XMLValidator.validate(text) === true;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

const read = async (url: string, op: Op, format: Format, request: Json): Promise<string> => (await postFresh(url, pathOf(op, format), format, encode(format, request))).text;

const refused = (): Json => withPatch(receiverRequest(), { storePayer: undefined });
const echoed = (): Json => addressPickupRequest({ search: SEARCH });

describe('the faithful reference', () => {
  const ref = useReference();
  it('answers well-formed JSON and XML, an error and an echoed search holding & and <', async () => {
    for (const format of ['json', 'xml'] as const) {
      assert.ok(wellFormed(format, await read(ref.url, 'change_receiver', format, refused())), format);
      const text = await read(ref.url, 'change_pickup', format, echoed());
      assert.ok(wellFormed(format, text) && text.includes('Тверская'), text);
    }
  });
});

describe('json-answer-raw-control-character', () => {
  const faulty = useReference({ fault: 'json-answer-raw-control-character' });
  it('answers a JSON error whose detail ends in a raw line feed, and XML and JSON successes as before', async () => {
    const text = await read(faulty.url, 'change_receiver', 'json', refused());
    assert.match(text, /"detail":"[^"]*\n"/);
    assert.ok(!wellFormed('json', text));
    assert.ok(wellFormed('xml', await read(faulty.url, 'change_receiver', 'xml', refused())));
    assert.ok(wellFormed('json', await read(faulty.url, 'change_receiver', 'json', receiverRequest())));
  });
});

describe('xml-answer-bare-ampersand-in-echo', () => {
  const faulty = useReference({ fault: 'xml-answer-bare-ampersand-in-echo' });
  it('echoes a search holding & and < into an XML answer unescaped, and into a JSON one as before', async () => {
    const text = await read(faulty.url, 'change_pickup', 'xml', echoed());
    assert.ok(text.includes(`<source>${SEARCH}</source>`), text);
    assert.ok(!wellFormed('xml', text));
    assert.ok(wellFormed('json', await read(faulty.url, 'change_pickup', 'json', echoed())));
    assert.ok(wellFormed('xml', await read(faulty.url, 'change_pickup', 'xml', addressPickupRequest({ search: 'Москва, ул. Тверская, д. 7' }))));
  });
});
