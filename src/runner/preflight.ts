import { readFileSync } from 'node:fs';
import { FORMATS, isResponseRule, OPERATIONS, type Format, type Operation } from '../contract/load.ts';
import { encodeRequest } from '../codec/index.ts';
import { wireRequest, type Transport } from '../client/transport.ts';
import { SUCCESS_RULE } from '../checks/judge.ts';
import type { RunContext } from './context.ts';
import { buildRequest } from '../scenario/build.ts';
import type { LoadedCase } from '../scenario/load.ts';
import { sendAndJudge } from './send.ts';
import { clockOf } from '../time/clock.ts';

/** An endpoint that refused the profile's valid request: nothing that needs an acceptance can be judged there. */
export interface Refusal { operation: Operation; format: Format; line: string }

/** The annotation type that carries a refusal to the reporter (so merged shards keep it too). */
export const REFUSED = 'ocs-refused';

const EXCERPT = 300;

/**
 * Sends the profile's valid request (suites/bases.yaml `valid`) to each endpoint once, before
 * any test: wrong credentials or fixtures the target does not have show here as one line per
 * endpoint, instead of as every case that expects an acceptance failing on its own. A request
 * not sent (budget spent) says nothing. When no endpoint answers at all, `down` is the reason.
 */
export async function preflight(ctx: RunContext, url: string, transport: Transport): Promise<{ refused: Refusal[]; down?: string }> {
  const endpoints = OPERATIONS.flatMap((operation) => FORMATS.map((format) => ({ operation, format })));
  const sent = await Promise.all(endpoints.map(async ({ operation, format }) => {
    const logical = buildRequest({ operation } as LoadedCase, { profile: ctx.profile, bases: ctx.bases, now: clockOf(ctx.profile).now() });
    const wire = wireRequest(ctx.profile, url, operation, format, encodeRequest(format, logical));
    return { operation, format, ...await sendAndJudge({ operation, rules: [SUCCESS_RULE[operation]], expect: 'accepted' }, format, logical, wire, transport, ctx.profile) };
  }));
  const refused = sent.flatMap(({ operation, format, response: res, broken }): Refusal[] => {
    if (broken || !res || res.status === 200) return [];
    // Masked whole before it is cut: a secret the target echoes must not straddle the cut.
    const masked = ctx.mask(res.body);
    const body = masked.length > EXCERPT ? `${masked.slice(0, EXCERPT)}… (${res.body.length} characters)` : masked;
    return [{
      operation, format,
      line: `the target refuses the profile's valid ${operation} request on the ${format.toUpperCase()} path (HTTP ${res.status}: ${body.replace(/\s+/g, ' ')}); the rules that need an accepted request cannot be judged there`,
    }];
  });
  // An answer the HTTP parser refused came from a target that is up: its checks fail the framing rule.
  const broken = sent.filter((x) => x.broken && !x.misframed);
  return { refused, ...(broken.length === sent.length ? { down: broken[0]!.findings[0]?.received ?? 'no answer' } : {}) };
}

/**
 * What the run's preflight found (src/runner/global-setup.ts writes it to OCS_PREFLIGHT_FILE):
 * the endpoints that refused the valid request, and, when no endpoint answered, why the run
 * could not be made. Nothing when there was no preflight (a merge of shards' reports).
 */
export interface PreflightRecord { refused: Refusal[]; down?: string }

export function preflightOfRun(env: NodeJS.ProcessEnv = process.env): PreflightRecord {
  try {
    return env.OCS_PREFLIGHT_FILE ? JSON.parse(readFileSync(env.OCS_PREFLIGHT_FILE, 'utf8')) as PreflightRecord : { refused: [] };
  } catch {
    return { refused: [] };
  }
}

/** The refusals the run's preflight wrote, read once per worker. */
let read: Refusal[] | undefined;
export const refusalsOfRun = (): Refusal[] => (read ??= preflightOfRun().refused);

/**
 * Whether a case can be judged only if the target accepts the profile's valid request: it
 * expects an acceptance, a documented error of an order's state, or records what an
 * acceptable request gets. The cases of the success rules themselves still run: they are
 * where the refusal shows, with its evidence.
 */
export function needsAcceptance(c: Pick<LoadedCase, 'expect' | 'rules'>): boolean {
  const own = c.rules.filter((r) => !isResponseRule(r));
  return own.length > 0 && c.expect !== 'rejected';
}
