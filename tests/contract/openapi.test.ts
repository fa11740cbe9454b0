// The OpenAPI 3.1 description `export-openapi` prints: a maintained validator accepts it and
// resolves every $ref, YAML and JSON are the same document, it carries the contract's facts
// (paths, limits, one-of pairs, documented errors, rule IDs, XML shape), and the bundled
// schemas judge requests and responses exactly as the contract's own schemas do.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse } from 'yaml';
import { encodeRequest } from '../../src/codec/index.ts';
import { operationPath } from '../../src/contract/load.ts';
import { validator } from '../../src/contract/ajv.ts';
import { FORMATS, loadErrors, loadRules, loadSchemas, OPERATIONS, type Operation } from '../../src/contract/load.ts';
import { bundledSchemas, componentName, openapiDocument, renderOpenapi } from '../../src/contract/openapi.ts';
import { validRequest } from '../../generators/index.ts';
import { ALL_VIOLATORS, violation } from '../../generators/violators/index.ts';
import { ctx, sample, show } from '../generators/helpers.ts';

type Obj = Record<string, any>;
const doc = openapiDocument() as Obj;
const REQUEST_FILE: Record<Operation, string> = { change_receiver: 'change-receiver.request.json', change_pickup: 'change-pickup.request.json' };
const RESPONSE_FILE: Record<Operation, string> = { change_receiver: 'change-receiver.response.json', change_pickup: 'change-pickup.response.json' };

/** Every schema object below `node`, with its JSON pointer. */
function* schemas(node: unknown, at = ''): Generator<[string, Obj]> {
  if (Array.isArray(node)) { for (const [i, n] of node.entries()) yield* schemas(n, `${at}/${i}`); return; }
  if (typeof node !== 'object' || node === null) return;
  yield [at, node as Obj];
  for (const [k, v] of Object.entries(node)) yield* schemas(v, `${at}/${k}`);
}

