/**
 * profiles/reference.yaml, the harness's view of the embedded reference, derived from the
 * reference's one fixture file, and the reference's local test credentials. A run against
 * the embedded reference (src/profile/target.ts) reads them from here;
 * `npm run reference:profile` (scripts/reference-profile.ts) rewrites the profile, and a
 * test fails when the committed profile and the fixtures drift apart.
 */
import { join } from 'node:path';
import { stringify } from 'yaml';
import { readYaml, ROOT } from '../contract/load.ts';

/**
 * What the harness reads of reference/fixtures.yaml, as data: the reference defines the file
 * (reference/fixtures.ts) and the harness imports no reference code, not even its types (DESIGN,
 * Layout). The test of profiles/reference.yaml against the fixtures catches a drift.
 */
interface Fixtures {
  timeZone: string;
  appkeys: string[];
  sessions: Record<string, string>;
  orders: { id: string; owner: string; receiverChange: string; pickupChange: string; pickupFrom: string; region: string }[];
  addressBook: { counteragents: number[]; contacts: number[]; phones: number[]; addresses: { id: number; region: string }[] };
  legalForms: { uid: string; kind: string }[];
  documentTypes: string[];
  storePayers: string[];
  streets: string[];
  regions: Record<string, { cities: string[]; box: { latMin: number; latMax: number; lonMin: number; lonMax: number } }>;
}

export const REFERENCE_PROFILE = join(ROOT, 'profiles', 'reference.yaml');

/** Read anew at each call (a test may edit the file), parsed once per text (readYaml). */
const fixtures = (): Fixtures => readYaml<Fixtures>(join(ROOT, 'reference', 'fixtures.yaml'));

function pick<T>(items: T[], test: (t: T) => boolean, what: string): T {
  const found = items.find(test);
  if (!found) throw new Error(`reference/fixtures.yaml has no ${what}`);
  return found;
}

/** The user whose session the harness uses: the owner of the first changeable order. */
function harnessUser(f: Fixtures): string {
  return pick(f.orders, (o) => o.receiverChange === 'ok' && o.pickupFrom === 'address', 'changeable order').owner;
}

const sessionOf = (f: Fixtures, user: string): string => pick(Object.entries(f.sessions), ([, u]) => u === user, `session of ${user}`)[0];

/**
 * The further users the harness checks no user changes another's order with: every other user
 * with a session and an order of their own whose receiver and pickup can be changed. The n-th
 * sends the (n+1)-th appkey when the reference has one (an application of their own), else the
 * first; their secrets are OCS_SESSION_ID_<n+2> and OCS_APPKEY_<n+2>.
 */
function otherUsers(f: Fixtures, user: string) {
  const users = [...new Set(Object.values(f.sessions))].filter((u) => u !== user);
  return users.flatMap((name) => {
    const own = f.orders.find((o) => o.owner === name && o.receiverChange === 'ok' && o.pickupChange === 'ok' && o.pickupFrom === 'address');
    return own ? [{ name, order: own }] : [];
  }).map((u, i) => ({ ...u, n: i + 2, appkey: f.appkeys[i + 1] }));
}

/** The credentials, worked out once per process: playwright.config.ts and each worker's context both ask. */
let credentials: Record<string, string> | undefined;

/** Credentials of the embedded reference (test values of a local fake, not secrets), the further users' included. */
export function referenceEnv(): Record<string, string> {
  credentials ??= referenceCredentials();
  return { ...credentials };
}

function referenceCredentials(): Record<string, string> {
  const f = fixtures();
  const user = harnessUser(f);
  const others = otherUsers(f, user).flatMap((u) => [[`OCS_SESSION_ID_${u.n}`, sessionOf(f, u.name)], ...(u.appkey ? [[`OCS_APPKEY_${u.n}`, u.appkey]] : [])]);
  return { OCS_APPKEY: f.appkeys[0]!, OCS_SESSION_ID: sessionOf(f, user), ...Object.fromEntries(others) };
}

function places(f: Fixtures, region: string, street: string) {
  const r = f.regions[region]!;
  const lat = ((r.box.latMin + r.box.latMax) / 2).toFixed(4);
  const lon = ((r.box.lonMin + r.box.lonMax) / 2).toFixed(4);
  return {
    addressIDs: f.addressBook.addresses.filter((a) => a.region === region).map((a) => a.id),
    search: [`${r.cities[0]}, ${street}, д. 7`],
    coordinates: [`${lat},${lon}`],
    streets: f.streets.filter((s) => s.startsWith(region)).map((s) => ({ street: s, house: '7' })),
  };
}

