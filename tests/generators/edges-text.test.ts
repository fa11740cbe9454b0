// The catalogues of text edges drawn by the generators (issue 32, methods 1a, 1b and 4): names,
// searches, house parts and e-mails reach every entry, and the maxima arbitrary meets two or more
// limits at once, every limit of the request schemas in turn, with requests the schemas and the
// embedded reference accept in both formats.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { FORMATS, OPERATIONS } from '../../src/contract/load.ts';
import { validator } from '../../src/contract/ajv.ts';
import { requestFields, textKind } from '../../src/contract/string-fields.ts';
import { fitting, limitEdges } from '../../src/contract/text-edges.ts';
import { decodeResponse, encodeRequest, requestSchemaId } from '../../src/codec/index.ts';
import { checkFoundAddresses } from '../../src/checks/found-addresses.ts';
import { startReference } from '../../reference/server.ts';
import { referenceEnv } from '../../src/profile/reference.ts';
import { maximaRequest } from '../../generators/maxima.ts';
import { emailUpTo, housePart, personName, searchUpTo } from '../../generators/text.ts';
import { ctx, sample, show } from './helpers.ts';

const cp = (s: string): number => [...s].length;
const missing = (texts: string[], values: string[]): string[] => texts.filter((t) => !values.some((v) => v.includes(t)));

describe('the text arbitraries draw the catalogues', () => {
  it('names reach every free-text entry that fits a name, whole values included', () => {
    const names = sample(personName, 3000);
    assert.deepEqual(missing(fitting('name', true).map((e) => e.text), names), []);
  });

  it('search remarks reach every free-text entry that fits a search', () => {
    const searches = sample(searchUpTo('Москва, ул. Тверская, д. 7', 1024), 3000);
    assert.deepEqual(missing(fitting('search').map((e) => e.text), searches), []);
  });

  it('house parts and e-mails at their limits reach every character a limit may be counted otherwise by', () => {
    const at = limitEdges('at').map((e) => e.text);
    assert.deepEqual(missing(at, sample(housePart(5), 600).filter((p) => cp(p) === 5)), []);
    assert.deepEqual(missing(at, sample(emailUpTo(128), 300).filter((e) => cp(e) === 128)), []);
  });
});

/** Every value of a request with its field path (array indexes left out), lists included. */
const valuesOf = (v: unknown, path = ''): { path: string; value: unknown }[] => {
  const here = path ? [{ path, value: v }] : [];
  if (Array.isArray(v)) return [...here, ...v.flatMap((el) => valuesOf(el, path).filter((x) => x.path !== path))];
  return v !== null && typeof v === 'object' ? [...here, ...Object.entries(v).flatMap(([k, child]) => valuesOf(child, path ? `${path}.${k}` : k))] : here;
};

for (const op of OPERATIONS) {
  describe(`${op} requests with every maximum at once`, () => {
    const requests = sample(maximaRequest(op, ctx), 200);
    /** The fields at their limit in a request: a list full, a text at its maxLength, digits at the most the pattern allows. */
    const limits = requestFields(op).flatMap((f) => {
      if (f.type === 'array' && f.maxItems) return [{ path: f.path, full: (v: unknown) => Array.isArray(v) && v.length === f.maxItems }];
      if (f.type === 'string' && textKind(op, f) === 'limited') return [{ path: f.path, full: (v: unknown) => typeof v === 'string' && cp(v) === f.maxLength }];
      if (f.type === 'string' && textKind(op, f) === 'digits') return [{ path: f.path, full: (v: unknown) => typeof v === 'string' && /^\+?[0-9]+$/.test(v) && cp(v) === Math.max(...[...f.pattern!.matchAll(/\{(?:\d+,)?(\d+)\}/g)].map((m) => Number(m[1]))) }];
      return [];
    });
    const metIn = (request: unknown): string[] => [...new Set(valuesOf(request).filter(({ path, value }) => limits.some((l) => l.path === path && l.full(value))).map(({ path }) => path))];

    it('are valid by the request schema and meet two or more limits each', () => {
      const valid = validator(requestSchemaId(op));
      for (const r of requests) {
        assert.ok(valid(r), `${JSON.stringify(valid.errors)} ${show(r)}`);
        assert.ok(metIn(r).length >= 2, `fewer than two limits met: ${show(r)}`);
      }
    });

    it('meet every limit of the request schema in some request', () => {
      const met = new Set(requests.flatMap(metIn));
      // A coordinates search is never varied (A-SEARCH-FORMS); a text search is met in its stead.
      assert.deepEqual(limits.map((l) => l.path).filter((p) => !met.has(p)), []);
    });
  });
}

describe('the reference and generated requests with every maximum at once', () => {
  // The reference's own credentials (reference/fixtures.yaml), which the stand-ins of helpers.ts are not.
  const credentials = { appkey: referenceEnv().OCS_APPKEY!, sessionID: referenceEnv().OCS_SESSION_ID! };
  let reference: Awaited<ReturnType<typeof startReference>>;
  before(async () => { reference = await startReference(); });
  after(async () => { await reference.close(); });

  for (const op of OPERATIONS) {
    it(`accepts every generated ${op} request with limits met at once in JSON and XML and echoes each search exactly`, async () => {
      for (const drawn of sample(maximaRequest(op, ctx), 30)) {
        const request = { ...drawn, ...credentials };
        for (const format of FORMATS) {
          const res = await fetch(`${reference.url}/v3/orders/${op}.${format}`, { method: 'POST', body: encodeRequest(format, request) });
          const text = await res.text();
          assert.equal(res.status, 200, `${format} ${show(request)}\n${text.slice(0, 400)}`);
          const decoded = decodeResponse(format, op, text);
          const failing = checkFoundAddresses(op, request, (decoded.format === format ? decoded.value as { data?: unknown } : {}).data).filter((f) => f.verdict !== 'pass');
          assert.deepEqual(failing, [], `${format} ${show(request)}`);
        }
      }
    });
  }
});
