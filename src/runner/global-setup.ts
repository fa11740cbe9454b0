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

/** How long a reference is given to stop before it is killed (as Playwright's webServer: 5 s). */
const STOP_MS = 5_000;
/** How often a stopped reference is looked for. */
const STOP_POLL_MS = 2;

/**
 * Returns the teardown that stops the references `ocs-conformance run` started for this run
 * (OCS_LAUNCHED_REFERENCES, which playwright.config.ts kept only in the runner the launcher
 * started), once the tests have ended and before the reporters write, as Playwright stops a
 * webServer: SIGTERM to each one's process group, SIGKILL after 5 s. The launcher stops
 * whatever is left when the runner has gone (bin/launch.js).
 */
export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  const pids = launchedPids();
  await preflightTarget();
  return pids.length ? () => Promise.all(pids.map(stopped)).then(() => undefined) : undefined;
}

function launchedPids(): number[] {
  const given = process.env.OCS_LAUNCHED_REFERENCES;
  return given ? (JSON.parse(given) as { references: { pid: number }[] }).references.map((r) => r.pid) : [];
}

/** Stops the process group `pid` leads and waits until the process is gone. */
async function stopped(pid: number): Promise<void> {
  const signal = (s: NodeJS.Signals | 0): boolean => {
    try { return process.kill(s === 0 ? pid : -pid, s); } catch { return false; }
  };
  if (!signal(0)) return;
  signal('SIGTERM');
  const deadline = Date.now() + STOP_MS;
  while (signal(0)) {
    if (Date.now() > deadline) {
      signal('SIGKILL');
      return;
    }
    // Looked at often: a reference ends a few milliseconds after its SIGTERM, and the reporters
    // wait for this (every poll's rest was the run's, about 20 ms, issue 44).
    await new Promise((r) => setTimeout(r, STOP_POLL_MS));
  }
}

async function preflightTarget(): Promise<void> {
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
