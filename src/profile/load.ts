import type { HttpSettings } from '../client/transport.ts';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { checkedYaml } from '../contract/ajv.ts';
import { listFixtures } from './lists.ts';
import type { WaiverEntry } from './waiver-entry.ts';
import { fixedProblem, type ClockSpec } from '../time/clock.ts';
import { unknownProblems } from './unknowns.ts';
import { targetLimitProblems, type TargetLimit } from './target-limits.ts';
import { identityProblems, identitySecrets, loadIdentities, type EnvRef, type Identity, type LoadedIdentity } from './identities.ts';
import { loadTls, type TlsKeys } from './tls.ts';
import { CHECKED_PROFILE, checkedBefore, sha256, type CheckedProfile as HandedProfile } from './handoff.ts';
import type { TlsMaterial } from '../client/tls.ts';

export type { EnvRef, Identity, LoadedIdentity, TargetLimit };
export interface Profile {
  name: string;
  baseUrl?: string;
  timeZone?: string;
  clock?: ClockSpec;
  credentials: { appkey: EnvRef; sessionID: EnvRef };
  /** Further test accounts, each with orders of its own (src/profile/identities.ts). */
  identities?: Identity[];
  http?: HttpSettings;
  /** How to connect to an https target: CA bundle, client certificate, server name (src/profile/tls.ts). */
  tls?: TlsKeys;
  responses?: { errorCodePath?: string; errorMeaningPath?: string; xmlRoot?: string };
  safety?: { workers?: number; concurrency?: number; maxAccepted?: number; rps?: number; waitBudgetSeconds?: number };
  /** The target's own limits on strings the spec gives none (src/scenario/lengths.ts), shown on the certificate. */
  targetLimits?: TargetLimit[];
  /** Failures of MUST rules a buyer accepts (src/profile/waivers.ts). */
  waivers?: WaiverEntry[];
  fixtures: Record<string, unknown> & { orders: Record<string, string> };
}

/**
 * A profile with its credentials read from the environment: `secrets` holds every secret value
 * (the main identity's under appkey and sessionID, a further identity's under
 * `identities.N.sessionID` and `identities.N.appkey`), so whatever masks them masks them all.
 */
export interface LoadedProfile extends Profile {
  file: string;
  secrets: { appkey: string; sessionID: string } & Record<string, string>;
  identities: LoadedIdentity[];
  /** The `tls` key's files read: what every connection to the target is made with. */
  tlsMaterial?: TlsMaterial;
}

export class ProfileError extends Error {}

/**
 * The shortest secret accepted. Masking replaces a secret wherever its text stands
 * (src/profile/mask.ts); a secret of a few letters stands inside field names and words, so
 * masking it would cut those (`"appke***"`) instead of hiding anything.
 */
export const SECRET_MIN = 8;

/**
 * `placeholders`: a variable that is not set reads as a marked placeholder instead of
 * refusing the profile, for a dry run, which sends nothing.
 */
export interface LoadOptions {
  placeholders?: boolean;
  /** false: the tls files are not read (the masking gate needs the secrets alone, and a merge machine may lack the files). */
  tls?: boolean;
}

/** What a dry run shows for a secret it was not given: never sent, and marked as such. */
export const placeholder = (name: string): string => `<placeholder: ${name} not set>`;

/** The profile `ocs-conformance run` checked, handed to the run's processes (src/profile/handoff.ts). */
export { CHECKED_PROFILE };

type CheckedProfile = HandedProfile<Profile>;
/** The last profile this process read and checked. */
let lastChecked: CheckedProfile | undefined;

/** Reads and validates a profile, its list fixtures as lists (src/profile/lists.ts); every problem names the file and the key. */
export function readProfile(file: string): Profile {
  const text = readText(file, 'the profile');
  const hash = sha256(text);
  const handed = lastChecked?.file === file && lastChecked.sha256 === hash ? lastChecked : checkedBefore<Profile>(file, hash);
  if (handed) return structuredClone(handed.profile);
  const profile = checkedText<Profile>(text, file, 'profile.schema.json');
  const fixtures = listFixtures(profile.fixtures);
  const world = [...clockProblems(file, profile.clock), ...unknownProblems(file, fixtures),
    ...identityProblems(file, profile.identities, { sessionEnv: profile.credentials.sessionID.env, orders: fixtures.orders }), ...targetLimitProblems(file, profile.targetLimits)];
  if (world.length) throw new ProfileError(world.join('\n'));
  const checked = { ...profile, fixtures };
  lastChecked = { file, sha256: hash, profile: structuredClone(checked) };
  return checked;
}

