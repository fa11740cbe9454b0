/**
 * What the schema cannot say of a profile's `targetLimits` (docs/relations.md): each names a
 * string the spec gives no limit, in an operation that has it. A limit on any other field would
 * change nothing that is sent, so a misspelt field would leave the target's limit undeclared.
 */
import { OPERATIONS } from '../contract/load.ts';
import { fieldsOf } from '../contract/string-fields.ts';

/** A limit of the target's own on a string the spec gives none: declared, never hidden (LIM-UNSTATED-LENGTH). */
export interface TargetLimit { field: string; operation?: 'change_receiver' | 'change_pickup'; maxLength: number; reason: string }

export function targetLimitProblems(file: string, limits: TargetLimit[] | undefined): string[] {
  return (limits ?? []).flatMap((l, i) => {
    const ops = l.operation ? [l.operation] : OPERATIONS;
    if (ops.some((op) => fieldsOf(op, 'free').some((f) => f.path === l.field))) return [];
    const free = [...new Set(ops.flatMap((op) => fieldsOf(op, 'free').map((f) => f.path)))];
    return [`${file}: key targetLimits.${i}.field: ${l.field} is no string without a stated limit${l.operation ? ` of ${l.operation}` : ''} (those are ${free.join(', ')}); section 8's limits are the spec's own`];
  });
}
