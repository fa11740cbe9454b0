/**
 * Every text a report directory holds, as a reader would get at it: each file, each entry of a
 * zip (a blob report), the zip of data Playwright's HTML report carries inside index.html, and
 * the base64 attachment bodies of a blob report's report.jsonl, decoded. A search for a secret
 * in the files' bytes alone would miss what is compressed or base64-encoded.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';

export function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** `[where, text]` for every file under `dir`, and for everything inside one. */
export function reportTexts(dir: string): [string, string][] {
  return filesUnder(dir).flatMap((file) => texts(file, readFileSync(file)));
}

function texts(where: string, bytes: Uint8Array): [string, string][] {
  if (where.endsWith('.zip')) return Object.entries(unzipSync(bytes)).flatMap(([name, data]) => texts(`${where}!${name}`, data));
  const text = Buffer.from(bytes).toString('utf8');
  const embedded = /<template id="playwrightReportBase64">data:application\/zip;base64,([^<]*)<\/template>/.exec(text);
  const inner = embedded ? texts(`${where}!data.zip`, Buffer.from(embedded[1]!, 'base64')) : [];
  const bodies = [...text.matchAll(/"base64":"([A-Za-z0-9+/=]*)"/g)].map((m, i): [string, string] => [`${where}!base64[${i}]`, Buffer.from(m[1]!, 'base64').toString('utf8')]);
  return [[where, text], ...inner, ...bodies];
}

/** Each run of 6 characters of each secret that `text` holds. */
export function fragmentsOf(secrets: string[], text: string): string[] {
  return secrets.flatMap((s) => Array.from({ length: Math.max(0, s.length - 5) }, (_, i) => s.slice(i, i + 6))).filter((f) => text.includes(f));
}
