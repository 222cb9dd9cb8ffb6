import crypto from "node:crypto";
import { afterEach, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import { purgeDeletedAccountsFn } from "./purge-deleted-accounts";
import { runUnderInngest } from "@/tests/inngest-engine";

// The purge sweeps the whole user table. With the clock set to 2000 it reaches only users due by
// then — this suite's — and never another suite's; the user in grace is due in 2999.
const DUE = new Date("2000-06-01T00:00:00Z");
const CLOCK = new Date("2000-06-02T00:00:00Z");
const IN_GRACE = new Date("2999-01-01T00:00:00Z");

afterEach(() => vi.useRealTimers());

async function userWithPersonalOrg(deletionScheduledFor: Date) {
  const email = `${crypto.randomUUID()}@example.test`;
  const user = await db.user.create({ data: { email, deletionScheduledFor } });
  const org = await db.organization.create({
    data: { name: email, slug: crypto.randomUUID(), personal: true, memberships: { create: { userId: user.id, role: "owner" } } },
  });
  return { userId: user.id, organizationId: org.id };
}

it("deletes an account past its grace period with its personal organization and leaves one in grace", async () => {
  const gone = await userWithPersonalOrg(DUE);
  const stays = await userWithPersonalOrg(IN_GRACE);

  vi.useFakeTimers({ toFake: ["Date"], now: CLOCK });
  const { result, error } = await runUnderInngest(purgeDeletedAccountsFn);
  vi.useRealTimers();

  expect(error).toBeUndefined();
  // Another suite's purge may take this suite's due user first, so assert on the users, not the counts.
  expect(result).toEqual({ deleted: expect.any(Number), alreadyGone: expect.any(Number), failures: [] });
  expect(await db.user.findUnique({ where: { id: gone.userId } })).toBeNull();
  expect(await db.organization.findUnique({ where: { id: gone.organizationId } })).toBeNull();
  expect(await db.user.findUnique({ where: { id: stays.userId } })).not.toBeNull();
  expect(await db.organization.findUnique({ where: { id: stays.organizationId } })).not.toBeNull();
});

it("keeps its id and daily UTC schedule", () => {
  expect(purgeDeletedAccountsFn.id()).toBe("purge-deleted-accounts");
  expect(purgeDeletedAccountsFn.opts.triggers).toEqual([{ cron: "TZ=UTC 0 3 * * *" }]);
});
