import { describe, expect, it } from "vitest";
import { seriesChange, seriesDomain, trendPoints, untilYesterday } from "./trend-series";

const snap = (date: string, brokenUrls: number, indexedUrls: number) =>
  ({ date, brokenUrls, indexedUrls, notIndexedUrls: 0, openIssues: 1 }) as Parameters<typeof trendPoints>[0][number];

describe("the overview's trend series", () => {
  it("gives each series its own scale: 20 → 51 broken pages fill their chart, next to 2,800 indexed ones", () => {
    const [lo, hi] = seriesDomain([20, 25, 51]);
    expect(lo).toBeGreaterThanOrEqual(10);
    expect(hi).toBeLessThanOrEqual(60);
    // The rise is most of the axis, not 1 % of a 0-2,800 one.
    expect((51 - 20) / (hi - lo)).toBeGreaterThan(0.6);
    const [ilo, ihi] = seriesDomain([2_780, 2_800]);
    expect((2_800 - 2_780) / (ihi - ilo)).toBeGreaterThan(0.5);
  });

  it("never goes below zero and copes with flat and empty series", () => {
    expect(seriesDomain([0, 1])).toEqual([0, 2]);
    expect(seriesDomain([5, 5])).toEqual([4, 6]);
    expect(seriesDomain([])).toEqual([0, 1]);
  });

  it("says the change over the range from the first and last recorded days, skipping gaps", () => {
    const today = new Date("2026-11-26T12:00:00Z");
    const points = trendPoints([snap("2026-11-20", 20, 2_800), snap("2026-11-25", 51, 2_790)], 7, today);
    expect(points.map((p) => p.brokenUrls)).toEqual([20, null, null, null, null, 51]);
    expect(seriesChange(points, "brokenUrls")).toEqual({ first: 20, last: 51, text: "+31" });
    expect(seriesChange(points, "indexedUrls")).toEqual({ first: 2_800, last: 2_790, text: "−10" });
    expect(seriesChange(points, "openIssues")?.text).toBe("no change");
    expect(seriesChange(trendPoints([], 7, today), "brokenUrls")).toBeNull();
  });

  it("starts at the first day with data: an empty day before it is not a zero to climb from", () => {
    const today = new Date("2026-11-27T12:00:00Z");
    const day = (date: string, c: Partial<Record<"totalUrls" | "healthyUrls" | "brokenUrls" | "indexedUrls" | "notIndexedUrls" | "openIssues", number>>) =>
      ({ date, totalUrls: 0, healthyUrls: 0, brokenUrls: 0, redirectedUrls: 0, indexedUrls: 0, notIndexedUrls: 0, openIssues: 0, ...c }) as Parameters<typeof trendPoints>[0][number];
    const points = trendPoints([
      day("2026-11-20", { totalUrls: 3_000 }), // URLs listed, nothing checked yet
      day("2026-11-21", { totalUrls: 3_000, healthyUrls: 2_900, brokenUrls: 40, openIssues: 3 }), // audited, no engine verdict yet
      day("2026-11-22", { totalUrls: 3_000, healthyUrls: 2_900, brokenUrls: 41, indexedUrls: 2_400, notIndexedUrls: 300, openIssues: 4 }),
      day("2026-11-26", { totalUrls: 3_000, healthyUrls: 2_900, brokenUrls: 51, indexedUrls: 2_605, notIndexedUrls: 200, openIssues: 11 }),
    ], 30, today);
    expect(points[0].date).toBe("2026-11-21");
    expect(points.at(-1)!.date).toBe("2026-11-26"); // up to yesterday
    expect(seriesChange(points, "indexedUrls")).toMatchObject({ first: 2_400, last: 2_605 });
    expect(seriesChange(points, "brokenUrls")).toMatchObject({ first: 40, last: 51 });
    expect(trendPoints([day("2026-11-20", { totalUrls: 5 })], 30, today)).toEqual([]);
    // The last point is yesterday's snapshot, while the counters beside the charts are live: the card says so.
    expect(untilYesterday(points)).toBe("The lines run until yesterday (26 Nov), the last daily snapshot; the live counters include today.");
  });
});
