// The renderer yields to audits by admission (lib/rendering/admission.ts): fewer renders at once while this process's
// audits run and for a quiet window after, the pool's size otherwise; a render held back is admitted when another
// ends or when the window closes, first come first served. No browser needed.
import { afterEach, describe, expect, it, vi } from "vitest";
import { auditActivity, trackAudit, type AuditActivity } from "@/lib/audit/activity";
import { admission, admissionConfig, createRenderSlots, type AdmissionConfig } from "@/lib/rendering/admission";

const config: AdmissionConfig = { poolSize: 2, besideAudits: 1, quietMs: 3_000 };
const env = (vars: Record<string, string>) => vars as NodeJS.ProcessEnv;
const idle: AuditActivity = { inFlight: 0, lastActiveAt: -Infinity };

describe("admission policy", () => {
  it("admits the pool's size when no audit has run", () => {
    expect(admission(config, idle, 1_000)).toEqual({ limit: 2, recheckInMs: null });
  });

  it("admits fewer while audits are in flight, and looks again a quiet window later", () => {
    expect(admission(config, { inFlight: 3, lastActiveAt: 900 }, 1_000)).toEqual({ limit: 1, recheckInMs: 3_000 });
  });

  it("keeps the lower limit for the quiet window after the last audit, then the pool's size", () => {
    expect(admission(config, { inFlight: 0, lastActiveAt: 10_000 }, 11_000)).toEqual({ limit: 1, recheckInMs: 2_000 });
    expect(admission(config, { inFlight: 0, lastActiveAt: 10_000 }, 13_000)).toEqual({ limit: 2, recheckInMs: null });
  });

  it("never admits fewer than one render (renders are slowed, not stopped) nor more than the pool", () => {
    const busy = { inFlight: 1, lastActiveAt: 0 };
    expect(admission({ ...config, besideAudits: 0 }, busy, 0).limit).toBe(1);
    expect(admission({ ...config, poolSize: 4, besideAudits: 2 }, busy, 0).limit).toBe(2);
    // At the pool's size or above, admission is off: nothing to look at again.
    expect(admission({ ...config, besideAudits: 2 }, busy, 0)).toEqual({ limit: 2, recheckInMs: null });
    expect(admission({ ...config, besideAudits: 8 }, busy, 0)).toEqual({ limit: 2, recheckInMs: null });
  });

  it("reads RENDERER_BESIDE_AUDITS and RENDERER_AUDIT_QUIET_MS, with defaults for unset or bad values", () => {
    expect(admissionConfig(2, env({}))).toEqual({ poolSize: 2, besideAudits: 1, quietMs: 3_000 });
    expect(admissionConfig(4, env({ RENDERER_BESIDE_AUDITS: "3", RENDERER_AUDIT_QUIET_MS: "0" }))).toEqual({ poolSize: 4, besideAudits: 3, quietMs: 0 });
    expect(admissionConfig(2, env({ RENDERER_BESIDE_AUDITS: "0", RENDERER_AUDIT_QUIET_MS: "soon" }))).toEqual({ poolSize: 2, besideAudits: 1, quietMs: 3_000 });
    expect(admissionConfig(2, env({ RENDERER_BESIDE_AUDITS: " ", RENDERER_AUDIT_QUIET_MS: "-5" }))).toEqual({ poolSize: 2, besideAudits: 1, quietMs: 3_000 });
  });
});

describe("the audit engine's activity", () => {
  it("counts an audit in flight until it ends, whatever its outcome", async () => {
    const before = auditActivity();
    let finish!: () => void;
    const running = trackAudit(() => new Promise<void>((resolve) => (finish = resolve)));
    expect(auditActivity().inFlight).toBe(before.inFlight + 1);
    finish();
    await running;
    await expect(trackAudit(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    const after = auditActivity();
    expect(after.inFlight).toBe(before.inFlight);
    expect(after.lastActiveAt).toBeGreaterThan(before.lastActiveAt);
  });
});

describe("render slots", () => {
  afterEach(() => vi.useRealTimers());

  /** Slots over a fake clock and fake audit activity; `admitted` lists the renders holding a slot, in order. */
  function setup(activity: AuditActivity) {
    vi.useFakeTimers();
    const slots = createRenderSlots(config, () => activity, () => Date.now());
    const admitted: string[] = [];
    const ask = (name: string) => void slots.acquire().then(() => admitted.push(name));
    return { slots, admitted, ask, activity };
  }

  it("admits the pool's size without audits; the next waits for a render to end", async () => {
    const { slots, admitted, ask } = setup({ ...idle });
    ask("a");
    ask("b");
    ask("c");
    await vi.advanceTimersByTimeAsync(0);
    expect(admitted).toEqual(["a", "b"]);
    expect(slots.load()).toEqual({ inUse: 2, waiting: 1 });
    slots.release();
    await vi.advanceTimersByTimeAsync(0);
    expect(admitted).toEqual(["a", "b", "c"]);
    expect(slots.load()).toEqual({ inUse: 2, waiting: 0 });
  });

  it("admits one at a time while audits run, in the order asked", async () => {
    const { slots, admitted, ask } = setup({ inFlight: 4, lastActiveAt: Date.now() });
    ask("a");
    ask("b");
    ask("c");
    await vi.advanceTimersByTimeAsync(10_000);
    expect(admitted).toEqual(["a"]);
    slots.release();
    await vi.advanceTimersByTimeAsync(0);
    expect(admitted).toEqual(["a", "b"]);
    expect(slots.load()).toEqual({ inUse: 1, waiting: 1 });
    slots.close();
  });

  it("admits the waiting render on its own once the audits have been quiet for the window", async () => {
    const { slots, admitted, ask, activity } = setup({ inFlight: 2, lastActiveAt: Date.now() });
    ask("a");
    ask("b");
    await vi.advanceTimersByTimeAsync(0);
    expect(admitted).toEqual(["a"]);
    // The audits end; no render ends.
    activity.inFlight = 0;
    activity.lastActiveAt = Date.now();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(admitted).toEqual(["a"]);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(admitted).toEqual(["a", "b"]);
    expect(slots.load()).toEqual({ inUse: 2, waiting: 0 });
  });

  it("does not admit past the lower limit when audits start while renders hold slots", async () => {
    const { slots, admitted, ask, activity } = setup({ ...idle });
    ask("a");
    ask("b");
    ask("c");
    await vi.advanceTimersByTimeAsync(0);
    expect(admitted).toEqual(["a", "b"]);
    activity.inFlight = 1;
    activity.lastActiveAt = Date.now();
    slots.release(); // one of two ends: one still holds a slot, the limit is one
    await vi.advanceTimersByTimeAsync(0);
    expect(admitted).toEqual(["a", "b"]);
    slots.release();
    await vi.advanceTimersByTimeAsync(0);
    expect(admitted).toEqual(["a", "b", "c"]);
    slots.close();
  });
});
