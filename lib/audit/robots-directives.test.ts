import { describe, expect, it } from "vitest";
import { INDEXING_AGENTS, isNoindex, parseRobotsDirectives } from "./robots-directives";

const NOW = new Date("2026-06-01T00:00:00Z");
const noindex = (text: string, agent: string | null = null) => isNoindex(parseRobotsDirectives(text, agent), INDEXING_AGENTS, NOW);

describe("robots directives (X-Robots-Tag and meta robots)", () => {
  const cases: [text: string, expected: boolean][] = [
    ["noindex", true],
    ["NOINDEX", true],
    ["  noindex  ", true],
    ["index, follow", false],
    ["all", false],
    ["nofollow", false],
    ["noindex, nofollow", true],
    ["nofollow,noindex", true],
    ["nofollow ,  NoIndex ", true],
    ["none", true],
    ["NONE", true],
    ["noarchive, nosnippet, max-snippet: 50, max-image-preview: large", false],
    ["googlebot: noindex", true],
    ["Googlebot: NoIndex", true],
    ["bingbot: noindex", true],
    ["otherbot: noindex", false],
    ["otherbot: noindex, nofollow", false],
    ["googlebot: nofollow, otherbot: noindex", false],
    ["otherbot: noindex, googlebot: noindex", true],
    ["googlebot: noarchive, noindex", true],
    ["googlebot-news: noindex", false],
    ["unavailable_after: 25 Jun 2010 15:00:00 PST", true],
    ["unavailable_after: 25 Jun 2099 15:00:00 PST", false],
    ["unavailable_after: Friday, 25-Jun-2010 15:00:00 PST", true],
    ["unavailable_after: Thursday, 25-Jun-2099 15:00:00 PST", false],
    ["unavailable_after: Fri, 25 Jun 2010 15:00:00 GMT, nofollow", true],
    ["unavailable_after: 2010-06-25", true],
    ["unavailable_after: 2099-06-25T15:00:00+01:00", false],
    ["unavailable_after: not a date", false],
    ["googlebot: unavailable_after: 25 Jun 2010 15:00:00 PST", true],
    ["otherbot: unavailable_after: 25 Jun 2010 15:00:00 PST", false],
    ["nofollow, unavailable_after: 25 Jun 2099 15:00:00 PST, noarchive", false],
    ["", false],
    [",,,", false],
  ];
  it.each(cases)("%j → noindex %s", (text, expected) => {
    expect(noindex(text)).toBe(expected);
  });

  it("scopes meta tags named after a crawler to that crawler", () => {
    expect(noindex("noindex", "googlebot")).toBe(true);
    expect(noindex("noindex", "bingbot")).toBe(true);
    expect(noindex("noindex", "otherbot")).toBe(false);
  });

  it("keeps a weekday-led date whole", () => {
    expect(parseRobotsDirectives("unavailable_after: Friday, 25-Jun-2010 15:00:00 PST, noarchive")).toEqual([
      { agent: null, name: "unavailable_after", value: "Friday, 25-Jun-2010 15:00:00 PST" },
      { agent: null, name: "noarchive", value: null },
    ]);
  });

  it("carries a crawler prefix to the directives after it (joined headers)", () => {
    expect(parseRobotsDirectives("noarchive, googlebot: nofollow, noindex, bingbot: none").map((d) => `${d.agent}:${d.name}`)).toEqual([
      "null:noarchive",
      "googlebot:nofollow",
      "googlebot:noindex",
      "bingbot:none",
    ]);
  });
});
