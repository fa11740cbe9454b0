/**
 * The `$unstated` operator of the scenarios (docs/relations.md, LIM-UNSTATED-LENGTH): a string the
 * spec gives no limit, at a length past the column widths services commonly use, in multi-byte
 * text (the characters contract/edges/text.yaml lists as `at`: longer in UTF-8 bytes, UTF-16 units,
 * NFD and NFKC than in code points, so a limit counted any of those ways is passed too).
 *
 *   receiver.counteragent.name: { $unstated: 4001 }
 *
 * The field is the key it is set at. A limit the profile declares for it (targetLimits) is the
 * target's own and shows on the certificate: the value is then sent at that length instead.
 */
import type { Operation } from '../contract/load.ts';
import { limitEdges } from '../contract/text-edges.ts';
import type { LoadedProfile, TargetLimit } from '../profile/load.ts';

/** The lengths the cases send (issue 42): past 255, 1,000 and 4,000 characters. */
export const UNSTATED_LENGTHS: readonly number[] = [256, 1001, 4001];

/** A request field's path as contract/schemas and the profile name it: array indexes left out. */
export const fieldOf = (key: string): string => key.split('.').filter((s) => !/^[0-9]+$/.test(s)).join('.');

/** The limit the profile declares for a field of an operation, if any. */
export const declaredLimit = (profile: Pick<LoadedProfile, 'targetLimits'>, op: Operation, key: string): TargetLimit | undefined =>
  profile.targetLimits?.find((l) => l.field === fieldOf(key) && (l.operation === undefined || l.operation === op));

export const isUnstated = (value: unknown): value is { $unstated: number } =>
  value !== null && typeof value === 'object' && typeof (value as Record<string, unknown>).$unstated === 'number';

/** `length` code points of multi-byte text for the field at `key`, or the profile's declared limit's when that is lower. */
export function unstatedText(length: number, op: Operation, key: string, profile: Pick<LoadedProfile, 'targetLimits'>): string {
  const declared = declaredLimit(profile, op, key);
  const n = declared ? Math.min(length, declared.maxLength) : length;
  const units = [...limitEdges('at').map((e) => e.text).join('')];
  return Array.from({ length: n }, (_, i) => units[i % units.length]).join('');
}
