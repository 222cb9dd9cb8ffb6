import { describe, expect, it } from "vitest";
import { nextPacificMidnight, pacificDayKey, startOfPacificDay } from "./pacific-time";

const d = (iso: string) => new Date(iso);

describe("Pacific day", () => {
  it("keys an instant by its Pacific calendar date", () => {
    expect(pacificDayKey(d("2026-01-15T07:59:59Z"))).toBe("2026-01-14"); // 23:59:59 PST
    expect(pacificDayKey(d("2026-01-15T08:00:00Z"))).toBe("2026-01-15");
    expect(pacificDayKey(d("2026-07-15T06:59:59Z"))).toBe("2026-07-14"); // 23:59:59 PDT
    expect(pacificDayKey(d("2026-07-15T07:00:00Z"))).toBe("2026-07-15");
  });

  it("finds the next midnight in winter, summer and across a year end", () => {
    expect(nextPacificMidnight(d("2026-01-15T12:00:00Z")).toISOString()).toBe("2026-01-16T08:00:00.000Z");
    expect(nextPacificMidnight(d("2026-07-15T12:00:00Z")).toISOString()).toBe("2026-07-16T07:00:00.000Z");
    expect(nextPacificMidnight(d("2026-12-31T20:00:00Z")).toISOString()).toBe("2027-01-01T08:00:00.000Z");
    // Exactly at midnight the next one is a full day later.
    expect(nextPacificMidnight(d("2026-01-16T08:00:00Z")).toISOString()).toBe("2026-01-17T08:00:00.000Z");
  });

  it("is DST-correct: the spring-forward day has 23 hours, the fall-back day 25", () => {
    // 2026-03-08: clocks jump from 02:00 PST to 03:00 PDT.
    const springStart = startOfPacificDay(d("2026-03-08T18:00:00Z"));
    const springEnd = nextPacificMidnight(d("2026-03-08T18:00:00Z"));
    expect(springStart.toISOString()).toBe("2026-03-08T08:00:00.000Z");
    expect(springEnd.toISOString()).toBe("2026-03-09T07:00:00.000Z");
    expect((springEnd.getTime() - springStart.getTime()) / 3_600_000).toBe(23);
    // Just before the jump (01:59 PST) and just after (03:00 PDT): same day, same next midnight.
    expect(nextPacificMidnight(d("2026-03-08T09:59:00Z")).toISOString()).toBe("2026-03-09T07:00:00.000Z");
    expect(nextPacificMidnight(d("2026-03-08T10:00:00Z")).toISOString()).toBe("2026-03-09T07:00:00.000Z");
    // The evening before the change: midnight is still in PST.
    expect(nextPacificMidnight(d("2026-03-08T05:00:00Z")).toISOString()).toBe("2026-03-08T08:00:00.000Z");

    // 2026-11-01: clocks fall back from 02:00 PDT to 01:00 PST; 01:30 happens twice.
    const fallStart = startOfPacificDay(d("2026-11-01T12:00:00Z"));
    const fallEnd = nextPacificMidnight(d("2026-11-01T12:00:00Z"));
    expect(fallStart.toISOString()).toBe("2026-11-01T07:00:00.000Z");
    expect(fallEnd.toISOString()).toBe("2026-11-02T08:00:00.000Z");
    expect((fallEnd.getTime() - fallStart.getTime()) / 3_600_000).toBe(25);
    expect(pacificDayKey(d("2026-11-01T08:30:00Z"))).toBe("2026-11-01"); // first 01:30 (PDT)
    expect(pacificDayKey(d("2026-11-01T09:30:00Z"))).toBe("2026-11-01"); // second 01:30 (PST)
    expect(nextPacificMidnight(d("2026-11-01T09:30:00Z")).toISOString()).toBe("2026-11-02T08:00:00.000Z");
  });
});
