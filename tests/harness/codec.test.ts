// The schema-driven codec: XML requests round-trip to the same logical request JSON has,
// a DOCTYPE is refused, and a response is read in whichever format it really has.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { decodeRequest, decodeResponse, encodeRequest, XmlDecodeError } from '../../src/codec/index.ts';

const roundTrip = (op: 'change_receiver' | 'change_pickup', body: unknown): unknown =>
  decodeRequest('xml', op, encodeRequest('xml', body));

const ids = (n: number, from: number): number[] => Array.from({ length: n }, (_, i) => from + i);

function receiver(n: number): Record<string, unknown> {
  const member = {
    counteragent: {
      form: '0xab91feea8b5b0ba511e1bb8e84dd7412',
      name: 'ООО "Ромашка & Ко" <Север> \'Юг\'',
      inn: 7707083893,
      document: { type: 'passport', serial: '0045', number: '000123' },
      juridicalAddress: { search: ' Москва, ул. Льва Толстого, д. 16 ', house: '16', flat: '007' },
    },
    contactPersons: Array.from({ length: n }, (_, i) => ({ name: ['  Пётр O\'Brien', 'Tom & Jerry <ООО>', 'Анна "Аня" '][i]! })),
    phoneNumbers: Array.from({ length: n }, (_, i) => ({ number: `00791612345${i}`, ext: '007' })),
    email: 'a&b@example.com',
    dataForReceipt: { phone: '+79161234567', email: 'x@example.com' },
  };
  return {
    appkey: 'k&<key>', sessionID: '0123456789', orderID: '007', changeOrderPayer: n % 2 === 0, storePayer: 'third',
    receiver: member,
    third: { counteragentID: 5001 + n, contactIDs: ids(n, 6001), phoneIDs: ids(n, 7001) },
  };
}

function pickup(n: number): Record<string, unknown> {
  return {
    appkey: 'k', sessionID: 's', orderID: '0000101', variant: 'address',
    address: { search: '55.5800,37.3850', flat: '12А' },
    produce_date: '2026-11-23',
    time: { worktimeStart: '09:00', worktimeEnd: '18:00', exactTime: n === 1 },
    contactIDs: ids(n, 6001),
    phoneNumbers: Array.from({ length: n }, (_, i) => ({ number: `+7916123456${i}` })),
  };
}

describe('XML requests round-trip', () => {
  for (const n of [1, 2, 3]) {
    it(`a receiver change with arrays of ${n}`, () => {
      assert.deepEqual(roundTrip('change_receiver', receiver(n)), receiver(n));
    });
    it(`a pickup change with arrays of ${n}`, () => {
      assert.deepEqual(roundTrip('change_pickup', pickup(n)), pickup(n));
    });
  }

  it('keeps digit-only text a string where the schema says string, and types integers and booleans', () => {
    const back = roundTrip('change_receiver', receiver(1)) as Record<string, any>;
    assert.equal(back.orderID, '007');
    assert.equal(back.sessionID, '0123456789');
    assert.equal(back.receiver.phoneNumbers[0].number, '007916123450');
    assert.equal(back.receiver.phoneNumbers[0].ext, '007');
    assert.equal(back.receiver.counteragent.document.serial, '0045');
    assert.equal(back.receiver.counteragent.inn, 7707083893);
    assert.equal(back.third.counteragentID, 5002);
    assert.equal(back.changeOrderPayer, false);
  });

  it('keeps leading and trailing spaces', () => {
    const back = roundTrip('change_receiver', receiver(3)) as Record<string, any>;
    assert.equal(back.receiver.contactPersons[0].name, '  Пётр O\'Brien');
    assert.equal(back.receiver.contactPersons[2].name, 'Анна "Аня" ');
    assert.equal(back.receiver.counteragent.juridicalAddress.search, ' Москва, ул. Льва Толстого, д. 16 ');
  });

  it('escapes markup characters on the wire', () => {
    const xml = encodeRequest('xml', receiver(1));
    assert.ok(!xml.includes('<key>'), 'an unescaped < in a value became an element');
    assert.ok(!xml.includes('<Север>'));
    assert.match(xml, /^<\?xml [^>]*\?><request>/);
  });

  it('holds for any text of letters, Cyrillic, digits, spaces and & < > " \' in every string field', () => {
    const text = fc.string({ unit: fc.constantFrom(...'aZ09 дЖё&<>"\'.,-+'.split('')), minLength: 1, maxLength: 40 });
    fc.assert(fc.property(text, text, text, fc.boolean(), (name, number, search, flag) => {
      const body = {
        appkey: name, sessionID: number, orderID: number, changeOrderPayer: flag, storePayer: search,
        receiver: { counteragentID: 1, contactPersons: [{ name }], phoneNumbers: [{ number, ext: number }], counteragent: { form: name, name, juridicalAddress: { search } } },
      };
      assert.deepEqual(roundTrip('change_receiver', body), body);
    }), { numRuns: 200 });
  });

  it('reads a single repeated element as a one-element array where the schema says array', () => {
    const xml = '<?xml version="1.0"?><request><orderID>1</orderID><contactIDs>6001</contactIDs>'
      + '<phoneNumbers><number>79161234567</number></phoneNumbers><address><search>Москва</search></address></request>';
    assert.deepEqual(decodeRequest('xml', 'change_pickup', xml), {
      orderID: '1', contactIDs: [6001], phoneNumbers: [{ number: '79161234567' }], address: { search: 'Москва' },
    });
    const member = '<request><receiver><contactPersons><name>Иван</name></contactPersons><phoneIDs>7001</phoneIDs></receiver></request>';
    assert.deepEqual(decodeRequest('xml', 'change_receiver', member), { receiver: { contactPersons: [{ name: 'Иван' }], phoneIDs: [7001] } });
  });

  it('leaves text that does not have its field\'s form as a string, for the schema to report', () => {
    const xml = '<request><changeOrderPayer>yes</changeOrderPayer><receiver><counteragentID>12a</counteragentID></receiver></request>';
    assert.deepEqual(decodeRequest('xml', 'change_receiver', xml), { changeOrderPayer: 'yes', receiver: { counteragentID: '12a' } });
  });

  it('refuses a root other than request', () => {
    assert.throws(() => decodeRequest('xml', 'change_receiver', '<response><orderID>1</orderID></response>'), XmlDecodeError);
  });
});

