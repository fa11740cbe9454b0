import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export interface Order {
  id: string;
  owner: string;
  receiverChange: 'ok' | 'unavailable' | 'anonymous';
  pickupChange: 'ok' | 'unavailable';
  pickupFrom: 'address' | 'terminal';
  region: string;
}

export interface LegalForm {
  uid: string;
  kind: 'individual' | 'legal';
  name: string;
}

export interface Region {
  name: string;
  cities: string[];
  box: { latMin: number; latMax: number; lonMin: number; lonMax: number };
}

export interface Fixtures {
  timeZone: string;
  appkeys: string[];
  /** sessionID → user name */
  sessions: Record<string, string>;
  orders: Order[];
  addressBook: {
    counteragents: number[];
    contacts: number[];
    phones: number[];
    addresses: { id: number; region: string }[];
  };
  legalForms: LegalForm[];
  documentTypes: string[];
  storePayers: string[];
  streets: string[];
  /** region code → region */
  regions: Record<string, Region>;
}

const DEFAULT_PATH = fileURLToPath(new URL('./fixtures.yaml', import.meta.url));

export function loadFixtures(path: string = DEFAULT_PATH): Fixtures {
  const data: unknown = parse(readFileSync(path, 'utf8'));
  assertShape(data, path);
  // Fail at start-up rather than on the first pickup request.
  new Intl.DateTimeFormat('en-US', { timeZone: data.timeZone });
  return data;
}

// A shallow check: enough to turn a broken edit of the YAML into a clear start-up error.
function assertShape(data: unknown, path: string): asserts data is Fixtures {
  const fail = (what: string): never => {
    throw new Error(`${path}: ${what}`);
  };
  if (!isRecord(data)) fail('not a mapping');
  const d = data as Record<string, unknown>;
  if (typeof d.timeZone !== 'string') fail('timeZone must be a string');
  for (const key of ['appkeys', 'orders', 'legalForms', 'documentTypes', 'storePayers', 'streets']) {
    if (!Array.isArray(d[key])) fail(`${key} must be a list`);
  }
  for (const key of ['sessions', 'regions']) {
    if (!isRecord(d[key])) fail(`${key} must be a mapping`);
  }
  const book = d.addressBook;
  if (!isRecord(book)) fail('addressBook must be a mapping');
  for (const key of ['counteragents', 'contacts', 'phones', 'addresses']) {
    if (!Array.isArray((book as Record<string, unknown>)[key])) fail(`addressBook.${key} must be a list`);
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
