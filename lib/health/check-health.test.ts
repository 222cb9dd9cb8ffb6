import { afterEach, describe, expect, it, vi } from "vitest";
import { checkHealth, DB_PROBE_TIMEOUT_MS } from "./check-health";

const now = new Date("2026-01-02T03:04:05.000Z");

afterEach(() => { vi.useRealTimers(); vi.restoreAllMocks(); });

describe("checkHealth", () => {
  it("is ok when the database answers", async () => {
    const health = await checkHealth({ probe: async () => {}, now });
    expect(health).toMatchObject({
      status: "ok",
      services: { api: "operational", database: "operational", cache: "operational" },
      timestamp: "2026-01-02T03:04:05.000Z",
    });
    expect(Number.isInteger(health.uptime)).toBe(true);
  });

  it("is degraded when the probe fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const health = await checkHealth({ probe: () => Promise.reject(new Error("ECONNREFUSED")), now });
    expect(health).toMatchObject({ status: "degraded", services: { database: "degraded", api: "operational" } });
  });

  it("is degraded when the probe takes longer than the timeout", async () => {
    vi.useFakeTimers();
    const pending = checkHealth({ probe: () => new Promise(() => {}), now });
    await vi.advanceTimersByTimeAsync(DB_PROBE_TIMEOUT_MS);
    expect((await pending).services.database).toBe("degraded");
  });
});
