import { NonRetriableError } from "inngest";
import { describe, expect, it, vi } from "vitest";
import { inngest } from "@/inngest/client";
import { runInProcess, type Emit } from "./in-process-runner";

const event = () => ({ name: "test/ran", data: {}, id: crypto.randomUUID(), ts: Date.now() });
const fast = { emit: (async () => []) as Emit, retryDelayMs: () => 1 };

describe("runInProcess", () => {
  it("retries a failed attempt, repeating only the step that failed", async () => {
    const first = vi.fn(() => "a");
    let calls = 0;
    const fn = inngest.createFunction({ id: "test-flaky" }, async ({ step }) => {
      const a = await step.run("first", first);
      const b = await step.run("second", () => {
        if (++calls === 1) throw new Error("transient");
        return "b";
      });
      return { a, b };
    });
    await expect(runInProcess(fn, event(), fast)).resolves.toEqual({ a: "a", b: "b" });
    expect(first).toHaveBeenCalledTimes(1);
    expect(calls).toBe(2);
  });

  it("gives up after three attempts, and at once on NonRetriableError", async () => {
    const always = vi.fn(() => { throw new Error("down"); });
    const failing = inngest.createFunction({ id: "test-down" }, async ({ step }) => step.run("call", always));
    await expect(runInProcess(failing, event(), fast)).rejects.toThrow("down");
    expect(always).toHaveBeenCalledTimes(3);

    const bad = vi.fn(() => { throw new NonRetriableError("bad payload"); });
    const refusing = inngest.createFunction({ id: "test-refuse" }, async ({ step }) => step.run("call", bad));
    await expect(runInProcess(refusing, event(), fast)).rejects.toThrow("bad payload");
    expect(bad).toHaveBeenCalledTimes(1);
  });

  it("returns step outputs as JSON, as Inngest does, and keeps repeated step ids distinct", async () => {
    const fn = inngest.createFunction({ id: "test-json" }, async ({ step }) => {
      const at = await step.run("now", () => new Date("2024-01-01T00:00:00Z"));
      const items: number[] = [];
      for (const n of [1, 2]) items.push(await step.run("item", () => n));
      await step.sleep("pause", "10ms");
      return { at, items };
    });
    await expect(runInProcess(fn, event(), fast)).resolves.toEqual({ at: "2024-01-01T00:00:00.000Z", items: [1, 2] });
  });

  it("sends step.sendEvent payloads through emit and refuses server-only tools", async () => {
    const emit = vi.fn<Emit>(async (payloads) => payloads.map((_, i) => `id-${i}`));
    const sender = inngest.createFunction({ id: "test-sender" }, async ({ step }) =>
      step.sendEvent("fan-out", [{ name: "test/a", data: { n: 1 } }, { name: "test/a", data: { n: 2 } }]));
    await expect(runInProcess(sender, event(), { ...fast, emit })).resolves.toEqual({ ids: ["id-0", "id-1"] });
    expect(emit).toHaveBeenCalledTimes(1);

    const waiter = inngest.createFunction({ id: "test-waiter" }, async ({ step }) =>
      step.waitForEvent("wait", { event: "test/never", timeout: "1h" }));
    await expect(runInProcess(waiter, event(), fast)).rejects.toThrow(/step.waitForEvent needs an Inngest server/);
  });
});
