/** The two operations of the service (spec 4). */
export type Operation = 'receiver' | 'pickup';

/**
 * What XML text cannot say by itself: which elements are arrays, and which hold integers or
 * booleans. Paths are relative to the request root, without indexes.
 */
export interface Shape {
  arrays: ReadonlySet<string>;
  integers: ReadonlySet<string>;
  booleans: ReadonlySet<string>;
}

const MEMBER_ARRAYS = ['contactIDs', 'contactPersons', 'phoneIDs', 'phoneNumbers'];
const MEMBER_INTEGERS = ['counteragentID', 'contactIDs', 'phoneIDs', 'counteragent.inn'];

function under(prefix: string, paths: string[]): string[] {
  return paths.map((p) => `${prefix}.${p}`);
}

export const SHAPES: Record<Operation, Shape> = {
  receiver: {
    arrays: new Set([...under('receiver', MEMBER_ARRAYS), ...under('third', MEMBER_ARRAYS)]),
    integers: new Set([...under('receiver', MEMBER_INTEGERS), ...under('third', MEMBER_INTEGERS)]),
    booleans: new Set(['changeOrderPayer']),
  },
  pickup: {
    arrays: new Set(MEMBER_ARRAYS),
    integers: new Set(['addressID', 'contactIDs', 'phoneIDs']),
    booleans: new Set(['time.exactTime']),
  },
};
