import crypto from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { inngest } from "@/inngest/client";
import { functions } from "@/inngest/functions";
import { db } from "@/lib/db";
import { scheduledJobs, startInProcessJobs, stopInProcessJobs, triggerCronNow } from "./scheduler";

afterEach(() => {
  stopInProcessJobs();
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

describe("in-process scheduler", () => {
  it("schedules the purge daily at 03:00 UTC, once however often it is started", () => {
    expect(startInProcessJobs(functions)).toBe(true);
    expect(startInProcessJobs(functions)).toBe(true);
    const purge = scheduledJobs().filter((j) => j.functionId === "purge-deleted-accounts");
    expect(purge).toHaveLength(1);
    expect(purge[0].cron).toBe("TZ=UTC 0 3 * * *");
    expect([purge[0].nextRun!.getUTCHours(), purge[0].nextRun!.getUTCMinutes()]).toEqual([3, 0]);
    stopInProcessJobs();
    expect(scheduledJobs()).toEqual([]);
  });

  it("stays off with DISABLE_IN_PROCESS_JOBS=1 or when Inngest runs the crons", () => {
    vi.stubEnv("DISABLE_IN_PROCESS_JOBS", "1");
    expect(startInProcessJobs(functions)).toBe(false);
    vi.unstubAllEnvs();
    vi.stubEnv("INNGEST_SIGNING_KEY", "signkey-test-00");
    expect(startInProcessJobs(functions)).toBe(false);
    expect(scheduledJobs()).toEqual([]);
  });

  it("leaves the crons named in DISABLE_IN_PROCESS_CRONS unscheduled, the others as before", () => {
    vi.stubEnv("DISABLE_IN_PROCESS_CRONS", " site-watch-sentinels-cron, rendering-sentinel-renders ,");
    expect(startInProcessJobs(functions)).toBe(true);
    const ids = scheduledJobs().map((j) => j.functionId);
    expect(ids).not.toContain("site-watch-sentinels-cron");
    expect(ids).not.toContain("rendering-sentinel-renders");
    expect(ids).toContain("purge-deleted-accounts");
    expect(ids).toContain("site-watch-robots-txt");
  });

  it("triggerCronNow runs the purge as its schedule would and returns its report", async () => {
    const email = `${crypto.randomUUID()}@example.test`;
    // Due in 2000 and run with the clock in 2000: this purge reaches no other suite's users.
    const user = await db.user.create({ data: { email, deletionScheduledFor: new Date("2000-01-01T00:00:00Z") } });
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2000-01-02T00:00:00Z") });
    const run = await triggerCronNow("purge-deleted-accounts");
    vi.useRealTimers();
    expect(run).toEqual({ status: "completed", output: { deleted: 1, alreadyGone: 0, failures: [] } });
    expect(await db.user.findUnique({ where: { id: user.id } })).toBeNull();
  });

  it("never overlaps two runs of the same function", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = inngest.createFunction({ id: "test-slow-cron", triggers: [{ cron: "*/5 * * * *" }] }, async ({ step }) =>
      step.run("wait", async () => { await gate; return "done"; }));
    const first = triggerCronNow("test-slow-cron", [slow]);
    await expect(triggerCronNow("test-slow-cron", [slow])).resolves.toEqual({ status: "skipped", reason: "already-running" });
    release();
    await expect(first).resolves.toEqual({ status: "completed", output: "done" });
    await expect(triggerCronNow("unknown-fn", [slow])).rejects.toThrow(/No cron function/);
  });
});
