/**
 * The kinds of value a profile may name unknown to the target (`fixtures.unknown`,
 * docs/known-unknowns.md), and the type of a value of each. Both the typed view of the
 * fixtures (src/profile/fixtures.ts) and the reading of the named unknowns
 * (src/profile/unknowns.ts) are written in them, so they stand below both.
 */
export const UNKNOWN_KINDS = ['counteragentIDs', 'contactIDs', 'phoneIDs', 'addressIDs', 'forms', 'streets'] as const;
export type UnknownKind = typeof UNKNOWN_KINDS[number];
export type IdKind = Extract<UnknownKind, `${string}IDs`>;

/** A value of a kind: an ID is an integer, a form or a street is text. */
export type UnknownValue<K extends UnknownKind> = K extends IdKind ? number : string;