describe('a DOCTYPE is refused', () => {
  const bomb = (keyword: string): string => `<?xml version="1.0"?><${keyword} request [<!ENTITY x "EXPANDED-ENTITY">]><request><orderID>&x;</orderID></request>`;
  for (const keyword of ['!DOCTYPE', '!doctype']) {
    it(`in a request (<${keyword}>)`, () => {
      assert.throws(() => decodeRequest('xml', 'change_receiver', bomb(keyword)), (e: unknown) =>
        e instanceof XmlDecodeError && !e.message.includes('EXPANDED-ENTITY'));
    });
  }

  it('in a response, whose entity is never expanded', () => {
    const decoded = decodeResponse('xml', 'change_receiver', bomb('!DOCTYPE').replace(/request/g, 'response'));
    assert.equal(decoded.format, undefined);
    assert.ok(!JSON.stringify(decoded).includes('EXPANDED-ENTITY'), JSON.stringify(decoded));
  });
});

describe('decodeResponse', () => {
  it('reads JSON on the .xml path as format json', () => {
    const decoded = decodeResponse('xml', 'change_receiver', '{"metadata":{"status":200},"data":{"status":"success"}}');
    assert.equal(decoded.format, 'json');
    assert.deepEqual(decoded.format && decoded.value, { metadata: { status: 200 }, data: { status: 'success' } });
  });

  it('reads XML on the .json path as format xml, with its root', () => {
    const decoded = decodeResponse('json', 'change_pickup', '<answer><metadata><status>200</status></metadata></answer>');
    assert.equal(decoded.format, 'xml');
    assert.equal(decoded.format && decoded.xmlRoot, 'answer');
  });

  it('reads an XML response with the response schema: integers, and foundAddresses as a list', () => {
    const xml = '<?xml version="1.0"?><response><metadata><status>200</status><generated_at>2026-11-21 10:00:00</generated_at></metadata>'
      + '<data><state>success</state><information>free</information><foundAddresses><field>address</field><source>007</source><result>Москва</result></foundAddresses></data></response>';
    const decoded = decodeResponse('xml', 'change_pickup', xml);
    assert.equal(decoded.format, 'xml');
    assert.deepEqual(decoded.format && decoded.value, {
      metadata: { status: 200, generated_at: '2026-11-21 10:00:00' },
      data: { state: 'success', information: 'free', foundAddresses: [{ field: 'address', source: '007', result: 'Москва' }] },
    });
  });

  // A body on its own path: a reading of each format is kept and frozen alike.
  const bodies: Record<'json' | 'xml', (n: number) => string> = {
    xml: (n) => `<response><metadata><status>200</status><generated_at>2026-11-24 10:00:${String(n).padStart(2, '0')}</generated_at></metadata><data><success>true</success></data></response>`,
    json: (n) => `{"metadata":{"status":200,"generated_at":"2026-11-24 10:00:${String(n).padStart(2, '0')}"},"data":{"success":true}}`,
  };
  for (const format of ['json', 'xml'] as const) {
    it(`${format}: gives a body read again its first reading, frozen deep, and reads a long body or one read 64 bodies ago afresh`, () => {
      const body = bodies[format];
      const other = format === 'json' ? 'xml' : 'json';
      const first = decodeResponse(format, 'change_receiver', body(0));
      assert.equal(first.format, format);
      assert.equal(decodeResponse(format, 'change_receiver', body(0)), first, 'the same reading');
      assert.ok(first.format && Object.isFrozen(first.value) && Object.isFrozen((first.value as { metadata: object }).metadata));
      assert.throws(() => { ((first.format && first.value) as { data: { success: unknown } }).data.success = false; }, TypeError, 'no check can change what another reads');
      // The same text on another path format or operation is read by that path's rules.
      assert.notEqual(decodeResponse(format, 'change_pickup', body(0)), first);
      assert.notEqual(decodeResponse(other, 'change_receiver', body(0)), first);
      const long = format === 'json' ? `{"metadata":{"status":200,"pad":"${'x'.repeat(5000)}"}}` : `<response><pad>${'x'.repeat(5000)}</pad></response>`;
      assert.notEqual(decodeResponse(format, 'change_receiver', long), decodeResponse(format, 'change_receiver', long), 'a body over 4 KB is not kept');
      for (let n = 1; n <= 64; n++) decodeResponse(format, 'change_receiver', body(n));
      const later = decodeResponse(format, 'change_receiver', body(0));
      assert.notEqual(later, first, 'read 64 bodies ago: read afresh');
      assert.deepEqual(later, first);
    });
  }

  for (const garbage of ['', 'garbage', 'Internal Server Error', '<html><body>oops', '{"metadata":']) {
    it(`reads ${JSON.stringify(garbage)} as no format, with a reason`, () => {
      for (const path of ['json', 'xml'] as const) {
        const decoded = decodeResponse(path, 'change_receiver', garbage);
        assert.equal(decoded.format, undefined, `${path} path`);
        assert.ok(!decoded.format && decoded.reason.length > 0);
      }
    });
  }
});