/** Writes the profile `file` as it was last read and checked here into `out`, for the run's processes (CHECKED_PROFILE). */
export function keepCheckedProfile(file: string, out: string): void {
  readProfile(file);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify(lastChecked));
}

/** What the schema cannot say of the target's clock (src/time/clock.ts), by key. */
function clockProblems(file: string, clock: ClockSpec | undefined): string[] {
  if (!clock) return [];
  const fixed = clock.fixed === undefined ? undefined : fixedProblem(clock.fixed);
  return [
    ...(fixed ? [`${file}: key clock.fixed: ${fixed}`] : []),
    ...(clock.fixed !== undefined && clock.offsetSeconds !== undefined ? [`${file}: key clock: give fixed or offsetSeconds, not both (a clock that stands still has no offset from a moving one)`] : []),
  ];
}

/** Reads, validates and resolves a profile: its credentials from `env`. */
export function loadProfile(file: string, env: NodeJS.ProcessEnv = process.env, options: LoadOptions = {}): LoadedProfile {
  const profile = readProfile(file);
  const secret = (key: string, { env: name }: EnvRef): string => {
    const value = env[name];
    if (!value) {
      if (options.placeholders) return placeholder(name);
      throw new ProfileError(`${file}: key ${key}: environment variable ${name} is not set`);
    }
    if ([...value].length < SECRET_MIN) {
      throw new ProfileError(`${file}: key ${key}: environment variable ${name} holds ${[...value].length} characters; a secret needs at least ${SECRET_MIN}, or masking it in reports would cut other words`);
    }
    return value;
  };
  const main = { appkey: secret('credentials.appkey', profile.credentials.appkey), sessionID: secret('credentials.sessionID', profile.credentials.sessionID) };
  const identities = loadIdentities(file, profile.identities, main, secret, (problem) => { throw new ProfileError(problem); });
  const further = Object.fromEntries(Object.entries(identitySecrets(identities)).map(([k, s]) => [k, s.value]));
  const tlsMaterial = options.tls === false ? undefined : loadTls(file, profile.tls, env, options.placeholders ?? false, (problem) => { throw new ProfileError(problem); });
  // The client key's passphrase is masked too, though the harness never writes it: a report must
  // not depend on every writer remembering. One shorter than SECRET_MIN is not (masking it would
  // cut words); src/profile/tls.ts hands it to Node's TLS alone.
  const passphrase = profile.tls?.passphrase ? env[profile.tls.passphrase.env] : undefined;
  const tlsSecret: Record<string, string> = passphrase && [...passphrase].length >= SECRET_MIN ? { [TLS_PASSPHRASE]: passphrase } : {};
  return { ...profile, file, identities, secrets: { ...main, ...further, ...tlsSecret }, ...(tlsMaterial ? { tlsMaterial } : {}) };
}

/** Every secret with the variable it came from (the replay lines name the variable), the further identities' included. */
export function secretVariables(profile: LoadedProfile): Record<string, { value: string; env: string }> {
  return {
    appkey: { value: profile.secrets.appkey, env: profile.credentials.appkey.env },
    sessionID: { value: profile.secrets.sessionID, env: profile.credentials.sessionID.env },
    ...identitySecrets(profile.identities),
    ...(profile.secrets[TLS_PASSPHRASE] && profile.tls?.passphrase ? { [TLS_PASSPHRASE]: { value: profile.secrets[TLS_PASSPHRASE], env: profile.tls.passphrase.env } } : {}),
  };
}

/** Where `secrets` holds the client key's passphrase (tls.passphrase), when it is masked. */
const TLS_PASSPHRASE = 'tls.passphrase';

/** A YAML file read and held to `schema`; what cannot be read or is wrong is a ProfileError naming the file and key. */
export function readChecked<T>(file: string, what: string, schema: string): T {
  return checkedText<T>(readText(file, what), file, schema);
}

function readText(file: string, what: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    throw new ProfileError(`${file}: cannot read ${what} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
}

function checkedText<T>(text: string, file: string, schema: string): T {
  const { data, problems } = checkedYaml(text, file, schema);
  if (problems.length) throw new ProfileError(problems.join('\n'));
  return data as T;
}
