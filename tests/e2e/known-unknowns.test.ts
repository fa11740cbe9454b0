// Values the profile names unknown (fixtures.unknown, docs/known-unknowns.md): the look-up
// cases send exactly those, the reference refuses them, and the certificate says which kinds
// came from the profile. A recording proxy in front of the reference sees what was sent.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { startReference } from '../../reference/server.ts';
import { referenceEnv, REFERENCE_PROFILE } from '../../scripts/reference-profile.ts';
import { start } from './run.ts';

const LOOK_UPS = 'MBR-COUNTERAGENTID-KNOWN|CNT-IDS-KNOWN|CAG-FORM-KNOWN|CAG-JADDR-STREET-KNOWN|PCK-ADDRESSID-KNOWN|PCK-ADDRESS-STREET-KNOWN';

const UNKNOWN = {
  counteragentIDs: [999000101], contactIDs: [999000201], phoneIDs: [999000301], addressIDs: [999000401],
  forms: ['0x00000000000000000000000000000000'], streets: ['77000000000999900'],
};

/** A proxy to `target` that keeps every request body it passes on. */
async function recording(target: string): Promise<{ url: string; bodies: string[]; close: () => Promise<void> }> {
  const bodies: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      bodies.push(body.toString('utf8'));
      request(target + req.url, { method: 'POST', headers: { 'content-type': String(req.headers['content-type']) }, body })
        .then(async (up) => { res.writeHead(up.statusCode, { 'content-type': String(up.headers['content-type']) }); res.end(Buffer.from(await up.body.arrayBuffer())); })
        .catch(() => req.socket.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, bodies, close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }) };
}

describe('values the profile names unknown', () => {
  it('are what the look-up cases send, in both formats, and the certificate says so', { timeout: 220_000 }, async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'ocs-unknown-')), 'profile.yaml');
    const named = Object.entries(UNKNOWN).map(([k, v]) => `    ${k}: ${JSON.stringify(v)}`).join('\n');
    writeFileSync(file, readFileSync(REFERENCE_PROFILE, 'utf8').replace(/^fixtures:\n/m, `fixtures:\n  unknown:\n${named}\n`));
    const reference = await startReference();
    const proxy = await recording(reference.url);
    try {
      const run = await start(['--grep', LOOK_UPS], { ...referenceEnv(), OCS_BASE_URL: proxy.url, OCS_PROFILE: file, OCS_RUNS: '0' }, 200_000);
      const summary = run.summary();
      for (const id of LOOK_UPS.split('|')) {
        const row = summary.rules.find((r) => r.id === id)!;
        assert.deepEqual([row.json, row.xml], ['pass', 'pass'], `${id}: ${run.stdout.slice(-1500)}`);
      }
      // Each named value is sent, as JSON and as XML; the preflight's valid requests carry none.
      const sent = proxy.bodies.join('\n');
      for (const value of Object.values(UNKNOWN).flat()) {
        assert.match(sent, new RegExp(`[:\\[,]"?${value}"?[,\\]}]`), `${value} in a JSON body`);
        assert.match(sent, new RegExp(`>${value}<`), `${value} in an XML body`);
      }
      // No drawn unknown: every nine-digit ID sent is a named one, and every form and street sent is the profile's.
      const ids = new Set([...sent.matchAll(/(?<![0-9])9[0-9]{8}(?![0-9])/g)].map((m) => Number(m[0])));
      assert.deepEqual([...ids].filter((id) => !Object.values(UNKNOWN).flat().includes(id)), []);
      const forms = new Set([...sent.matchAll(/0x[0-9a-f]{32}/g)].map((m) => m[0]));
      const profileText = readFileSync(file, 'utf8');
      assert.deepEqual([...forms].filter((f) => !profileText.includes(f)), [], 'a form neither known nor named unknown');
      const world = summary.targetWorld!;
      assert.deepEqual(world.unknownValues, { fromProfile: ['counteragentIDs', 'contactIDs', 'phoneIDs', 'addressIDs', 'forms', 'streets'], drawn: [] });
      assert.match(readFileSync(join(run.reports, 'conformance.html'), 'utf8'), /id="unknown-values"[^\n]*from the profile[^\n]*<code>streets<\/code>; drawn anew each run: none/);
    } finally {
      await proxy.close();
      await reference.close();
    }
  });
});
