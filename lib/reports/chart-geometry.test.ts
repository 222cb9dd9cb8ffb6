import { describe, expect, it } from "vitest";
import { chartGeometry, niceAxis } from "./chart-geometry";

describe("the report chart's geometry", () => {
  it("fits the axis to the data with round ticks, so a small change on a large count is visible", () => {
    expect(niceAxis([2405, 2690])).toEqual({ min: 2400, max: 2700, step: 100 });
    expect(niceAxis([20, 51])).toEqual({ min: 20, max: 60, step: 10 });
    expect(niceAxis([0, 3])).toEqual({ min: 0, max: 3, step: 1 });
    expect(niceAxis([7, 7])).toMatchObject({ min: 5, max: 9 }); // a flat line sits inside a band, not on an edge
    expect(niceAxis([])).toEqual({ min: 0, max: 4, step: 1 });
  });

  it("breaks the line at days without a value and draws a lone day as a dot", () => {
    const points = [10, 12, null, 14, null, null, 11, 13].map((value, i) => ({ date: `d${i}`, value }));
    const g = chartGeometry(points, { x: 40, y: 8, width: 70, height: 100 });
    expect(g.segments).toHaveLength(2);
    expect(g.dots).toHaveLength(1);
    expect(g.segments[0].split(" ")[0]).toBe("40.0,108.0"); // the first value (10) sits on the axis minimum, at the left edge
    expect(g.xOf(7)).toBe(110);
    expect(g.ticks[0]).toEqual({ value: 10, y: 108 });
    expect(g.ticks.at(-1)!.y).toBeCloseTo(8);
  });
});
