/** What one caller of a grouped run gets: the run's result, its own place in the group, and the group's size. */
export type GroupShare<R> = { result: R; index: number; count: number };

/**
 * Group commit for hot lookups and counters: at most one run per key is in flight; callers that arrive
 * while it runs gather into the next run, which starts when it ends and serves them all at once
 * (`run(key, count)`). Every caller is answered by a run that started after it called, so nothing is
 * served from before the call (unlike a cache or joining a query already sent). A lone caller runs at
 * once; under concurrency on one key (one API key sending many requests in parallel) N round trips
 * become one per round. A failed run rejects each of its callers.
 */
export function groupBehind<R>(run: (key: string, count: number) => Promise<R>): (key: string) => Promise<GroupShare<R>> {
  const running = new Map<string, Promise<unknown>>();
  const gathering = new Map<string, { count: number; result: Promise<R> }>();

  const start = (key: string, count: number): Promise<R> => {
    const result = run(key, count);
    const settled = result.then(noop, noop);
    running.set(key, settled);
    void settled.then(() => {
      if (running.get(key) === settled) running.delete(key);
    });
    return result;
  };

  return (key) => {
    const inFlight = running.get(key);
    if (!inFlight) return start(key, 1).then((result) => ({ result, index: 0, count: 1 }));
    let next = gathering.get(key);
    if (!next) {
      const group: { count: number; result: Promise<R> } = { count: 0, result: undefined as unknown as Promise<R> };
      // The group closes when it starts: later callers gather behind it.
      group.result = inFlight.then(() => {
        gathering.delete(key);
        return start(key, group.count);
      });
      gathering.set(key, group);
      next = group;
    }
    const group = next;
    const index = group.count++;
    return group.result.then((result) => ({ result, index, count: group.count }));
  };
}

function noop() {}
