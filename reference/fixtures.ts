import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';

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

/**
 * Where a fixtures file's reading is kept as JSON, with a hash of its text and of the YAML reader's
 * version, as src/contract/load.ts keeps the contract's: loading the yaml package and reading the
 * file took about 80 ms of CPU at each start of the reference (some 40% of its start-up), JSON.parse
 * of the kept reading under a millisecond. Where the folder cannot be written, each start reads the YAML.
 */
const KEPT = fileURLToPath(new URL('../node_modules/.cache/ocs-reference/', import.meta.url));
const requireHere = createRequire(import.meta.url);

export function loadFixtures(path: string = DEFAULT_PATH): Fixtures {
  const data = read(path, readFileSync(path, 'utf8'));
  assertShape(data, path);
  // Fail at start-up rather than on the first pickup request.
  new Intl.DateTimeFormat('en-US', { timeZone: data.timeZone });
  return data;
}

/** The YAML text's reading, kept from an earlier start when it is the same text; read (and kept) otherwise. */
function read(path: string, text: string): unknown {
  const { version } = requireHere('yaml/package.json') as { version: string };
  const hash = createHash('sha1').update(`yaml ${version}`).update('\0').update(text).digest('hex');
  const kept = join(KEPT, `${basename(path)}.json`);
  try {
    const cached = JSON.parse(readFileSync(kept, 'utf8')) as { hash: string; data: unknown };
    if (cached.hash === hash) return cached.data;
  } catch {
    // Not kept yet, or unreadable: read below.
  }
  const { parse } = requireHere('yaml') as typeof import('yaml');
  const data: unknown = parse(text);
  try {
    mkdirSync(KEPT, { recursive: true });
    // Written whole, then named: a reference starting beside it never reads half a file.
    writeFileSync(`${kept}.${process.pid}`, JSON.stringify({ hash, data }));
    renameSync(`${kept}.${process.pid}`, kept);
  } catch {
    // A folder this user may not write: read every time, as before.
  }
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
