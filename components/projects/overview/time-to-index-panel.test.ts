import { describe, expect, it } from "vitest";
import { duration, timeToIndexNote } from "./time-to-index-panel";

describe("time to index, in words", () => {
  it("never shows a median of a few minutes as 0 h", () => {
    expect(duration(0.4)).toBe("< 1 h");
    expect(duration(5.6)).toBe("6 h");
    expect(duration(72)).toBe("3.0 days");
    expect(duration(null)).toBe("—");
  });

  it("says the indexed count is ever indexed (not the live counter) and which URLs stay out of the percentiles", () => {
    expect(timeToIndexNote(0)).toContain("can exceed the live Indexed counter");
    expect(timeToIndexNote(0)).not.toContain("already indexed");
    expect(timeToIndexNote(1)).toContain("1 URL was already indexed when we first saw it: left out of the median");
    expect(timeToIndexNote(1250)).toContain("1,250 URLs were already indexed when we first saw them");
  });
});
