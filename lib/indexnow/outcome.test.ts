import { describe, expect, it } from "vitest";
import { BACKOFF_BASE_MS, BACKOFF_MAX_MS, RETRY_AFTER_MAX_MS } from "./limits";
import { backoffMs, outcomeOf, parseRetryAfter } from "./outcome";
import { truncateUtf8 } from "./post-batch";

describe("outcomeOf", () => {
  it("maps every answer of the protocol", () => {
    const row = (c: number | null) => { const o = outcomeOf(c); return [c, o.status, o.delivered, o.keyInvalid, o.leavesBacklog]; };
    expect([200, 202, 400, 403, 422, 429, 500, null].map(row)).toEqual([
      [200, "accepted", true, false, true], [202, "submitted", true, false, true], [400, "rejected", false, false, true],
      [403, "rejected", false, true, false], [422, "rejected", false, false, true], [429, "error", false, false, false],
      [500, "error", false, false, false], [null, "error", false, false, false],
    ]);
  });
});

describe("backoff", () => {
  it("doubles from 5 minutes up to 6 hours; a longer Retry-After wins, up to 24 hours", () => {
    expect([1, 2, 3, 10, 50].map((n) => backoffMs(n, null))).toEqual([BACKOFF_BASE_MS, 2 * BACKOFF_BASE_MS, 4 * BACKOFF_BASE_MS, BACKOFF_MAX_MS, BACKOFF_MAX_MS]);
    expect(backoffMs(1, 10_000)).toBe(BACKOFF_BASE_MS);
    expect(backoffMs(1, 3_600_000)).toBe(3_600_000);
    expect(backoffMs(1, 10 * RETRY_AFTER_MAX_MS)).toBe(RETRY_AFTER_MAX_MS);
  });

  it("reads Retry-After as seconds or an HTTP date", () => {
    const now = new Date("2026-01-01T00:00:00Z");
    expect(parseRetryAfter("120", now)).toBe(120_000);
    expect(parseRetryAfter("Thu, 01 Jan 2026 00:10:00 GMT", now)).toBe(600_000);
    expect(parseRetryAfter("Wed, 31 Dec 2025 00:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("soon", now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });
});

describe("truncateUtf8", () => {
  it("keeps whole characters within the byte limit and drops NUL", () => {
    expect(truncateUtf8(Buffer.from("aé"), 2)).toBe("a");
    expect(truncateUtf8(Buffer.from("a€b"), 4)).toBe("a€");
    expect(truncateUtf8(Buffer.from("a\u0000b"), 10)).toBe("ab");
    const invalid = truncateUtf8(Buffer.alloc(10, 0xff), 8);
    expect(Buffer.byteLength(invalid)).toBeLessThanOrEqual(8);
  });
});
