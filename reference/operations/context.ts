import type { Fixtures } from '../fixtures.ts';

/** What an operation may consult besides the request: the reference's world and its clock. */
export interface Context {
  fixtures: Fixtures;
  now: () => Date;
}

/** The `data` member of a success body. */
export type SuccessData = Record<string, unknown>;
