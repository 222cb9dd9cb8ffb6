// Each organization's share of log push work: at most LOG_PUSH_CONCURRENT_PER_ORG pushes at once (per process) and
// LOG_PUSH_MIB_PER_MINUTE_PER_ORG decompressed MiB a minute (counted in the rate-limit store, so shared by every process).
// Beyond either a push answers 429 with Retry-After before its body is parsed.
import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { DomainError } from "@/lib/core/errors";
import { rateLimits } from "@/lib/rate-limit/limiters";
import { crawlLogConfig } from "../config";

const g = globalThis as unknown as { __logPushActive?: Map<string, number>; __logPushBytes?: { points: number; store: RateLimiterAbstract; memory: RateLimiterMemory } };
const active = () => (g.__logPushActive ??= new Map());

const KIB = 1024;

function refuse(message: string, retryAfterSeconds: number): DomainError {
  return new DomainError("RATE_LIMITED", message, { retryAfterSeconds });
}

/** Takes one of the organization's concurrent push slots (429 when all are taken); call the answer to give it back. */
export function enterPush(organizationId: string): () => void {
  const { pushConcurrentPerOrg } = crawlLogConfig();
  const map = active();
  const n = map.get(organizationId) ?? 0;
  if (n >= pushConcurrentPerOrg) {
    throw refuse(`This organization already has ${n} log pushes in progress (at most ${pushConcurrentPerOrg} at once); try again in 1 second`, 1);
  }
  map.set(organizationId, n + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (map.get(organizationId) ?? 1) - 1;
    if (left <= 0) map.delete(organizationId);
    else map.set(organizationId, left);
  };
}

function byteLimiter() {
  const points = Math.max(1, Math.floor(crawlLogConfig().pushMibPerMinutePerOrg * KIB)); // in KiB
  if (!g.__logPushBytes || g.__logPushBytes.points !== points) {
    const policy = { points, duration: 60 };
    g.__logPushBytes = { points, store: rateLimits().store.limiter(policy, "rl:log-push-bytes"), memory: new RateLimiterMemory({ ...policy, keyPrefix: "rl:log-push-bytes" }) };
  }
  return g.__logPushBytes;
}

/** 429 when the organization used up its decompressed bytes of the current minute. */
export async function checkPushBytes(organizationId: string): Promise<void> {
  const l = byteLimiter();
  let res: RateLimiterRes | null;
  try {
    res = await l.store.get(organizationId);
  } catch {
    res = await l.memory.get(organizationId);
  }
  if (res && res.consumedPoints >= l.points) {
    const s = Math.max(1, Math.ceil((res.msBeforeNext > 0 ? res.msBeforeNext : 60_000) / 1000));
    const mib = crawlLogConfig().pushMibPerMinutePerOrg;
    throw refuse(`This organization pushed its ${mib} MiB of decompressed log records for this minute; try again in ${s} second${s === 1 ? "" : "s"}`, s);
  }
}

/** Counts a parsed batch's decompressed bytes against the organization's minute (the next push beyond it is refused). */
export async function chargePushBytes(organizationId: string, bytes: number): Promise<void> {
  const l = byteLimiter();
  const kib = Math.max(1, Math.ceil(bytes / KIB));
  const swallow = (e: unknown) => { if (!(e instanceof RateLimiterRes)) throw e; };
  try {
    await l.store.consume(organizationId, kib).catch(swallow);
  } catch {
    await l.memory.consume(organizationId, kib).catch(swallow);
  }
}
