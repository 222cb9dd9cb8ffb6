import { describe, expect, it } from "vitest";
import { isBareDomain } from "@/lib/projects/bare-domain";
import { normalizeDomain, suggestDomain } from "./domain-input";

describe("domain input", () => {
  it("normalizes as the API does before the BareDomain check", () => {
    expect(normalizeDomain("  Shop.Example.COM ")).toBe("shop.example.com");
    expect(isBareDomain(normalizeDomain("  Shop.Example.COM "))).toBe(true);
  });

  it("suggests the host of a pasted URL or host:port, and nothing for a valid or hopeless value", () => {
    expect(suggestDomain("https://www.Shop.com/path?x=1")).toBe("www.shop.com");
    expect(suggestDomain("shop.com:8080")).toBe("shop.com");
    expect(suggestDomain("shop.com.")).toBe("shop.com");
    expect(suggestDomain("shop.com")).toBeNull();
    expect(suggestDomain("localhost")).toBeNull();
    expect(suggestDomain("http://10.0.0.1/")).toBeNull();
    expect(suggestDomain("")).toBeNull();
  });
});
