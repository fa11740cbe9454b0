import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse } from 'yaml';
import { CONTRACT_DIR, loadRules, ROOT } from '../contract/load.ts';
import type { Provenance } from './summary.ts';
import { runsPerProperty } from '../runner/units.ts';
import { waiversHash, type WaiverEntry } from '../profile/waivers.ts';

const sha256 = (bytes: Buffer | string): string => createHash('sha256').update(bytes).digest('hex');

/** This harness's package.json: its name and version. */
export function harnessPackage(): { name: string; version: string } {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
  return { name: pkg.name, version: pkg.version };
}

/** What Playwright tells the reporter about the run. */
export interface RunFacts { startedAt: Date; durationMs: number; workers: number; shard: { current: number; total: number } | null; playwright: string; waivers?: WaiverEntry[] }

/**
 * What a certificate was measured with: the harness and catalog versions, the profile (its
 * file's hash: a profile names the environment variables holding the secrets, never their
 * values), the target and how the run was made. Read from the run's environment.
 */
export function provenance(run: RunFacts, env: NodeJS.ProcessEnv = process.env): Provenance {
  const harness = harnessPackage();
  const rules = loadRules();
  const count = (level: string) => rules.filter((r) => r.level === level).length;
  const profile = env.OCS_PROFILE ? profileFacts(env.OCS_PROFILE) : undefined;
  const seed = env.OCS_SEED !== undefined && env.OCS_SEED !== '' ? Number(env.OCS_SEED) : 'random per property';
  return {
    harness,
    catalog: {
      version: harness.version,
      sha256: sha256(readFileSync(join(CONTRACT_DIR, 'rules.yaml'))),
      rules: { MUST: count('MUST'), SHOULD: count('SHOULD'), INFO: count('INFO'), total: rules.length },
    },
    ...(profile ? { profile } : {}),
    target: {
      ...(env.OCS_BASE_URL ? { baseUrl: env.OCS_BASE_URL } : {}),
      embeddedReference: !!env.OCS_EMBEDDED_REFERENCE,
      ...(env.OCS_EMBEDDED_REFERENCE && env.OCS_REFERENCE_FAULT ? { referenceFault: env.OCS_REFERENCE_FAULT } : {}),
    },
    startedAt: run.startedAt.toISOString(),
    durationMs: Math.round(run.durationMs),
    seed,
    ...(run.waivers?.length ? { waivers: { count: run.waivers.length, sha256: waiversHash(run.waivers) } } : {}),
    runsPerProperty: runsPerProperty(env),
    workers: run.workers,
    shard: run.shard,
    ...(env.OCS_GREP ? { grep: env.OCS_GREP } : {}),
    ...(env.OCS_STEP ? { step: env.OCS_STEP } : {}),
    node: process.version,
    playwright: run.playwright,
    // playwright.config.ts names the preflight's file; the merge config does not. A merge of
    // shards' blob reports knows only the merging process's environment.
    ...(env.OCS_PREFLIGHT_FILE ? {} : { merged: true }),
  };
}

/** The profile's name and hash; none when it cannot be read (the run checked it before it started). */
function profileFacts(file: string): Provenance['profile'] {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined;
  }
  const name = (parse(bytes.toString('utf8')) as { name?: unknown } | null)?.name;
  const shown = relative(ROOT, file);
  return { name: typeof name === 'string' ? name : '(unnamed)', file: shown.startsWith('..') ? file : shown, sha256: sha256(bytes) };
}
