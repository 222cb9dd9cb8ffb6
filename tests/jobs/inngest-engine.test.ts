import { describe, expect, it } from "vitest";
import { inngest } from "@/inngest/client";
import { jsonLosses, runUnderInngest } from "../inngest-engine";

// The helper every function test runs through: what the SDK's test engine would pass as live objects, an Inngest
// server passes as JSON.
describe("runUnderInngest", () => {
  it("refuses a step whose result JSON would change, naming the step and the value", async () => {
    const fn = inngest.createFunction({ id: "test-date-step", triggers: [{ event: "test/date" }] }, async ({ step }) => {
      // The SDK's types already say that `at` is a string here; the in-process runner would hand back the Date.
      const at = await step.run("when", () => new Date(0));
      return step.run("use", () => at.length);
    });
    await expect(runUnderInngest(fn)).rejects.toThrow(/step "when" \$: a Date comes back as a string/);
  });

  it("hands later steps what JSON gives back, and records steps and events", async () => {
    const fn = inngest.createFunction({ id: "test-json-step", triggers: [{ event: "test/json" }] }, async ({ step }) => {
      const a = await step.run("a", () => ({ n: 1, s: "x", list: [1, null], nested: { ok: true }, gone: undefined }));
      await step.sendEvent("tell", { name: "test/told", data: { n: a.n } });
      return step.run("b", () => ({ hasGone: "gone" in a, n: a.n }));
    });
    const run = await runUnderInngest(fn);
    expect(run.error).toBeUndefined();
    expect(run.result).toEqual({ hasGone: false, n: 1 });
    expect(run.steps).toEqual(["a", "b"]);
    expect(run.sent).toEqual([{ name: "test/told", data: { n: 1 } }]);
  });

  it("lists every value JSON loses", () => {
    expect(jsonLosses({ ok: [1, "a", null, { b: true }], skipped: undefined })).toEqual([]);
    expect(jsonLosses({ at: new Date(0), m: new Map(), s: new Set(), n: 1n, list: [undefined], x: NaN, f: () => 1 })).toEqual([
      "$.at: a Date comes back as a string", "$.m: a Map comes back as a plain object", "$.s: a Set comes back as a plain object",
      "$.n: a BigInt cannot be serialized", "$.list[0]: undefined becomes null", "$.x: NaN becomes null", "$.f: function is dropped",
    ]);
  });
});
