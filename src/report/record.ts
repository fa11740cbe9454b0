import type { TestInfo } from '@playwright/test';
import type { Format } from '../contract/load.ts';
import type { WireRequest, WireResponse } from '../client/transport.ts';
import { describeFinding, failsTest, worst, type Finding } from '../checks/finding.ts';
import { curlLine, describeRequest, describeResponse, shq } from './evidence.ts';
import type { RunContext } from '../profile/context.ts';

/** The annotation type the conformance reporter reads; its description is JSON. */
export const FINDINGS = 'ocs-findings';

export interface RecordedFindings { format: Format; findings: Pick<Finding, 'rule' | 'level' | 'verdict'>[] }

/**
 * The command that runs this one test again against the same target. Only the target's
 * non-secret settings are spelled out; the secrets stay in the caller's environment. The
 * embedded reference is started anew (with the same fault, if one was set).
 */
export function rerunLine(title: string, env: NodeJS.ProcessEnv = process.env): string {
  const settings = env.OCS_EMBEDDED_REFERENCE
    ? (env.OCS_REFERENCE_FAULT ? [`OCS_REFERENCE_FAULT=${shq(env.OCS_REFERENCE_FAULT)}`] : [])
    : ['OCS_BASE_URL', 'OCS_PROFILE'].filter((k) => env[k]).map((k) => `${k}=${shq(env[k]!)}`);
  const pattern = title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return [...settings, 'npm start --', '--grep', shq(pattern)].join(' ');
}

/**
 * Keeps a test's findings (as an annotation for the reporter), attaches evidence when
 * something failed, and fails the test when a MUST failed or anything errored. A failed
 * SHOULD stays a warning: an annotation, not a failure.
 */
export async function record(
  info: TestInfo, ctx: RunContext, format: Format, findings: Finding[],
  exchange?: { request: WireRequest; response?: WireResponse },
): Promise<void> {
  const payload: RecordedFindings = { format, findings: findings.map(({ rule, level, verdict }) => ({ rule, level, verdict })) };
  info.annotations.push({ type: FINDINGS, description: JSON.stringify(payload) });
  const failing = findings.filter(failsTest);
  for (const f of findings.filter((x) => x.verdict === 'fail' && x.level === 'SHOULD')) {
    info.annotations.push({ type: 'warning', description: ctx.mask(describeFinding(f)) });
  }
  for (const f of findings.filter((x) => x.note && x.verdict !== 'fail')) {
    info.annotations.push({ type: 'note', description: ctx.mask(`${f.rule}: ${f.note}`) });
  }
  if (failing.length === 0 && !findings.some((f) => f.verdict === 'fail')) return;
  const replay = exchange ? ctx.mask(curlLine(exchange.request, ctx.secrets)) : undefined;
  if (exchange) {
    await info.attach('request', { body: ctx.mask(describeRequest(exchange.request)), contentType: 'text/plain' });
    if (exchange.response) await info.attach('response', { body: ctx.mask(describeResponse(exchange.response)), contentType: 'text/plain' });
    await info.attach('replay (curl)', { body: replay!, contentType: 'text/plain' });
  }
  if (failing.length === 0) return;
  const message = [
    ...failing.map(describeFinding),
    ...(replay ? ['Replay the request:', `  ${replay}`] : []),
    'Rerun the test:',
    `  ${rerunLine(info.title)}`,
  ].join('\n');
  // The reporter reads the verdict from the findings; the prefix tells a reader of the log.
  throw new Error(ctx.mask(worst(failing.map((f) => f.verdict)) === 'error' ? `[error] ${message}` : message));
}
