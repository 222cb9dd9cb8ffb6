import { describe, expect, it } from "vitest";
import { canonicalMatchLabel, statusChain } from "./audit-words";

describe("the URL audit in words", () => {
  it("shows a redirected URL's status as its chain, not as the final 200 alone", () => {
    expect(statusChain([{ status: 301 }, { status: 301 }], 200, 2)).toBe("301 → 301 → 200");
    expect(statusChain([], 200, 2)).toBe("200 (after 2 redirects)");
    expect(statusChain([], 200, 1)).toBe("200 (after 1 redirect)");
    expect(statusChain([], 404, 0)).toBe("404");
    expect(statusChain([], null, null)).toBeNull();
  });

  it("says the canonical matches the final URL when it was compared with the final URL", () => {
    expect(canonicalMatchLabel("https://shop.example/old", "https://shop.example/new")).toBe("Matches the final URL");
    expect(canonicalMatchLabel("https://Shop.example", "https://shop.example/")).toBe("Matches this URL");
  });
});