describe('export-openapi: validity', () => {
  it('is a valid OpenAPI 3.1 document to @seriousme/openapi-schema-validator, every $ref resolved', async () => {
    const v = new Validator();
    const result = await v.validate(structuredClone(doc));
    assert.equal(result.valid, true, `validator errors: ${JSON.stringify(result.errors, null, 2)}`);
    assert.equal(v.version, '3.1');
    const resolved = v.resolveRefs() as Obj;
    assert.equal(resolved.paths['/v3/orders/change_receiver.json'].post.requestBody.content['application/json'].schema.properties.receiver.type, 'object');
  });

  it('the validator is not vacuous: a dangling $ref and a missing info are refused', async () => {
    const dangling = structuredClone(doc);
    dangling.paths[operationPath('change_pickup', 'xml')].post.responses['200'].content['application/xml'].schema.$ref = '#/components/schemas/Nowhere';
    const r1 = await new Validator().validate(dangling);
    assert.equal(r1.valid, false);
    assert.match(String(r1.errors), /Nowhere/);
    const noInfo = structuredClone(doc);
    delete noInfo.info;
    assert.equal((await new Validator().validate(noInfo)).valid, false);
  });

  it('YAML and JSON renderings parse to the same document, and to what openapiDocument() returns', () => {
    const fromYaml = parse(renderOpenapi('yaml')) as unknown;
    const fromJson = JSON.parse(renderOpenapi('json')) as unknown;
    assert.deepEqual(fromYaml, fromJson);
    assert.deepEqual(fromJson, doc);
    assert.doesNotMatch(renderOpenapi('yaml'), /^\s*[^#\n]*[&*][a-z0-9]+\s*$/m, 'no YAML anchors or aliases (other tools read them badly)');
    assert.equal(renderOpenapi('json'), renderOpenapi('json'), 'deterministic');
  });

  it('refuses an unknown format by name', () => {
    assert.throws(() => renderOpenapi('toml' as 'yaml'), /unknown format "toml" \(yaml or json\)/);
  });
});

describe('export-openapi: the contract\'s facts', () => {
  const components = doc.components.schemas as Obj;

  it('describes both operations on both paths, POST, with the path\'s media type for request and responses', () => {
    const expected = OPERATIONS.flatMap((op) => FORMATS.map((f) => operationPath(op, f))).sort();
    assert.deepEqual(Object.keys(doc.paths).sort(), expected);
    for (const op of OPERATIONS) {
      for (const format of FORMATS) {
        const post = doc.paths[operationPath(op, format)].post as Obj;
        const media = format === 'json' ? 'application/json' : 'application/xml';
        assert.equal(post.operationId, `${op}_${format}`);
        assert.deepEqual(Object.keys(post.requestBody.content), [media]);
        assert.equal(post.requestBody.content[media].schema.$ref, `#/components/schemas/${componentName(REQUEST_FILE[op])}`);
        assert.deepEqual(Object.keys(post.responses).sort(), ['200', '400'], 'the spec knows HTTP 200 and 400');
        assert.equal(post.responses['200'].content[media].schema.$ref, `#/components/schemas/${componentName(RESPONSE_FILE[op])}`);
        assert.equal(post.responses['400'].content[media].schema.$ref, '#/components/schemas/ErrorResponse');
      }
    }
  });

  it('carries the limits of spec section 8 (contactIDs at most 3, ext 5 digits, search 2 to 1024, email 128)', () => {
    const member = components['ChangeReceiverRequest.member'];
    assert.equal(member.properties.contactIDs.$ref, '#/components/schemas/Common.idList');
    assert.equal(components['Common.idList'].maxItems, 3);
    assert.equal(components['Common.contactPersons'].maxItems, 3);
    assert.equal(member.properties.phoneNumbers.maxItems, 3);
    assert.equal(member.properties.email.maxLength, 128);
    assert.equal(components['Common.ext'].pattern, '^[0-9]{1,5}$');
    const jaddr = components['ChangeReceiverRequest.counteragent'].properties.juridicalAddress.properties;
    assert.deepEqual([jaddr.search.minLength, jaddr.search.maxLength, jaddr.house.maxLength, jaddr.flat.maxLength], [2, 1024, 7, 5]);
    assert.equal(components['ChangePickupRequest.address'].properties.search.maxLength, 1024);
    assert.equal(components.ChangePickupRequest.properties.phoneNumbers.maxItems, 3);
  });

  it('carries the one-of pairs (counteragentID/counteragent, contacts, phones, addressID/address)', () => {
    const pairs = (s: Obj): string[][] => [...schemas(s)].filter(([, n]) => Array.isArray(n.oneOf)).map(([, n]) => n.oneOf.map((b: Obj) => b.required?.[0]));
    assert.deepEqual(pairs(components['ChangeReceiverRequest.member']), [['counteragentID', 'counteragent']]);
    assert.deepEqual(pairs(components['Common.contactsOneOf']), [['contactIDs', 'contactPersons'], ['phoneIDs', 'phoneNumbers']]);
    assert.deepEqual(pairs(components.ChangePickupRequest), [['addressID', 'address']]);
    for (const s of [components['ChangeReceiverRequest.member'], components.ChangePickupRequest]) {
      assert.ok(s.allOf.some((b: Obj) => b.$ref === '#/components/schemas/Common.contactsOneOf'), 'the contacts and phones pairs apply');
    }
  });

  it('names every documented error of contract/errors.yaml under its operation, with its rule', () => {
    const errors = loadErrors();
    assert.ok(errors.length >= 5);
    for (const e of errors) {
      for (const format of FORMATS) {
        const refused = doc.paths[operationPath(e.operation, format)].post.responses['400'] as Obj;
        assert.ok(refused.description.includes(String(e.code)), `${e.code} missing from ${e.operation} ${format}'s 400 description`);
        assert.deepEqual(refused['x-ocs-errors'].find((x: Obj) => x.code === e.code), { code: e.code, meaning: e.meaning, detail: e.detail, rule: e.rule });
      }
      const other = OPERATIONS.find((op) => op !== e.operation)!;
      assert.ok(!doc.paths[operationPath(other, 'json')].post.responses['400'].description.includes(String(e.code)), `${e.code} is not ${other}'s`);
    }
  });

  it('lists under x-ocs-rules exactly the catalog rules of each operation', () => {
    for (const op of OPERATIONS) {
      const expected = loadRules().filter((r) => r.operations.includes(op)).map((r) => r.id);
      for (const format of FORMATS) assert.deepEqual(doc.paths[operationPath(op, format)].post['x-ocs-rules'], expected);
      assert.ok(expected.includes('CNT-CONTACTIDS-MAX'));
    }
  });

  it('gives XML its shape: root `request` (and `response`), arrays as repeated elements, as the harness sends them', () => {
    for (const op of OPERATIONS) {
      assert.deepEqual(components[componentName(REQUEST_FILE[op])].xml, { name: 'request' });
      assert.deepEqual(components[componentName(RESPONSE_FILE[op])].xml, { name: 'response' });
    }
    const arrays = [...schemas(components)].filter(([, s]) => s.type === 'array');
    assert.equal(arrays.length, 5, 'idList, contactPersons, phoneNumbers of each operation, foundAddresses');
    for (const [at, s] of arrays) assert.deepEqual(s.xml, { wrapped: false }, `array at ${at}`);
    // What the description says is what goes on the wire: no wrapper, one element per item.
    const body = encodeRequest('xml', { appkey: 'k', contactIDs: [1, 2] });
    assert.match(body, /<request><appkey>k<\/appkey><contactIDs>1<\/contactIDs><contactIDs>2<\/contactIDs><\/request>$/);
  });
});

describe('export-openapi: the contract schemas embed in a 2020-12 document', () => {
  it('the contract schemas use no keyword whose meaning differs between draft-07 (the harness\'s ajv) and 2020-12', () => {
    for (const [file, schema] of Object.entries(loadSchemas())) {
      for (const [at, s] of schemas(schema)) {
        assert.ok(!('$ref' in s) || Object.keys(s).every((k) => k === '$ref' || k === '$comment'), `${file}${at}: $ref beside other keywords (ignored by draft-07, applied by 2020-12)`);
        assert.ok(!Array.isArray(s.items), `${file}${at}: array-form items (prefixItems in 2020-12)`);
        for (const k of ['definitions', 'dependencies', 'additionalItems', '$recursiveRef']) assert.ok(!(k in s), `${file}${at}: ${k}`);
      }
    }
  });

  it('a contract schema it cannot bundle is an error naming the file and the $ref', () => {
    const broken = (file: string, edit: (s: Obj) => void): Obj => {
      const all = structuredClone(loadSchemas()) as Obj;
      edit(all[file]);
      return all;
    };
    assert.throws(() => bundledSchemas(broken('change-pickup.request.json', (s) => { s.properties.addressID = { $ref: 'common.json#/$defs/nothing' }; })),
      /contract\/schemas\/change-pickup\.request\.json: \$ref "common\.json#\/\$defs\/nothing" points at no definition/);
    assert.throws(() => bundledSchemas(broken('change-receiver.request.json', (s) => { s.properties.third = { $ref: 'https://example.invalid/member.json' }; })),
      /contract\/schemas\/change-receiver\.request\.json: \$ref "https:\/\/example\.invalid\/member\.json" is not of the form/);
    assert.throws(() => bundledSchemas(broken('error.response.json', (s) => { s.$schema = 'http://json-schema.org/draft-07/schema#'; })),
      /contract\/schemas\/error\.response\.json: \$schema "http:\/\/json-schema\.org\/draft-07\/schema#" is not the 2020-12 dialect/);
  });

  it('every bundled schema is a valid 2020-12 schema and every $ref points into components', () => {
    const ajv = new Ajv2020({ strict: true, strictRequired: false, strictTypes: false });
    ajv.addVocabulary(['xml']);
    for (const [name, s] of Object.entries(bundledSchemas())) {
      assert.equal(ajv.validateSchema(s), true, `${name}: ${JSON.stringify(ajv.errors)}`);
      for (const [at, n] of schemas(s)) {
        if (typeof n.$ref === 'string') assert.match(n.$ref, /^#\/components\/schemas\/[A-Za-z.]+$/, `${name}${at}`);
        assert.ok(!('$id' in n) && !('$defs' in n), `${name}${at}: $id and $defs are bundled away`);
      }
    }
  });

  // The differential check: the bundled schemas, compiled as 2020-12 under the document, must
  // judge generated valid requests, every violator's requests and a few responses exactly as
  // the harness's contract validator does.
  const ajv = new Ajv2020({ strict: true, strictRequired: false, strictTypes: false, allErrors: true });
  ajv.addVocabulary(['xml', 'components']);
  ajv.addSchema({ $id: 'https://ocs.invalid/openapi.json', components: { schemas: bundledSchemas() } });
  const bundled = (file: string) => {
    const fn = ajv.getSchema(`https://ocs.invalid/openapi.json#/components/schemas/${componentName(file)}`);
    assert.ok(fn, `no compiled component for ${file}`);
    return fn;
  };

  for (const op of OPERATIONS) {
    it(`${op}: the bundled request schema agrees with the contract's on valid requests and on every violator`, () => {
      const mine = bundled(REQUEST_FILE[op]);
      const theirs = validator(REQUEST_FILE[op]);
      const valid = sample(validRequest(op, ctx), 40);
      for (const r of valid) {
        assert.equal(theirs(r), true, `the contract refuses a valid request: ${show(r)}`);
        assert.equal(mine(r), true, `the bundled schema refuses a valid request: ${JSON.stringify(mine.errors)} ${show(r)}`);
      }
      let refused = 0;
      for (const v of ALL_VIOLATORS.filter((x) => x.operations.includes(op))) {
        for (const r of sample(violation(op, v, ctx, v.formats), 4)) {
          const expected = theirs(r);
          if (!expected) refused++;
          assert.equal(mine(r), expected, `${v.rule}: contract says ${expected}, bundled says ${!expected}: ${show(r)}`);
        }
      }
      assert.ok(refused >= 20, `only ${refused} violations are refused by the schema: the comparison would prove little`);
    });

    it(`${op}: the bundled response schemas agree with the contract's`, () => {
      const meta = (status: number, at = '2026-11-23 10:00:00') => ({ status, generated_at: at });
      const data = op === 'change_receiver' ? { status: 'success' } : { state: 'success', information: 'Бесплатно.' };
      const found = { foundAddresses: [{ field: 'address.search', source: 'Москва', result: 'г. Москва' }] };
      const bodies: [string, unknown, boolean][] = [
        [RESPONSE_FILE[op], { metadata: meta(200), data }, true],
        [RESPONSE_FILE[op], { metadata: meta(200), data: { ...data, ...found } }, true],
        [RESPONSE_FILE[op], { metadata: meta(200, '2026-11-23T10:00:00Z'), data }, false],
        [RESPONSE_FILE[op], { metadata: meta(400), data }, false],
        [RESPONSE_FILE[op], { metadata: meta(200), data: { ...data, foundAddresses: [] } }, false],
        ['error.response.json', { metadata: meta(400), errors: [{ code: 610001 }] }, true],
        ['error.response.json', { metadata: meta(200) }, false],
      ];
      for (const [file, body, ok] of bodies) {
        assert.equal(validator(file)(body), ok, `contract on ${file}: ${show(body)}`);
        assert.equal(bundled(file)(body), ok, `bundled on ${file}: ${show(body)}`);
      }
    });
  }
});
