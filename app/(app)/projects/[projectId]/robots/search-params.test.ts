import { describe, expect, it } from "vitest";
import { parseRobotsSearch } from "./search-params";

describe("robots.txt tester URL state", () => {
  it("reads repeated ?url (trimmed, blanks dropped) and ?ua", () => {
    expect(parseRobotsSearch({ url: [" /a ", "", "https://x.test/b"], ua: "Bingbot" })).toEqual({ urls: ["/a", "https://x.test/b"], userAgent: "Bingbot" });
    expect(parseRobotsSearch({ url: "/only" })).toEqual({ urls: ["/only"], userAgent: null });
    expect(parseRobotsSearch({ ua: "  " })).toEqual({ urls: [], userAgent: null });
  });

  it("keeps at most 100 URLs, as one test takes", () => {
    expect(parseRobotsSearch({ url: Array.from({ length: 150 }, (_, i) => `/p${i}`) }).urls).toHaveLength(100);
  });
});
