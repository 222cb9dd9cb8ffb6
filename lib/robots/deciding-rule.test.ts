import { describe, expect, it } from "vitest";
import { explainRobots, isAllowed, parseRobots, robotsDecisionForFetch } from "@/lib/robots";

// The rule an audit reports for a robots-blocked URL (lib/audit/robots-verdict.ts) comes from explainRobots.
const decidingRule = (r: Parameters<typeof explainRobots>[0], agent: string, url: string) => explainRobots(r, agent, url).rule;

const FILE = [
  "# shop robots", //         1
  "User-agent: Googlebot", // 2
  "Disallow: /private", //    3
  "Allow: /private/open", //  4
  "Disallow: /*.pdf$", //     5
  "Allow: /tie", //           6
  "Disallow: /tie", //        7
  "", //                      8
  "User-agent: *", //         9
  "Disallow: /", //           10
  "Allow: /public", //        11
  "Disallow: /%7Euser", //    12
].join("\n");
const robots = parseRobots(FILE);

describe("the deciding rule", () => {
  const cases: [agent: string, url: string, line: number | null][] = [
    ["Googlebot", "https://shop.example/private/x", 3],
    ["Googlebot", "https://shop.example/private/open/y", 4],
    ["Googlebot", "https://shop.example/docs/a.pdf", 5],
    ["Googlebot", "https://shop.example/docs/a.pdf?x", null],
    ["Googlebot", "https://shop.example/tie", 6],
    ["Googlebot", "https://shop.example/elsewhere", null],
    ["Googlebot", "https://shop.example/robots.txt", null],
    ["Bingbot", "https://shop.example/anything", 10],
    ["Bingbot", "https://shop.example/public/page", 11],
    ["Bingbot", "https://shop.example/~user/page", 12],
    ["IndexWatchBot/1.0 (+https://indexwatch.example/bot)", "https://shop.example/x", 10],
  ];
  it.each(cases)("%s %s → line %s", (agent, url, line) => {
    const rule = decidingRule(robots, agent, url);
    expect(rule?.line ?? null).toBe(line);
    // The rule explains the same decision isAllowed makes.
    expect(rule ? rule.directive === "allow" : true).toBe(isAllowed(robots, agent, url));
  });

  it("carries the value as written in the file", () => {
    expect(decidingRule(robots, "Bingbot", "https://shop.example/~user")).toMatchObject({ line: 12, directive: "disallow", value: "/%7Euser" });
  });

  it("is null when the whole file decided", () => {
    expect(decidingRule(robotsDecisionForFetch(503), "Googlebot", "https://shop.example/")).toBeNull();
    expect(decidingRule(robotsDecisionForFetch(404), "Googlebot", "https://shop.example/")).toBeNull();
  });
});
