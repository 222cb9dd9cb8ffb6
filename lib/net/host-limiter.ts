/** A counting semaphore per host, so that no customer site sees more than `limit` requests at once. */
export class HostLimiter {
  private readonly active = new Map<string, number>();
  private readonly waiting = new Map<string, Array<() => void>>();

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error("per-host limit must be a positive integer");
  }

  /** Resolves with a release function (idempotent); rejects with the signal's reason when aborted while waiting. */
  acquire(host: string, signal?: AbortSignal): Promise<() => void> {
    const key = host.toLowerCase();
    if (signal?.aborted) return Promise.reject(signal.reason);
    if ((this.active.get(key) ?? 0) < this.limit) {
      this.active.set(key, (this.active.get(key) ?? 0) + 1);
      return Promise.resolve(this.releaser(key));
    }
    return new Promise((resolve, reject) => {
      const queue = this.waiting.get(key) ?? [];
      this.waiting.set(key, queue);
      const grant = () => {
        signal?.removeEventListener("abort", onAbort);
        resolve(this.releaser(key));
      };
      const onAbort = () => {
        const index = queue.indexOf(grant);
        if (index >= 0) queue.splice(index, 1);
        if (queue.length === 0) this.waiting.delete(key);
        reject(signal!.reason);
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      queue.push(grant);
    });
  }

  inFlight(host: string): number {
    return this.active.get(host.toLowerCase()) ?? 0;
  }

  private releaser(key: string): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const queue = this.waiting.get(key);
      const next = queue?.shift();
      if (queue && queue.length === 0) this.waiting.delete(key);
      // The slot passes straight to the next waiter, so the active count stays the same.
      if (next) return next();
      const count = (this.active.get(key) ?? 1) - 1;
      if (count <= 0) this.active.delete(key);
      else this.active.set(key, count);
    };
  }
}