/**
 * A series and number per document type the reference knows. Every one carries a series: the
 * request names no country, so the reference requires it always (contract/assumptions.yaml
 * A-DOCUMENT-SERIAL).
 */
const DOCUMENTS: Record<string, { serial: string; number: string }> = {
  passport: { serial: '4510', number: '123456' },
  foreign_passport: { serial: '75', number: '1234567' },
};

/** An inn per legal entity (the reference checks only that it is a positive integer). */
const INNS = [7707083893, 7736050003];

/**
 * A legal address in every region whose streets the reference knows, the pickup order's region
 * first: a legal address outside it is valid (spec 4 rule 5 binds the pickup address only).
 */
function legalAddresses(f: Fixtures, first: string) {
  const regions = [first, ...Object.keys(f.regions).filter((r) => r !== first)];
  return regions.flatMap((code) => {
    const street = f.streets.find((s) => s.startsWith(code));
    return street ? [{ search: `${f.regions[code]!.cities[0]}, ул. Льва Толстого, д. 16`, street, house: '16' }] : [];
  });
}

export function referenceProfile(): object {
  const f = fixtures();
  const user = harnessUser(f);
  const mine = f.orders.filter((o) => o.owner === user);
  const pickupOrder = pick(mine, (o) => o.pickupChange === 'ok' && o.pickupFrom === 'address', 'pickup-changeable order');
  const otherRegion = pick(Object.keys(f.regions), (r) => r !== pickupOrder.region && f.addressBook.addresses.some((a) => a.region === r), 'second region');
  const individual = pick(f.legalForms, (l) => l.kind === 'individual', 'individual legal form');
  return {
    name: 'Embedded reference service',
    timeZone: f.timeZone,
    credentials: { appkey: { env: 'OCS_APPKEY' }, sessionID: { env: 'OCS_SESSION_ID' } },
    responses: { errorCodePath: 'errors.0.code', errorMeaningPath: 'errors.0.message', xmlRoot: 'response' },
    identities: otherUsers(f, user).map((u) => ({
      name: u.name,
      credentials: { sessionID: { env: `OCS_SESSION_ID_${u.n}` }, ...(u.appkey ? { appkey: { env: `OCS_APPKEY_${u.n}` } } : {}) },
      orders: { receiverChangeable: u.order.id, pickupChangeable: u.order.id },
    })),
    fixtures: {
      orders: {
        receiverChangeable: pick(mine, (o) => o.receiverChange === 'ok', 'receiver-changeable order').id,
        pickupChangeable: pickupOrder.id,
        receiverUnavailable: pick(mine, (o) => o.receiverChange === 'unavailable', 'receiver-unavailable order').id,
        anonymous: pick(mine, (o) => o.receiverChange === 'anonymous', 'anonymous order').id,
        pickupUnavailable: pick(mine, (o) => o.pickupChange === 'unavailable', 'pickup-unavailable order').id,
        noAccess: pick(f.orders, (o) => o.owner !== user, 'order of another user').id,
        receiverUnavailablePickupChangeable: pick(mine, (o) => o.receiverChange === 'unavailable' && o.pickupChange === 'ok' && o.pickupFrom === 'address', 'order whose pickup alone can be changed').id,
      },
      addressBook: {
        counteragentIDs: f.addressBook.counteragents,
        contactIDs: f.addressBook.contacts,
        phoneIDs: f.addressBook.phones,
      },
      counteragents: {
        individual: f.documentTypes.map((type) => ({ form: individual.uid, document: { type, ...DOCUMENTS[type] } })),
        legal: f.legalForms.filter((l) => l.kind === 'legal').map((l, i) => ({ form: l.uid, inn: INNS[i % INNS.length] })),
      },
      storePayers: f.storePayers,
      juridicalAddress: legalAddresses(f, pickupOrder.region),
      pickup: {
        inRegion: places(f, pickupOrder.region, 'ул. Тверская'),
        outOfRegion: places(f, otherRegion, 'Невский пр.'),
      },
    },
  };
}

export function referenceProfileYaml(): string {
  return [
    '# The harness\'s view of the embedded reference service.',
    '# Written from reference/fixtures.yaml by `npm run reference:profile`: do not edit by hand.',
    '# Credentials are read from the environment; `npm start` sets them for the reference.',
    stringify(referenceProfile(), { lineWidth: 0 }),
  ].join('\n');
}
