import { describe, expect, it, vi } from "vitest";
import { sendEvent } from "@/lib/events/send-event";
import { inProcessQueueStats, whenInProcessIdle } from "./in-process-queue";

const seen = vi.hoisted(() => ({ resolved: [] as unknown[], followUps: [] as unknown[] }));

// The function list is replaced by two test functions: one on issue.resolved that emits a
// follow-up event, one on that follow-up.
vi.mock("@/inngest/functions", async () => {
  const { inngest } = await import("@/inngest/client");
  const { issueResolved } = await import("@/lib/events/catalogue");
  const onResolved = inngest.createFunction({ id: "test-on-issue-resolved", triggers: [issueResolved] }, async ({ event, step }) => {
    await step.run("record", () => seen.resolved.push(event.data));
    await step.sendEvent("follow-up", { name: "test/issue.followed-up", data: { issueId: event.data.issueId } });
  });
  const onFollowUp = inngest.createFunction({ id: "test-on-follow-up", triggers: [{ event: "test/issue.followed-up" }] }, async ({ event }) => {
    seen.followUps.push(event.data);
  });
  return { functions: [onResolved, onFollowUp] };
});

const issue = () => ({
  organizationId: crypto.randomUUID(), projectId: crypto.randomUUID(), issueId: crypto.randomUUID(),
  resolvedAt: new Date().toISOString(), actorUserId: null,
});

describe("sendEvent without an Inngest server", () => {
  it("runs every function the event triggers, in-process, including events they send", async () => {
    const data = issue();
    const { ids } = await sendEvent("issue.resolved", data);
    expect(ids).toHaveLength(1);
    await whenInProcessIdle();
    expect(seen.resolved).toContainEqual(data);
    expect(seen.followUps).toContainEqual({ issueId: data.issueId });
    expect(inProcessQueueStats().failed).toBe(0);
  });

  it("runs an event sent twice with the same id once", async () => {
    const data = issue();
    const id = `issue-resolved-${data.issueId}`;
    expect(await sendEvent("issue.resolved", data, { id })).toEqual({ ids: [id] });
    await sendEvent("issue.resolved", data, { id });
    await whenInProcessIdle();
    expect(seen.resolved.filter((d) => (d as { issueId: string }).issueId === data.issueId)).toHaveLength(1);
  });

  it("rejects invalid data and runs nothing", async () => {
    const before = seen.resolved.length;
    await expect(sendEvent("issue.resolved", { ...issue(), issueId: "not-a-uuid" })).rejects.toThrow(/Invalid issue.resolved event: issueId/);
    await whenInProcessIdle();
    expect(seen.resolved).toHaveLength(before);
  });
});
