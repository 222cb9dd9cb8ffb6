import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DomainError } from "@/lib/core/errors";
import { HTTP_STATUS } from "@/lib/api/errors";
import { errorResponse } from "@/lib/api/render-error";
import { consumeInvitation } from "@/lib/rate-limit/consume-invitation";
import { createRateLimits, replaceRateLimits } from "@/lib/rate-limit/limiters";
import { STORES, dropCounters, openStore, policies, uniquePrefix } from "./stores";

describe.each(STORES)("invitations per organization on $kind", (spec) => {
  const prefix = uniquePrefix(`invites-${spec.kind}`);
  beforeAll(() => replaceRateLimits(createRateLimits(openStore(spec), policies({ invitations: { points: 2, duration: 86_400 } }), prefix)));
  afterAll(async () => {
    await replaceRateLimits(undefined);
    await dropCounters(spec, prefix);
  });

  it("allow the daily number, then 429 RATE_LIMITED with Retry-After until the day is over", async () => {
    const org = crypto.randomUUID(), other = crypto.randomUUID();
    await consumeInvitation(org);
    await consumeInvitation(org);
    const refused = await consumeInvitation(org).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DomainError);
    const e = refused as DomainError;
    expect([HTTP_STATUS[e.code], e.code]).toEqual([429, "RATE_LIMITED"]);
    expect(e.message).toMatch(/try again in 2[34] hours$/);
    expect(e.meta).toMatchObject({ limit: 2, retryAfterSeconds: expect.any(Number) });
    expect(e.meta!.retryAfterSeconds).toBeGreaterThan(86_000);
    expect(errorResponse(e).headers.get("retry-after")).toBe(String(e.meta!.retryAfterSeconds));
    await expect(consumeInvitation(other)).resolves.toBeUndefined();
  });
});
