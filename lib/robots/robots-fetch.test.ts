import { describe, expect, it } from "vitest";
import {
  decideFor,
  GSC_ROBOTS_AGENT,
  ENGINE_B_ROBOTS_AGENT,
  isAllowed,
  normalizePercentEncoding,
  parseRobots,
  patternMatches,
  robotsDecisionForFetch,
  robotsPath,
  SERVICE_ROBOTS_AGENT,
} from "./index";

describe("Sitemap lines", () => {
  const text = [
    "Sitemap: https://example.com/top.xml",
    "User-agent: Googlebot",
    "Disallow: /g",
    "sitemap: https://example.com/in-group.xml",
    "",
    "User-agent: *",
    "Disallow: /",
    "SITEMAP:https://cdn.example.net/other.xml.gz",
    "Sitemap: /relative.xml",
    "Sitemap: ftp://example.com/nope.xml",
    "Sitemap: not a url",
    "Sitemap:",
    "Sitemap: https://example.com/top.xml",
    "Sitemap: https://example.com/with-comment.xml # trailing comment",
  ].join("\r\n");

  it("collects absolute http(s) URLs anywhere in the file, in order, deduplicated", () => {
    expect(parseRobots(text).sitemaps).toEqual([
      "https://example.com/top.xml",
      "https://example.com/in-group.xml",
      "https://cdn.example.net/other.xml.gz",
      "https://example.com/with-comment.xml",
    ]);
  });

  it("resolves relative values when the robots URL is given", () => {
    expect(parseRobots(text, { baseUrl: "https://example.com/robots.txt" }).sitemaps).toContain("https://example.com/relative.xml");
  });

  it("does not let sitemap lines change group rules", () => {
    const robots = parseRobots(text);
    expect(isAllowed(robots, GSC_ROBOTS_AGENT, "/page")).toBe(true);
    expect(isAllowed(robots, ENGINE_B_ROBOTS_AGENT, "/page")).toBe(false);
  });

  it("accepts bytes, with a BOM", () => {
    const bytes = new TextEncoder().encode("\uFEFFSitemap: https://e.com/s.xml\nUser-agent: *\nDisallow: /x");
    const robots = parseRobots(bytes);
    expect(robots.sitemaps).toEqual(["https://e.com/s.xml"]);
    expect(isAllowed(robots, "any", "/x")).toBe(false);
  });

  it("marks files over 500 KiB as truncated", () => {
    expect(parseRobots(`User-agent: *\n#${"z".repeat(600 * 1024)}\n`).truncated).toBe(true);
    expect(parseRobots("User-agent: *\nDisallow: /x").truncated).toBe(false);
  });
});

describe("robotsDecisionForFetch", () => {
  const body = "User-agent: *\nDisallow: /private\nSitemap: https://e.com/s.xml";
  const cases: [status: number | "unreachable", path: string, expected: boolean][] = [
    [200, "/private", false],
    [200, "/public", true],
    [204, "/private", true],
    [301, "/private", true],
    [400, "/private", true],
    [401, "/private", true],
    [403, "/private", true],
    [404, "/private", true],
    [410, "/anything", true],
    [429, "/anything", false],
    [500, "/anything", false],
    [503, "/anything", false],
    ["unreachable", "/anything", false],
    ["unreachable", "/robots.txt", true],
    [503, "/robots.txt", true],
  ];
  it.each(cases)("status %s, path %s → allowed %s", (status, path, expected) => {
    const robots = robotsDecisionForFetch(status, status === 204 ? "" : body);
    expect(isAllowed(robots, SERVICE_ROBOTS_AGENT, path)).toBe(expected);
  });

  it("keeps the sitemap lines of a 2xx file and none otherwise", () => {
    expect(robotsDecisionForFetch(200, body).sitemaps).toEqual(["https://e.com/s.xml"]);
    expect(robotsDecisionForFetch(404, body).sitemaps).toEqual([]);
    expect(robotsDecisionForFetch(200, body).mode).toBe("rules");
    expect(robotsDecisionForFetch(404).mode).toBe("allow_all");
    expect(robotsDecisionForFetch(502).mode).toBe("disallow_all");
  });
});

