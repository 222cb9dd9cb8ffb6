import { describe, expect, it } from "vitest";
import { duePeriod, GRACE_MS, lastCompletePeriod, periodContaining, periodLabel, previousPeriod } from "./periods";

const at = (s: string) => new Date(s);
const iso = (d: Date) => d.toISOString();

describe("report periods (UTC)", () => {
  it("weeks run Monday to Monday and months from the 1st, across years", () => {
    const w = periodContaining("weekly", at("2026-11-26T10:00:00Z")); // a Thursday
    expect([iso(w.start), iso(w.end), w.key]).toEqual(["2026-11-23T00:00:00.000Z", "2026-11-30T00:00:00.000Z", "weekly:2026-11-23"]);
    expect(periodContaining("weekly", at("2026-11-23T00:00:00Z")).key).toBe("weekly:2026-11-23"); // Monday midnight starts a week
    expect(periodContaining("weekly", at("2026-11-22T23:59:59Z")).key).toBe("weekly:2026-11-16"); // Sunday ends one
    expect(periodContaining("weekly", at("2027-01-01T12:00:00Z")).key).toBe("weekly:2026-12-28");
    const m = periodContaining("monthly", at("2026-12-31T23:00:00Z"));
    expect([iso(m.start), iso(m.end)]).toEqual(["2026-12-01T00:00:00.000Z", "2027-01-01T00:00:00.000Z"]);
    expect(previousPeriod(periodContaining("monthly", at("2026-03-10T00:00:00Z"))).key).toBe("monthly:2026-02-01");
    expect(lastCompletePeriod("weekly", at("2026-11-26T10:00:00Z")).key).toBe("weekly:2026-11-16");
  });

  it("a period is due once its grace time has passed, and only if it ended after the schedule was turned on", () => {
    const on = at("2026-11-18T09:00:00Z"); // a Wednesday
    expect(duePeriod("weekly", on, at("2026-11-20T00:00:00Z"))).toBeNull(); // the week before ended before `on`
    expect(duePeriod("weekly", on, at("2026-11-23T00:39:00Z"))).toBeNull(); // its week ended, grace not over
    expect(duePeriod("weekly", on, new Date(at("2026-11-23T00:00:00Z").getTime() + GRACE_MS))?.key).toBe("weekly:2026-11-16");
    expect(duePeriod("weekly", on, at("2026-11-29T23:00:00Z"))?.key).toBe("weekly:2026-11-16"); // still that one all week
    expect(duePeriod("monthly", on, at("2026-12-01T01:00:00Z"))?.key).toBe("monthly:2026-11-01");
    expect(duePeriod("monthly", at("2026-12-01T00:10:00Z"), at("2026-12-01T01:00:00Z"))).toBeNull();
  });

  it("label periods as people write them", () => {
    expect(periodLabel(periodContaining("weekly", at("2026-11-18T00:00:00Z")))).toBe("16–22 November 2026");
    expect(periodLabel(periodContaining("weekly", at("2026-12-01T00:00:00Z")))).toBe("30 Nov – 6 Dec 2026");
    expect(periodLabel(periodContaining("weekly", at("2027-01-01T00:00:00Z")))).toBe("28 Dec 2026 – 3 Jan 2027");
    expect(periodLabel(periodContaining("monthly", at("2026-02-14T00:00:00Z")))).toBe("February 2026");
  });
});
