import { describe, expect, it } from "vitest";
import { formatServiceDate, parseServiceDate } from "./dates";

describe("engine B dates", () => {
  it.each([
    ["/Date(1316156400000-0700)/", "2011-09-16T07:00:00.000Z"],
    ["/Date(1316156400000+0200)/", "2011-09-16T07:00:00.000Z"],
    ["/Date(1316156400000)/", "2011-09-16T07:00:00.000Z"],
    ["2011-09-16T07:00:00Z", "2011-09-16T07:00:00.000Z"],
  ])("%s is %s (the offset does not move the instant)", (raw, iso) => {
    expect(parseServiceDate(raw)?.toISOString()).toBe(iso);
  });

  it.each([["/Date(-62135568000000)/"], ["/Date(-62135596800000+0000)/"], ["0001-01-01T00:00:00"], [null], [undefined], [""], ["soon"], [42]])(
    "%j means never", (raw) => { expect(parseServiceDate(raw)).toBeNull(); },
  );

  it("formats what it parses", () => {
    const d = new Date("2026-02-03T04:05:06.007Z");
    expect(parseServiceDate(formatServiceDate(d))?.toISOString()).toBe(d.toISOString());
    expect(parseServiceDate(formatServiceDate(null))).toBeNull();
  });
});
