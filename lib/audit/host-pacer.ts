/**
 * Spaces request starts per host by a Crawl-delay. Starts are reserved in call order, so callers
 * that wait at once get successive slots rather than all starting when the delay is over.
 */
export class HostPacer {
  private readonly next = new Map<string, number>();

  constructor(private readonly clock: () => number = () => performance.now()) {}

  /**
   * Resolves when a request to `host` may start; `lastStart` is a request made elsewhere (robots.txt).
   * Resolves to the start it reserved (on the clock's scale), or undefined when there is no delay.
   */
  async wait(host: string, delayMs: number, lastStart?: number): Promise<number | undefined> {
    if (!(delayMs > 0)) return undefined;
    const now = this.clock();
    const fromElsewhere = lastStart === undefined ? -Infinity : lastStart + delayMs;
    const start = Math.max(now, this.next.get(host) ?? -Infinity, fromElsewhere);
    this.next.set(host, start + delayMs);
    if (this.next.size > 1000) this.prune(now);
    if (start > now) await new Promise((resolve) => setTimeout(resolve, start - now));
    return start;
  }

  private prune(now: number): void {
    for (const [host, at] of this.next) if (at <= now) this.next.delete(host);
  }
}
