import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
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

  constructor(readonly policy: Policy, private readonly store: RateLimiterAbstract, private readonly health: StoreHealth) {
    this.memory = new RateLimiterMemory({ points: policy.points, duration: policy.duration, keyPrefix: store.keyPrefix });
  }

  async consume(key: string): Promise<Consumed> {
    if (this.health.usable()) {
      try {
        return this.consumed(true, await this.store.consume(key));
      } catch (e) {
        if (e instanceof RateLimiterRes) return this.consumed(false, e);
        this.health.failed(e);
      }
    }
    return this.memory.consume(key).then((r) => this.consumed(true, r), (r: RateLimiterRes) => this.consumed(false, r));
  }

  private consumed(allowed: boolean, r: RateLimiterRes): Consumed {
    // msBeforeNext is -1 for a key without expiry (never for our windows): report a whole window.
    return { allowed, policy: this.policy, remaining: r.remainingPoints, msBeforeNext: r.msBeforeNext >= 0 ? r.msBeforeNext : this.policy.duration * 1000 };
  }
}
