import type { Hooks } from '../hooks.ts';
import type { Limits } from '../validate/limits.ts';

/** The hooks a fault may set as they are (reference/hooks.ts); `enforces` and `limits` are set as `skips` and `limits`. */
export type FaultHooks = Partial<Omit<Hooks, 'enforces' | 'limits'>>;

/**
 * A named single deviation from the spec the reference can be started with. The harness's
 * mutation run (`npm run mutation`) must find the faulty reference non-conformant and blame
 * `rule`. A fault sets only the hooks it needs (reference/hooks.ts); the rest stay faithful.
 */
export interface Fault extends FaultHooks {
  name: string;
  /** The catalog rule ID (contract/rules.yaml) the harness must blame: a plain string, since the reference never reads the catalog. */
  rule: string;
  /** What the faulty service does, in the present tense. */
  description: string;
  /** The named checks it does not make. */
  skips?: RegExp;
  /** The limits it enforces instead of the spec's. */
  limits?: Partial<Limits>;
  /**
   * Hooks made anew for each service started, for a fault that remembers across requests (the
   * first answer's clock, the requests in flight): two services never share what they remember.
   */
  perService?: () => FaultHooks;
}
