/**
 * What a run assumed of the target's world and what its clock let it judge: the clock the
 * profile describes, each side of each clock cut-off (src/time/clock.ts) with what was
 * judged there or why it was not, and which kinds of unknown value came from the profile
 * (src/profile/unknowns.ts). summary.json's `targetWorld`, and its section of the certificate.
 */
import type { Format } from '../contract/load.ts';
import { clockOf, SIDES, type CutoffSide } from '../time/clock.ts';
import { readProfile } from '../profile/load.ts';
import { namedKinds, UNKNOWN_KINDS } from '../profile/unknowns.ts';
import type { SideCell, Summary, TargetWorld, TestOutcome } from './summary-shape.ts';

export type { CutoffRow, SideCell, TargetWorld } from './summary-shape.ts';

type Found = TestOutcome['findings'][number];

/** The target's clock as the checks met it (src/time/clock.ts reading), each reading once. */
const readings = (found: Found[]): string => [...new Set(found.flatMap((f) => f.clock ?? []))].join('; ');

const checks = (n: number): string => `${n} check${n === 1 ? '' : 's'}`;

/** What one side of one cut-off shows in one format, from the findings of its rule. */
export function cell(side: CutoffSide, rule: string, format: Format, findings: Found[], summary: Pick<Summary, 'skips' | 'rules'>): SideCell {
  const mine = findings.filter((f) => f.format === format);
  const onSide = mine.filter((f) => f.side === side);
  const met = onSide.filter((f) => f.verdict === 'pass' || f.verdict === 'fail');
  const failed = met.filter((f) => f.verdict === 'fail');
  if (failed.length) return { status: 'judged', verdict: 'fail', detail: `${checks(failed.length)} failed at ${readings(failed)}` };
  // An errored check on this side, or one that errored before any check of its rule met a side.
  const errored = onSide.some((f) => f.verdict === 'error') ? onSide.filter((f) => f.verdict === 'error')
    : onSide.length ? [] : mine.filter((f) => f.rule === rule && f.verdict === 'error' && !f.side);
  if (errored.length) return { status: 'error', detail: `${checks(errored.length)} errored (a transport fault or the harness: the rule's evidence says which), so this side is not known` };
  if (met.length && side === 'same-day-before') {
    return { status: 'recorded', detail: `${/Recorded: (.*)$/.exec(met[0]!.note ?? '')?.[1] ?? 'sent'}, at ${readings(met)}` };
  }
  if (met.length) return { status: 'judged', verdict: 'pass', detail: `${checks(met.length)} at ${readings(met)}` };
  const skipped = onSide.find((f) => f.verdict === 'skip')?.note;
  if (skipped) return { status: 'not reached', detail: skipped };
  const others = mine.filter((f) => f.rule === rule && f.side && f.side !== side);
  if (others.length) return { status: 'not reached', detail: `every check met the target's clock on the other side (${readings(others)})` };
  const skip = summary.skips.find((g) => g.rules.includes(rule))?.reason;
  if (skip) return { status: 'not reached', detail: `skipped: ${skip}` };
  const row = summary.rules.find((r) => r.id === rule);
  return { status: 'not reached', detail: row?.[format] === 'untested' ? 'not run (--grep, a shard, or OCS_STEP left it out)' : 'no check met this side' };
}

/** The run's target world: undefined when the profile cannot be read (a merge without it). */
export function targetWorld(outcomes: TestOutcome[], summary: Pick<Summary, 'skips' | 'rules'>, profileFile: string | undefined): TargetWorld | undefined {
  if (!profileFile) return undefined;
  let profile: ReturnType<typeof readProfile>;
  try { profile = readProfile(profileFile); } catch { return undefined; }
  const findings = outcomes.flatMap((o) => o.findings.filter((f) => f.side || f.rule === 'PCK-SAME-DAY' || f.rule === 'PCK-PRODUCE-DATE-PAST'));
  const fromProfile = namedKinds(profile);
  return {
    clock: clockOf(profile).description,
    cutoffs: SIDES.map(({ side, rule, title }) => ({ rule, side, title, json: cell(side, rule, 'json', findings, summary), xml: cell(side, rule, 'xml', findings, summary) })),
    unknownValues: { fromProfile, drawn: UNKNOWN_KINDS.filter((k) => !fromProfile.includes(k)) },
  };
}
