import type { Fixtures } from '../fixtures.ts';
import type { Hooks } from '../hooks.ts';

/** What an operation may consult besides the request: the reference's world, its clock and its fault hooks. */
export interface Context {
  fixtures: Fixtures;
  now: () => Date;
  hooks: Hooks;
}

/** The `data` member of a success body. */
export type SuccessData = Record<string, unknown>;
