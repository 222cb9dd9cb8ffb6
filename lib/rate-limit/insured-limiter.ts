import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { groupBehind, type GroupShare } from "@/lib/core/group-behind";
import type { Policy } from "./config";

/** One counted request: whether it may pass, and where its window stands. */
export type Consumed = { allowed: boolean; policy: Policy; remaining: number; msBeforeNext: number };

export type Limiter = { readonly policy: Policy; consume(key: string): Promise<Consumed> };

const OUTAGE_BACKOFF_MS = 5000;

/** Whether the store answered lately; shared by the limiters of one store so that an outage is logged once. */
export class StoreHealth {
  private downUntil = 0;
  constructor(private readonly name: string, private readonly now = Date.now) {}

  usable(): boolean {
    return this.now() >= this.downUntil;
  }

  failed(error: unknown): void {
    if (this.usable()) console.error(`[rate-limit] the ${this.name} store failed (${String((error as Error)?.message ?? error)}); counting in memory per process for ${OUTAGE_BACKOFF_MS / 1000} s`);
    this.downUntil = this.now() + OUTAGE_BACKOFF_MS;
  }
}

/**
 * The store's limiter, insured by an in-memory one with the same policy. When the store fails or does
 * not answer in time, each process keeps counting on its own (so N processes allow up to N times the
 * limit) and the store is left alone for 5 s before it is tried again: a limit never answers 500 and
 * an outage never adds a timeout to every request. Counts made in memory are not carried back.
 */
export class InsuredLimiter implements Limiter {
  private readonly memory: RateLimiterMemory;
  /**
   * Requests of one key that arrive while its count is on its way to the store are counted together in
   * the next round trip (group commit, lib/core/group-behind.ts): each still gets its own place in the
   * window, as if they had been counted one by one, and none is answered before it is counted.
   */
  private readonly countInStore: (key: string) => Promise<GroupShare<{ res: RateLimiterRes; overLimit: boolean }>>;

  constructor(readonly policy: Policy, private readonly store: RateLimiterAbstract, private readonly health: StoreHealth) {
    this.memory = new RateLimiterMemory({ points: policy.points, duration: policy.duration, keyPrefix: store.keyPrefix });
    this.countInStore = groupBehind((key, count) =>
      store.consume(key, count).then(
        (res) => ({ res, overLimit: false }),
        // rate-limiter-flexible rejects with the counted result when the points go past the limit.
        (e: unknown) => (e instanceof RateLimiterRes ? { res: e, overLimit: true } : Promise.reject(e)),
      ));
  }

  async consume(key: string): Promise<Consumed> {
    if (this.health.usable()) {
      try {
        const { result, index, count } = await this.countInStore(key);
        // This request's place in the window: the group's requests were counted in the order they arrived.
        const { res, overLimit } = result;
        const place = res.consumedPoints - count + index + 1;
        // Past the limit the group is refused from its first request beyond it; a key the store's in-memory block
        // refuses (already over its limit) was not counted at all (consumedPoints 0): all of it is refused.
        const allowed = !overLimit || (res.consumedPoints > this.policy.points && place <= this.policy.points);
        const remaining = allowed ? Math.max(0, this.policy.points - place) : 0;
        return { allowed, policy: this.policy, remaining, msBeforeNext: this.msBeforeNext(res) };
      } catch (e) {
        this.health.failed(e);
      }
    }
    return this.memory.consume(key).then((r) => this.consumed(true, r), (r: RateLimiterRes) => this.consumed(false, r));
  }

  /** Milliseconds until `key` has room again when its window is spent, 0 when it has room; counts nothing. */
  async msUntilRoom(key: string): Promise<number> {
    let res: RateLimiterRes | null = null;
    if (this.health.usable()) {
      try {
        res = await this.store.get(key);
      } catch (e) {
        this.health.failed(e);
      }
    }
    // The store out (or just failed): what this process counted in memory meanwhile.
    if (!this.health.usable()) res = await this.memory.get(key);
    return res && res.consumedPoints >= this.policy.points ? this.msBeforeNext(res) : 0;
  }

  private msBeforeNext(r: RateLimiterRes): number {
    // msBeforeNext is -1 for a key without expiry (never for our windows): report a whole window.
    return r.msBeforeNext >= 0 ? r.msBeforeNext : this.policy.duration * 1000;
  }

  private consumed(allowed: boolean, r: RateLimiterRes): Consumed {
    return { allowed, policy: this.policy, remaining: r.remainingPoints, msBeforeNext: this.msBeforeNext(r) };
  }
}
