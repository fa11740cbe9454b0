/**
 * What a run assumed of the target's world and what its clock let it judge: the clock the
 * profile describes, each side of each clock cut-off (src/checks/cutoffs.ts) with what was
 * judged there or why it was not, and which kinds of unknown value came from the profile
 * (src/profile/unknowns.ts). summary.json's `targetWorld`, and its section of the certificate.
 */
import type { Format } from '../contract/load.ts';
import { SIDES, type CutoffSide } from '../checks/cutoffs.ts';
import { readProfile } from '../profile/load.ts';
import { describeClock } from '../profile/clock.ts';
import { namedKinds, UNKNOWN_KINDS, type UnknownKind } from '../profile/unknowns.ts';
import type { Summary, TestOutcome } from './summary.ts';

/**
 * One side in one format. judged: a check met this side and was passed or failed on it;
 * recorded: a check met it, and the target's answer is kept, never failed; not reached: no
 * check met it (why: the clock readings the checks met, or the reason they were skipped).
 */
export interface SideCell { status: 'judged' | 'recorded' | 'not reached'; verdict?: 'pass' | 'fail'; detail: string }
export interface CutoffRow { rule: string; side: CutoffSide; title: string; json: SideCell; xml: SideCell }
export interface TargetWorld {
  clock: string;
  cutoffs: CutoffRow[];
  unknownValues: { fromProfile: UnknownKind[]; drawn: UnknownKind[] };
}

type Found = TestOutcome['findings'][number];

/** The target's clock as the checks met it (src/checks/cutoffs.ts clockReading), each reading once. */
const readings = (found: Found[]): string => [...new Set(found.flatMap((f) => /the target's clock read ([^,]+)/.exec(f.note ?? '')?.[1] ?? []))].join('; ');

function cell(side: CutoffSide, rule: string, format: Format, findings: Found[], summary: Pick<Summary, 'skips' | 'rules'>): SideCell {
  const mine = findings.filter((f) => f.format === format);
  // A produce_date of today is the same-day case's: its side follows that case's.
  const onSide = mine.filter((f) => f.side === (side === 'past-today' ? 'same-day-before' : side));
  const met = onSide.filter((f) => f.verdict === 'pass' || f.verdict === 'fail');
  if (met.length && (side === 'same-day-before' || side === 'past-today')) {
    return { status: 'recorded', detail: `${/Recorded: (.*)$/.exec(met[0]!.note ?? '')?.[1] ?? 'sent'}, at ${readings(met)}` };
  }
  if (met.length) {
    const failed = met.some((f) => f.verdict === 'fail');
    return { status: 'judged', verdict: failed ? 'fail' : 'pass', detail: `${met.length} check${met.length === 1 ? '' : 's'} at ${readings(met)}` };
  }
  const skipped = onSide.find((f) => f.verdict === 'skip')?.note;
  if (skipped) return { status: 'not reached', detail: skipped };
  const sameDay = mine.filter((f) => f.rule === 'PCK-SAME-DAY' && f.side);
  if (side === 'past-today' && sameDay.length) return { status: 'not reached', detail: `every same-day check met the target's clock past the cut-off (${readings(sameDay)}), where the same-day rule refuses today` };
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
    clock: describeClock(profile),
    cutoffs: SIDES.map(({ side, rule, title }) => ({ rule, side, title, json: cell(side, rule, 'json', findings, summary), xml: cell(side, rule, 'xml', findings, summary) })),
    unknownValues: { fromProfile, drawn: UNKNOWN_KINDS.filter((k) => !fromProfile.includes(k)) },
  };
}
