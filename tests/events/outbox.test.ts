// Domain events through the transactional outbox: written with the change that caused them, sent only
// after it commits, once, whatever flushes run at the same time.
import { systemCtx } from "@/lib/core/context";
import { describe, expect, it } from "vitest";
import { db, withTransaction } from "@/lib/db";
import { recentEvents } from "@/lib/events/event-log";
import { flushOutbox, recordEvent } from "@/lib/events/outbox";
import { createTestUser } from "../factories";
import { clearProject, detectProject, detectUrls, projectFor, trackUrls } from "../issues/helpers";

const sent = (name: string, organizationId: string) => recentEvents(name).filter((e) => e.data.organizationId === organizationId);
const outboxed = (name: string, organizationId: string) => db.eventOutbox.findMany({ where: { name, data: { path: ["organizationId"], equals: organizationId } }, orderBy: { createdAt: "asc" } });

describe("issue transitions", () => {
  it("issue.opened when a group opens and when it reopens, nothing while it stays open; issue.resolved when it resolves itself", async () => {
    const u = await createTestUser("events-issues");
    const t = await projectFor(u);
    const urls = await trackUrls(t, 4);
    await detectUrls(t, "server_error", urls.slice(0, 2));
    await detectUrls(t, "server_error", urls); // still open: no event
    await detectUrls(t, "server_error", [], urls); // every URL cleared: resolves itself
    await detectUrls(t, "server_error", urls.slice(0, 1)); // reopens
    await detectProject(t, "gsc_auth_revoked");
    await clearProject(t, "gsc_auth_revoked");

    const opened = await outboxed("issue.opened", u.organizationId);
    expect(opened.map((e) => [(e.data as { issueType: string }).issueType, (e.data as { reopened: boolean }).reopened, (e.data as { affectedUrlCount: number }).affectedUrlCount]))
      .toEqual([["server_error", false, 2], ["server_error", true, 1], ["gsc_auth_revoked", false, 0]]);
    const resolved = await outboxed("issue.resolved", u.organizationId);
    expect(resolved).toHaveLength(2);
    expect(resolved.every((e) => (e.data as { actorUserId: string | null }).actorUserId === null)).toBe(true);

    expect(sent("issue.opened", u.organizationId)).toHaveLength(0);
    expect(await flushOutbox({ organizationId: u.organizationId })).toEqual({ sent: 5 });
    expect(sent("issue.opened", u.organizationId).map((e) => e.id)).toEqual(opened.map((e) => e.eventId));
    expect(await flushOutbox({ organizationId: u.organizationId })).toEqual({ sent: 0 });
  });

  it("records nothing when the change rolls back", async () => {
    const u = await createTestUser("events-rollback");
    const t = await projectFor(u);
    const urls = await trackUrls(t, 2);
    await expect(withTransaction(systemCtx("test", t.organizationId), async (ctx) => {
      const { recordUrlDetections } = await import("@/lib/issues/detections");
      await recordUrlDetections(ctx, t.projectId, "server_error", { affected: urls, cleared: [] }, {}, new Date());
      throw new Error("the detector failed after detecting");
    })).rejects.toThrow("failed after");
    expect(await outboxed("issue.opened", u.organizationId)).toHaveLength(0);
    expect(await db.issue.count({ where: { projectId: t.projectId } })).toBe(0);
  });

  it("refuses a malformed event inside the transaction, and records one event id once", async () => {
    const u = await createTestUser("events-invalid");
    await expect(withTransaction(systemCtx("test"), (ctx) => recordEvent(ctx, "issue.opened", { organizationId: "nope" } as never, "bad-1"))).rejects.toThrow(/Invalid issue.opened/);
    const data = { organizationId: u.organizationId, projectId: crypto.randomUUID(), importId: crypto.randomUUID(), insertedRows: 1, skippedRows: 0, completedAt: new Date().toISOString() };
    const id = `import-completed-${data.importId}`;
    await withTransaction(systemCtx("test"), (ctx) => recordEvent(ctx, "import.completed", data, id));
    await withTransaction(systemCtx("test"), (ctx) => recordEvent(ctx, "import.completed", data, id));
    expect(await db.eventOutbox.count({ where: { eventId: id } })).toBe(1);
  });
});

describe("flushing", () => {
  it("sends each event once when several flushes run at once", async () => {
    const u = await createTestUser("events-flush");
    const ids = Array.from({ length: 30 }, () => crypto.randomUUID());
    await withTransaction(systemCtx("test"), async (ctx) => {
      for (const importId of ids) {
        await recordEvent(ctx, "import.completed", { organizationId: u.organizationId, projectId: crypto.randomUUID(), importId, insertedRows: 1, skippedRows: 0, completedAt: new Date().toISOString() },
          `import-completed-${importId}`);
      }
    });
    const results = await Promise.all(Array.from({ length: 4 }, () => flushOutbox({ organizationId: u.organizationId })));
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(30);
    expect(sent("import.completed", u.organizationId)).toHaveLength(30);
    expect(await db.eventOutbox.count({ where: { sentAt: null, data: { path: ["organizationId"], equals: u.organizationId } } })).toBe(0);
  });
});

describe("claims", () => {
  const importCompleted = (organizationId: string) => {
    const importId = crypto.randomUUID();
    return { id: `import-completed-${importId}`, data: { organizationId, projectId: crypto.randomUUID(), importId, insertedRows: 1, skippedRows: 0, completedAt: new Date().toISOString() } };
  };

  it("releases the claim when the send fails, so the next flush sends the batch; a live claim is skipped, an expired one retried", async () => {
    const u = await createTestUser("events-claims");
    const [a, b, c] = [importCompleted(u.organizationId), importCompleted(u.organizationId), importCompleted(u.organizationId)];
    await withTransaction(systemCtx("test"), async (ctx) => {
      for (const e of [a, b, c]) await recordEvent(ctx, "import.completed", e.data, e.id);
    });
    // A row the catalogue no longer accepts fails the batch's one send: nothing is marked sent, nothing stays claimed.
    await db.eventOutbox.update({ where: { eventId: b.id }, data: { data: { ...b.data, insertedRows: -1 } } });
    await expect(flushOutbox({ organizationId: u.organizationId })).rejects.toThrow(/Invalid import.completed event/);
    expect(await db.eventOutbox.count({ where: { eventId: { in: [a.id, b.id, c.id] }, OR: [{ sentAt: { not: null } }, { claimedUntil: { not: null } }] } })).toBe(0);
    expect(sent("import.completed", u.organizationId)).toHaveLength(0);

    // Another flush holds c; a flush that died long ago held a (its claim expired).
    await db.eventOutbox.update({ where: { eventId: b.id }, data: { data: b.data } });
    await db.eventOutbox.update({ where: { eventId: c.id }, data: { claimedUntil: new Date(Date.now() + 60_000) } });
    await db.eventOutbox.update({ where: { eventId: a.id }, data: { claimedUntil: new Date(Date.now() - 1_000) } });
    expect(await flushOutbox({ organizationId: u.organizationId })).toEqual({ sent: 2 });
    // Recorded in one transaction, a and b share created_at; their order is the id's.
    expect(sent("import.completed", u.organizationId).map((e) => e.id).sort()).toEqual([a.id, b.id].sort());
    await db.eventOutbox.update({ where: { eventId: c.id }, data: { claimedUntil: null } });
    expect(await flushOutbox({ organizationId: u.organizationId })).toEqual({ sent: 1 });
    expect(await db.eventOutbox.count({ where: { eventId: { in: [a.id, b.id, c.id] }, sentAt: null } })).toBe(0);
  });
});
