import { describe, expect, it } from "vitest";
import { currentUsage, exhaustDay, minuteKey, quotaRetryAt, remainingToday, reserveInspections, usedElsewhereToday, type QuotaUsage } from "./quota-counter";

const at = (iso: string) => new Date(iso);
const limits = { perDay: 5, perMinute: 2 };

describe("console quota counter", () => {
  it("starts empty and counts per minute and per Pacific day", () => {
    let usage: QuotaUsage | null = null;
    const now = at("2026-01-15T12:00:10Z");
    for (let i = 0; i < 2; i++) {
      const d = reserveInspections(usage, now, 1, limits);
      expect(d.allowed).toBe(true);
      usage = d.usage;
    }
    const refused = reserveInspections(usage, now, 1, limits);
    expect(refused).toMatchObject({ allowed: false, scope: "minute", retryAt: at("2026-01-15T12:01:00Z") });
    expect(reserveInspections(usage, at("2026-01-15T12:01:00Z"), 1, limits).allowed).toBe(true);
  });

  it("allows exactly the daily limit, then defers to the next Pacific midnight", () => {
    let usage: QuotaUsage | null = null;
    let minute = Date.parse("2026-01-15T12:00:00Z");
    for (let i = 0; i < 5; i++) {
      const d = reserveInspections(usage, new Date(minute), 1, limits);
      expect(d.allowed).toBe(true);
      usage = d.usage;
      minute += 60_000;
    }
    expect(usage).toMatchObject({ dayKey: "2026-01-15", usedToday: 5 });
    expect(remainingToday(usage, new Date(minute), limits)).toBe(0);
    expect(reserveInspections(usage, new Date(minute), 1, limits)).toMatchObject({ allowed: false, scope: "day", retryAt: at("2026-01-16T08:00:00Z") });
    // 08:00Z is Pacific midnight in January: a new day.
    expect(reserveInspections(usage, at("2026-01-16T08:00:00Z"), 1, limits).allowed).toBe(true);
  });

  it("defers across DST to the right instant (23- and 25-hour days)", () => {
    expect(quotaRetryAt("day", at("2026-03-08T20:00:00Z")).toISOString()).toBe("2026-03-09T07:00:00.000Z");
    expect(quotaRetryAt("day", at("2026-11-01T20:00:00Z")).toISOString()).toBe("2026-11-02T08:00:00.000Z");
  });

  it("rolls over a stored counter and detects quota used elsewhere", () => {
    const stored: QuotaUsage = { dayKey: "2026-01-14", usedToday: 5, minuteKey: "2026-01-14T10:00", usedThisMinute: 2 };
    const now = at("2026-01-15T12:00:00Z");
    expect(currentUsage(stored, now)).toEqual({ dayKey: "2026-01-15", usedToday: 0, minuteKey: minuteKey(now), usedThisMinute: 0 });
    const ours: QuotaUsage = { dayKey: "2026-01-15", usedToday: 3, minuteKey: minuteKey(now), usedThisMinute: 1 };
    expect(usedElsewhereToday(ours, now, limits)).toBe(2);
    expect(exhaustDay(ours, now, limits).usedToday).toBe(5);
    expect(usedElsewhereToday(exhaustDay(ours, now, limits), now, limits)).toBe(0);
  });
});
