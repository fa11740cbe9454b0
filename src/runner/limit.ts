/**
 * At most `n` requests in flight at once, tasks queued in order: the cap a run shares between
 * its cases and property trials (DESIGN principle 9). A task that sends several requests at
 * once (a burst) takes as many places, `weight` (at most `n`), so the cap holds for it too.
 */
export type Limit = <T>(task: () => Promise<T>, weight?: number) => Promise<T>;

export function limiter(n: number): Limit {
  let free = n;
  const waiting: { weight: number; go: () => void }[] = [];
  // Places are handed out in arrival order: a heavy task waits its turn, and lighter ones behind it wait with it.
  const admit = (): void => {
    while (waiting.length && waiting[0]!.weight <= free) {
      const next = waiting.shift()!;
      free -= next.weight;
      next.go();
    }
  };
  return async (task, weight = 1) => {
    const w = Math.max(1, Math.min(n, weight));
    if (waiting.length === 0 && w <= free) free -= w;
    else await new Promise<void>((go) => waiting.push({ weight: w, go }));
    try {
      return await task();
    } finally {
      free += w;
      admit();
    }
  };
}

/** Calls `work` on every item, at most `n` at a time, and returns the results in order. */
export function eachLimited<T, R>(items: readonly T[], n: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const limit = limiter(n);
  return Promise.all(items.map((item) => limit(() => work(item))));
}
