/**
 * At most `n` tasks at once, the rest queued in order: the cap on requests in flight that a
 * run shares between its cases and property trials (DESIGN principle 9).
 */
export type Limit = <T>(task: () => Promise<T>) => Promise<T>;

export function limiter(n: number): Limit {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (active >= n) await new Promise<void>((resolve) => waiting.push(resolve));
    else active++;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}

/** Calls `work` on every item, at most `n` at a time, and returns the results in order. */
export function eachLimited<T, R>(items: readonly T[], n: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const limit = limiter(n);
  return Promise.all(items.map((item) => limit(() => work(item))));
}
