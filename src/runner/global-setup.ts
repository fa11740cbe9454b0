/**
 * Playwright's globalSetup: before any test, each endpoint is sent the profile's valid request
 * once (preflight.ts). A refusal is printed first, kept for the workers (OCS_PREFLIGHT_FILE),
 * and the cases that need an acceptance there are skipped with that reason. A target that
 * answers none of them is down: the breaker is opened at once, so every check is an error
 * with the reason and nothing more is sent, and the run still writes every report.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { baseUrl, runContext } from './context.ts';
import { targetTransport } from './transport.ts';
import { preflight, type PreflightRecord } from './preflight.ts';
import { openBreaker } from '../client/transport.ts';

export default async function globalSetup(): Promise<void> {
  const file = process.env.OCS_PREFLIGHT_FILE;
  if (!file) return;
  const ctx = runContext();
  const transport = targetTransport(ctx);
  try {
    const url = baseUrl();
    const { refused, down } = await preflight(ctx, url, transport);
    const record: PreflightRecord = { refused, ...(down ? { down: `${url} did not answer the preflight: ${down}` } : {}) };
    if (record.down) {
      console.error(`ocs-conformance: ${url} does not answer (${down}); every check is an error, nothing more is sent`);
      openBreaker(record.down, ctx.inFlight);
    }
    for (const r of refused) console.log(`ocs-conformance: ${r.line}`);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(record));
  } finally {
    await transport.close();
  }
}