describe("decideFor", () => {
  const robots = parseRobots(
    ["User-agent: IndexWatchBot", "Disallow: /no-service", "", "User-agent: Googlebot", "Disallow: /no-a", "", "User-agent: bingbot", "Disallow: /no-b", "", "User-agent: *", "Disallow: /"].join("\n"),
  );
  it("decides for the service and both engines' crawlers", () => {
    expect(decideFor(robots, "https://example.com/no-a/page")).toEqual({ service: true, engineA: false, engineB: true });
    expect(decideFor(robots, "https://example.com/no-b")).toEqual({ service: true, engineA: true, engineB: false });
    expect(decideFor(robots, "/no-service?x=1")).toEqual({ service: false, engineA: true, engineB: true });
    expect(decideFor(robots, "https://example.com/")).toEqual({ service: true, engineA: true, engineB: true });
    expect(isAllowed(robots, "OtherBot", "/")).toBe(false);
  });
  it("exports the product tokens", () => {
    expect([SERVICE_ROBOTS_AGENT, GSC_ROBOTS_AGENT, ENGINE_B_ROBOTS_AGENT]).toEqual(["IndexWatchBot", "Googlebot", "Bingbot"]);
  });
});

describe("building blocks", () => {
  it.each([
    ["/a%2fb", "/a%2Fb"],
    ["/%7e%41%5F", "/~A_"],
    ["/é ü", "/%C3%A9%20%C3%BC"],
    ["/100%", "/100%"],
    ["/%zz", "/%zz"],
    ["/a*b$", "/a*b$"],
    ['/"<>{}', "/%22%3C%3E%7B%7D"],
  ])("normalizes %s → %s", (input, expected) => expect(normalizePercentEncoding(input)).toBe(expected));

  it("matches wildcards alike on paths of every length, the long and the short in turn (reused buffers)", () => {
    const cases: [string, string, boolean][] = [
      ["/a/x/b", "/a/*/b$", true],
      [`/a/${"x".repeat(300)}/b`, "/a/*/b$", true],
      ["/a/x/c", "/a/*/b$", false],
      [`/a/${"x".repeat(20_000)}/b`, "/a/*/b$", true],
      [`/a/${"x".repeat(20_000)}/c`, "/a/*/b", false],
      ["/a/b", "/a/*/b", false],
      ["/a//b", "/a/*/b$", true],
    ];
    for (let round = 0; round < 2; round++) {
      for (const [path, pattern, expected] of cases) expect(patternMatches(path, pattern), `${pattern} on ${path.slice(0, 20)}… (${path.length})`).toBe(expected);
    }
  });

  it.each([
    ["https://example.com/a/b?x=1#frag", "/a/b?x=1"],
    ["https://example.com", "/"],
    ["https://example.com?q=1", "/?q=1"],
    ["https://example.com#top", "/"],
    ["HTTP://Example.com:8080/p", "/p"],
    ["git+ssh://host/repo", "/repo"],
    ["/already/a/path#x", "/already/a/path"],
    ["relative?y", "/relative?y"],
    ["1http://host/p", "/1http://host/p"],
    ["mailto:someone", "/mailto:someone"],
    ["", "/"],
  ])("takes the path and query of %s: %s", (input, expected) => expect(robotsPath(input)).toBe(expected));

  it("matches hostile wildcard patterns in linear time", () => {
    const pattern = `/${"*a".repeat(200)}*b$`;
    const path = `/${"a".repeat(20_000)}`;
    const start = performance.now();
    expect(patternMatches(path, pattern)).toBe(false);
    expect(performance.now() - start).toBeLessThan(1000);
  });
});
