/**
 * Playwright's globalSetup: before any test, each endpoint is sent the profile's valid request
 * once (preflight.ts). A refusal is printed first, kept for the workers (OCS_PREFLIGHT_FILE),
 * and the cases that need an acceptance there are skipped with that reason.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { baseUrl, runContext } from '../profile/context.ts';
import { undiciTransport } from '../client/undici.ts';
import { refusals } from './preflight.ts';

export default async function globalSetup(): Promise<void> {
  const file = process.env.OCS_PREFLIGHT_FILE;
  if (!file) return;
  const ctx = runContext();
  const transport = undiciTransport(ctx.timeoutMs, ctx.maxResponseBytes);
  try {
    const found = await refusals(ctx, baseUrl(), transport);
    for (const r of found) console.log(`ocs-conformance: ${r.line}`);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(found));
  } finally {
    await transport.close();
  }
}
