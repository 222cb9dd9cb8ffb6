import { describe, expect, it } from "vitest";
import { seriesChange, seriesDomain, trendPoints } from "./trend-series";

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
    expect(points.map((p) => p.brokenUrls)).toEqual([null, 20, null, null, null, null, 51]);
    expect(seriesChange(points, "brokenUrls")).toEqual({ first: 20, last: 51, text: "+31" });
    expect(seriesChange(points, "indexedUrls")).toEqual({ first: 2_800, last: 2_790, text: "−10" });
    expect(seriesChange(points, "openIssues")?.text).toBe("no change");
    expect(seriesChange(trendPoints([], 7, today), "brokenUrls")).toBeNull();
  });
});
