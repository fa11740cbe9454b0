/**
 * At most `n` requests in flight at once, tasks queued in order: the cap a run shares between
 * its cases and property trials (DESIGN principle 9). A task that sends several requests at
 * once (a burst) takes as many places, `weight` (at most `n`), so the cap holds for it too.
 * `n` may move (a worker's pace, src/client/pace.ts): each admission reads it, a lower cap
 * admits nothing until enough places are given back, `onWait` hears of every task that found the
 * cap full, and `onRoom` is given the admission to call when the cap grows with no task ending.
 */
export type Limit = <T>(task: () => Promise<T>, weight?: number) => Promise<T>;

export function limiter(n: number | (() => number), onWait?: () => void, onRoom?: (admit: () => void) => void): Limit {
  const cap = typeof n === 'number' ? () => n : n;
  let taken = 0;
  const waiting: { weight: number; go: (places: number) => void }[] = [];
  // A burst heavier than the cap takes the whole cap, as it is when the burst is admitted.
  const places = (weight: number): number | undefined => {
    const w = Math.min(Math.max(1, weight), cap());
    return w <= cap() - taken ? w : undefined;
  };
  // Places are handed out in arrival order: a heavy task waits its turn, and lighter ones behind it wait with it.
  // Tasks still waiting once the places given back are handed out: the cap is what holds them
  // back, as much as when a task first found it full (onWait), however long ago it queued.
  const admit = (): void => {
    for (let w; waiting.length && (w = places(waiting[0]!.weight)) !== undefined;) {
      taken += w;
      waiting.shift()!.go(w);
    }
    if (waiting.length) onWait?.();
  };
  onRoom?.(admit);
  return async (task, weight = 1) => {
    let w = waiting.length === 0 ? places(weight) : undefined;
    if (w === undefined) {
      onWait?.();
      w = await new Promise<number>((go) => waiting.push({ weight, go }));
    } else taken += w;
    try {
      return await task();
    } finally {
      taken -= w;
      admit();
    }
  };
}

/** Calls `work` on every item, at most `n` at a time, and returns the results in order. */
export function eachLimited<T, R>(items: readonly T[], n: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const limit = limiter(n);
  return Promise.all(items.map((item) => limit(() => work(item))));
}
