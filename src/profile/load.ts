import { readFileSync } from 'node:fs';
import { checkedYaml } from '../contract/ajv.ts';

export interface EnvRef { env: string }
export interface Profile {
  name: string;
  baseUrl?: string;
  timeZone?: string;
  credentials: { appkey: EnvRef; sessionID: EnvRef };
  http?: { method?: string; contentType?: { json?: string; xml?: string }; timeoutMs?: number; maxResponseBytes?: number; headers?: Record<string, string> };
  responses?: { errorCodePath?: string; xmlRoot?: string };
  safety?: { workers?: number; concurrency?: number; maxAccepted?: number; rps?: number };
  fixtures: Record<string, unknown> & { orders: Record<string, string> };
}

/** A profile with its credentials read from the environment. */
export interface LoadedProfile extends Profile {
  file: string;
  secrets: { appkey: string; sessionID: string };
}

export class ProfileError extends Error {}

/** Reads, validates and resolves a profile; every problem names the file and the key. */
export function loadProfile(file: string, env: NodeJS.ProcessEnv = process.env): LoadedProfile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new ProfileError(`${file}: cannot read the profile (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  const { data, problems } = checkedYaml(text, file, 'profile.schema.json');
  if (problems.length) throw new ProfileError(problems.join('\n'));
  const profile = data as Profile;
  const secret = (key: 'appkey' | 'sessionID'): string => {
    const name = profile.credentials[key].env;
    const value = env[name];
    if (!value) throw new ProfileError(`${file}: key credentials.${key}: environment variable ${name} is not set`);
    return value;
  };
  return { ...profile, file, secrets: { appkey: secret('appkey'), sessionID: secret('sessionID') } };
}
