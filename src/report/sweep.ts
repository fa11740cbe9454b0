/**
 * The last pass of the masking gate (src/profile/mask.ts) over everything a run wrote under its
 * report directory, Playwright's own files included: its HTML report (index.html carries the
 * report's data as a zip inside a <template>, html/data/ the files it copied), test-results/
 * (error-context.md), a blob report's zip (report.jsonl, whose attachments are base64), and the
 * harness's own reports. What the harness hands Playwright is masked already; this pass is for
 * what Playwright writes of its own from it, so that no report depends on every writer
 * remembering. The conformance reporter runs it in onExit, once Playwright has awaited every
 * reporter's onEnd (the HTML and blob reporters write there).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { unzipSync, zipSync, type Zippable } from 'fflate';
import type { Mask } from '../profile/mask.ts';
import { loadProfile, placeholder, secretVariables, type LoadedProfile } from '../profile/load.ts';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The run's secrets and their variables, read from the profile and environment the run was given (none when they cannot be read): what its masking gate masks. */
export function runSecrets(env: NodeJS.ProcessEnv): Record<string, { value: string; env: string }> {
  let profile: LoadedProfile;
  try {
    profile = loadProfile(env.OCS_PROFILE ?? '', env, { placeholders: true, tls: false });
  } catch {
    return {}; // the command refused such a profile before the run; a merge of shards may have none
  }
  // A variable that is not set stands as a placeholder, which is no secret.
  const [head, tail] = placeholder('\0').split('\0') as [string, string];
  const isPlaceholder = (v: string): boolean => v.startsWith(head) && v.endsWith(tail) && v === placeholder(v.slice(head.length, v.length - tail.length));
  return Object.fromEntries(Object.entries(secretVariables(profile)).filter(([, v]) => !isPlaceholder(v.value)));
}

/** Masks every file under `dir` in place; returns how many it changed. */
export function sweep(dir: string, mask: Mask): number {
  let changed = 0;
  for (const file of filesUnder(dir)) {
    const before = readFileSync(file);
    const after = sweptFile(file, before, mask);
    if (after) {
      writeFileSync(file, after);
      changed++;
    }
  }
  return changed;
}

function filesUnder(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** The file's bytes masked, or undefined when nothing in them changed. Bytes that are not UTF-8 text nor a zip are left as they are. */
function sweptFile(name: string, bytes: Uint8Array, mask: Mask): Uint8Array | undefined {
  if (name.endsWith('.zip')) return sweptZip(bytes, mask);
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return undefined;
  }
  const after = name.endsWith('.html') ? sweptHtml(text, mask) : name.endsWith('.jsonl') ? sweptJsonLines(text, mask) : mask(text);
  return after === text ? undefined : Buffer.from(after, 'utf8');
}

/** Every entry of a zip swept as a file of its name; a new zip only when one changed. */
function sweptZip(bytes: Uint8Array, mask: Mask): Uint8Array | undefined {
  let entries: Record<string, Uint8Array> | undefined;
  // node:zlib's reading failing on an entry is no verdict on the zip: fflate reads it then, so
  // nothing is left unswept that fflate could read.
  try {
    entries = unzipped(bytes);
  } catch {
    entries = undefined;
  }
  try {
    entries ??= unzipSync(bytes);
  } catch {
    return undefined; // not a zip after all
  }
  let changed = false;
  const out: Zippable = {};
  for (const [name, data] of Object.entries(entries)) {
    const after = sweptFile(name, data, mask);
    out[name] = after ?? data;
    changed ||= after !== undefined;
  }
  return changed ? zipSync(out) : undefined;
}

/**
 * The entries of a plain zip (no zip64, no encryption, each stored or deflated), inflated by
 * node:zlib: fflate inflates in JavaScript, and the HTML report's data took it about 0.12 s of
 * the runner's CPU at the end of every run. Undefined for any other zip, which fflate reads.
 */
function unzipped(bytes: Uint8Array): Record<string, Uint8Array> | undefined {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end of central directory record: 22 bytes, after which only its comment (at most 64 KiB).
  let end = -1;
  for (let i = b.length - 22; i >= 0 && i >= b.length - 22 - 0xffff; i--) {
    if (b.readUInt32LE(i) === 0x06054b50) { end = i; break; }
  }
  if (end < 0) return undefined;
  const count = b.readUInt16LE(end + 10);
  let at = b.readUInt32LE(end + 16);
  if (count === 0xffff || at === 0xffffffff) return undefined;
  const out: Record<string, Uint8Array> = {};
  for (let n = 0; n < count; n++) {
    if (at + 46 > b.length || b.readUInt32LE(at) !== 0x02014b50) return undefined;
    const flags = b.readUInt16LE(at + 8);
    const method = b.readUInt16LE(at + 10);
    const size = b.readUInt32LE(at + 20);
    const length = b.readUInt32LE(at + 24);
    const nameLength = b.readUInt16LE(at + 28);
    const skip = nameLength + b.readUInt16LE(at + 30) + b.readUInt16LE(at + 32);
    const local = b.readUInt32LE(at + 42);
    if ((flags & 1) !== 0 || (method !== 0 && method !== 8) || size === 0xffffffff || length === 0xffffffff || local === 0xffffffff) return undefined;
    const name = b.toString((flags & 0x800) !== 0 ? 'utf8' : 'latin1', at + 46, at + 46 + nameLength);
    if (local + 30 > b.length || b.readUInt32LE(local) !== 0x04034b50) return undefined;
    const from = local + 30 + b.readUInt16LE(local + 26) + b.readUInt16LE(local + 28);
    if (from + size > b.length) return undefined;
    const data = b.subarray(from, from + size);
    const entry = method === 0 ? new Uint8Array(data) : inflateRawSync(data, { chunkSize: Math.max(1 << 16, length) });
    if (entry.length !== length) return undefined;
    // As fflate's unzipSync: a folder's entry is one too, empty.
    out[name] = entry;
    at += 46 + skip;
  }
  return out;
}

/** Playwright's HTML report: its page, and the zip of the report's data it carries base64-encoded (a text mask would garble the base64). */
const EMBEDDED = /(<template id="playwrightReportBase64">data:application\/zip;base64,)([A-Za-z0-9+/=]*)(<\/template>)/;

function sweptHtml(text: string, mask: Mask): string {
  const m = EMBEDDED.exec(text);
  if (!m) return mask(text);
  const zip = sweptZip(Buffer.from(m[2]!, 'base64'), mask);
  const data = zip ? Buffer.from(zip).toString('base64') : m[2]!;
  return `${mask(text.slice(0, m.index))}${m[1]}${data}${m[3]}${mask(text.slice(m.index + m[0].length))}`;
}

/** A blob report's report.jsonl: an attachment's body is base64 (`"base64":"…"`), decoded, swept and encoded again; the rest is text. */
const BASE64_FIELD = /("base64":")([A-Za-z0-9+/=]*)(")/g;

function sweptJsonLines(text: string, mask: Mask): string {
  let out = '';
  let from = 0;
  for (const m of text.matchAll(BASE64_FIELD)) {
    const swept = sweptFile('attachment', Buffer.from(m[2]!, 'base64'), mask);
    out += `${mask(text.slice(from, m.index))}${m[1]}${swept ? Buffer.from(swept).toString('base64') : m[2]}${m[3]}`;
    from = m.index + m[0].length;
  }
  return out + mask(text.slice(from));
}
