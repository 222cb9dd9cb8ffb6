import { describe, expect, it } from "vitest";
import { explainRobots, type RobotsExplanation } from "./explain";
import { groupsOf, isAllowed, readingFor, robotsDecisionForFetch } from "./decide";
import { patternMatches } from "./match";
import { normalizePercentEncoding } from "./normalize";
import { parseRobots } from "./parse";
import { seededRandom } from "../../tests/seeded-random";

type Expected = { allowed: boolean; reason?: RobotsExplanation["reason"]; rule?: [line: number, directive: "allow" | "disallow", value: string] | null; groupLine?: number | null };
type Case = [name: string, robots: string, agent: string, url: string, expected: Expected];

// RFC 9309 §5.1.
const RFC_SIMPLE = [
  "User-Agent: *", // 1
  "Disallow: *.gif$", // 2
  "Disallow: /example/", // 3
  "Allow: /publications/", // 4
  "", // 5
  "User-Agent: foobot", // 6
  "Disallow:/", // 7
  "Allow:/example/page.html", // 8
  "Allow:/example/allowed.gif", // 9
  "", // 10
  "User-Agent: barbot", // 11
  "User-Agent: bazbot", // 12
  "Disallow: /example/page.html", // 13
  "", // 14
  "User-Agent: quxbot", // 15
  "", // 16
  "EOF",
].join("\n");
// RFC 9309 §5.2.
const RFC_LONGEST = "User-Agent: foobot\nAllow: /example/page/\nDisallow: /example/page/disallowed.gif\n";
const MERGED = "User-agent: Googlebot\nDisallow: /one\n\nUser-agent: *\nDisallow: /\n\nUser-agent: googlebot\nDisallow: /two\nAllow: /two/open\n";

const cases: Case[] = [
  // RFC 9309 §5.1
  ["§5.1 foobot: the longer allow beats Disallow: /", RFC_SIMPLE, "foobot", "/example/page.html", { allowed: true, reason: "rule", rule: [8, "allow", "/example/page.html"], groupLine: 6 }],
  ["§5.1 foobot: allowed.gif allowed", RFC_SIMPLE, "FooBot/1.0", "https://example.com/example/allowed.gif", { allowed: true, rule: [9, "allow", "/example/allowed.gif"] }],
  ["§5.1 foobot: anything else disallowed", RFC_SIMPLE, "foobot", "/publications/x", { allowed: false, rule: [7, "disallow", "/"] }],
  ["§5.1 barbot shares the group with bazbot", RFC_SIMPLE, "barbot", "/example/page.html", { allowed: false, rule: [13, "disallow", "/example/page.html"], groupLine: 11 }],
  ["§5.1 bazbot shares the group with barbot", RFC_SIMPLE, "bazbot", "/example/page.html", { allowed: false, rule: [13, "disallow", "/example/page.html"], groupLine: 11 }],
  ["§5.1 bazbot: other paths allowed", RFC_SIMPLE, "bazbot", "/example/other.gif", { allowed: true, reason: "no_matching_rule", rule: null, groupLine: 11 }],
  ["§5.1 quxbot: an empty group allows all (no * fallback)", RFC_SIMPLE, "quxbot", "/example/x.gif", { allowed: true, reason: "no_matching_rule", rule: null, groupLine: 15 }],
  ["§5.1 others: *.gif$", RFC_SIMPLE, "otherbot", "/img/a.gif", { allowed: false, rule: [2, "disallow", "*.gif$"], groupLine: 1 }],
  ["§5.1 others: $ anchors (.gif?x is not the end)", RFC_SIMPLE, "otherbot", "/img/a.gif?x=1", { allowed: true, reason: "no_matching_rule" }],
  ["§5.1 others: /example/ prefix", RFC_SIMPLE, "otherbot", "/example/deep/page", { allowed: false, rule: [3, "disallow", "/example/"] }],
  ["§5.1 others: /publications/ allowed", RFC_SIMPLE, "otherbot", "/publications/report.pdf", { allowed: true, rule: [4, "allow", "/publications/"] }],
  // RFC 9309 §5.2
  ["§5.2 the folder is allowed", RFC_LONGEST, "foobot", "/example/page/", { allowed: true, rule: [2, "allow", "/example/page/"] }],
  ["§5.2 the longer disallow wins", RFC_LONGEST, "foobot", "/example/page/disallowed.gif", { allowed: false, rule: [3, "disallow", "/example/page/disallowed.gif"] }],
  // Longest match and ties
  ["order in the file does not matter", "User-agent: *\nAllow: /folder/page\nDisallow: /folder", "x", "/folder/page", { allowed: true, rule: [2, "allow", "/folder/page"] }],
  ["allow wins a tie (disallow first)", "User-agent: *\nDisallow: /page\nAllow: /page", "x", "/page", { allowed: true, rule: [3, "allow", "/page"] }],
  ["allow wins a tie (allow first)", "User-agent: *\nAllow: /page\nDisallow: /page", "x", "/page", { allowed: true, rule: [2, "allow", "/page"] }],
  ["equal rules: the first in the file is shown", "User-agent: *\nDisallow: /p\nDisallow: /p", "x", "/p/q", { allowed: false, rule: [2, "disallow", "/p"] }],
  ["length counts the pattern as written (* and $ included)", "User-agent: *\nAllow: /a*\nDisallow: /ab", "x", "/abc", { allowed: true, rule: [2, "allow", "/a*"] }],
  ["a longer disallow with a wildcard beats an allow", "User-agent: *\nAllow: /shop\nDisallow: /shop/*/cart", "x", "/shop/x/cart", { allowed: false, rule: [3, "disallow", "/shop/*/cart"] }],
  // * and $
  ["* matches any run", "User-agent: *\nDisallow: /*.php", "x", "/dir/index.php?a=1", { allowed: false, rule: [2, "disallow", "/*.php"] }],
  ["* matches the empty run", "User-agent: *\nDisallow: /a*b", "x", "/ab", { allowed: false }],
  ["$ anchors the end", "User-agent: *\nDisallow: /exact$", "x", "/exact", { allowed: false, rule: [2, "disallow", "/exact$"] }],
  ["$ does not match a longer path", "User-agent: *\nDisallow: /exact$", "x", "/exactly", { allowed: true, reason: "no_matching_rule" }],
  ["$ after * ", "User-agent: *\nDisallow: /*.pdf$\nAllow: /*.pdf$keep", "x", "/files/a.pdf", { allowed: false, rule: [2, "disallow", "/*.pdf$"] }],
  ["a $ inside a pattern is literal", "User-agent: *\nDisallow: /a$b", "x", "/a$b/c", { allowed: false }],
  ["the query is part of the path", "User-agent: *\nDisallow: /*?sort=", "x", "/list?sort=asc&page=2", { allowed: false, rule: [2, "disallow", "/*?sort="] }],
  ["the fragment is not", "User-agent: *\nDisallow: /page$", "x", "https://e.com/page#top", { allowed: false, rule: [2, "disallow", "/page$"] }],
  // Percent-encoding (RFC 9309 §2.2.2)
  ["UTF-8 in the rule matches the encoded path", "User-agent: *\nDisallow: /foo/bar/ツ", "x", "/foo/bar/%E3%83%84", { allowed: false, rule: [2, "disallow", "/foo/bar/ツ"] }],
  ["encoded rule matches a UTF-8 path", "User-agent: *\nDisallow: /foo/bar/%E3%83%84", "x", "/foo/bar/ツ", { allowed: false }],
  ["lowercase hex in the rule matches", "User-agent: *\nDisallow: /caf%c3%a9", "x", "https://e.com/café", { allowed: false, rule: [2, "disallow", "/caf%c3%a9"] }],
  ["unreserved escapes are decoded (%62%61%7A = baz)", "User-agent: *\nDisallow: /foo/bar/%62%61%7A", "x", "/foo/bar/baz", { allowed: false }],
  ["an encoded slash stays distinct from /", "User-agent: *\nDisallow: /a%2Fb", "x", "/a/b", { allowed: true }],
  // Groups
  ["a specific group beats *", "User-agent: *\nDisallow: /\n\nUser-agent: Googlebot\nAllow: /", "Googlebot", "/x", { allowed: true, rule: [5, "allow", "/"], groupLine: 4 }],
  ["the * group for an unnamed agent", "User-agent: *\nDisallow: /\n\nUser-agent: Googlebot\nAllow: /", "Bingbot", "/x", { allowed: false, rule: [2, "disallow", "/"], groupLine: 1 }],
  ["groups naming the same agent merge (first part)", MERGED, "Googlebot", "/one", { allowed: false, rule: [2, "disallow", "/one"], groupLine: 1 }],
  ["groups naming the same agent merge (second part)", MERGED, "Googlebot", "/two", { allowed: false, rule: [8, "disallow", "/two"], groupLine: 7 }],
  ["merged groups compete by length", MERGED, "googlebot", "/two/open", { allowed: true, rule: [9, "allow", "/two/open"], groupLine: 7 }],
  ["the * group is not merged in", MERGED, "Googlebot", "/three", { allowed: true, reason: "no_matching_rule", groupLine: 1 }],
  ["no group for the agent and no *", "User-agent: Bingbot\nDisallow: /", "Googlebot", "/x", { allowed: true, reason: "no_group", rule: null, groupLine: null }],
  ["an empty file", "", "Googlebot", "/x", { allowed: true, reason: "no_group", groupLine: null }],
  ["tokens are not prefixes", "User-agent: Googlebot-News\nDisallow: /", "Googlebot", "/x", { allowed: true, reason: "no_group" }],
  ["rules before any User-agent are ignored", "Disallow: /early\nUser-agent: *\nDisallow: /late", "x", "/early", { allowed: true, reason: "no_matching_rule", groupLine: 2 }],
  // Empty Disallow, Crawl-delay and other records
  ["an empty Disallow allows all", "User-agent: *\nDisallow:\n", "x", "/anything", { allowed: true, reason: "no_matching_rule", rule: null, groupLine: 1 }],
  ["an empty Disallow next to a real rule", "User-agent: *\nDisallow:\nDisallow: /private", "x", "/private/a", { allowed: false, rule: [3, "disallow", "/private"] }],
  ["Crawl-delay is not a rule", "User-agent: *\nCrawl-delay: 10\nDisallow: /x", "x", "/y", { allowed: true, reason: "no_matching_rule" }],
  ["Crawl-delay between User-agent lines does not split the group", "User-agent: a\nCrawl-delay: 5\nUser-agent: b\nDisallow: /x", "a", "/x", { allowed: false, rule: [4, "disallow", "/x"], groupLine: 1 }],
  ["Sitemap lines do not change matching", "User-agent: *\nSitemap: https://e.com/s.xml\nDisallow: /x", "x", "/x", { allowed: false, rule: [3, "disallow", "/x"] }],
  ["a misspelled Disallow is still a rule", "User-agent: *\nDissallow: /x", "x", "/x", { allowed: false, rule: [2, "disallow", "/x"] }],
  ["comments are not part of the value", "User-agent: * # all\nDisallow: /x # private\n", "x", "/x", { allowed: false, rule: [2, "disallow", "/x"] }],
  // BOM and line endings
  ["a BOM does not shift lines", "\uFEFFUser-agent: *\nDisallow: /bom", "x", "/bom", { allowed: false, rule: [2, "disallow", "/bom"], groupLine: 1 }],
  ["CRLF lines", "User-agent: *\r\n\r\nDisallow: /a\r\nAllow: /a/b\r\n", "x", "/a/b", { allowed: true, rule: [4, "allow", "/a/b"] }],
  ["lone CR lines", "User-agent: *\rDisallow: /a\rDisallow: /cr", "x", "/cr", { allowed: false, rule: [3, "disallow", "/cr"] }],
  // robots.txt itself
  ["/robots.txt is always allowed", "User-agent: *\nDisallow: /", "x", "/robots.txt", { allowed: true, reason: "robots_txt", rule: null, groupLine: null }],
  ["/robots.txt with a query too", "User-agent: *\nDisallow: /", "x", "https://e.com/robots.txt?v=2", { allowed: true, reason: "robots_txt" }],
  ["/robots.txt.bak is not", "User-agent: *\nDisallow: /", "x", "/robots.txt.bak", { allowed: false }],
];

describe("explainRobots", () => {
  it.each(cases)("%s", (_name, text, agent, url, expected) => {
    const robots = parseRobots(text);
    const got = explainRobots(robots, agent, url);
    expect(got.allowed).toBe(expected.allowed);
    expect(got.allowed).toBe(isAllowed(robots, agent, url));
    if (expected.reason) expect(got.reason).toBe(expected.reason);
    if (expected.rule !== undefined) {
      expect(got.rule).toEqual(expected.rule && { line: expected.rule[0], directive: expected.rule[1], value: expected.rule[2] });
    }
    if (expected.groupLine !== undefined) expect(got.group?.line ?? null).toBe(expected.groupLine);
    if (got.rule) expect(got.reason).toBe("rule");
  });

  it("describes the group: its agents, the token that selected it and the groups merged with it", () => {
    const robots = parseRobots(MERGED);
    expect(explainRobots(robots, "Googlebot/2.1", "/two")).toEqual({
      allowed: false, path: "/two", reason: "rule",
      group: { line: 7, agents: ["googlebot"], matchedAgent: "googlebot", mergedWith: [1] },
      rule: { line: 8, directive: "disallow", value: "/two" },
    });
    expect(explainRobots(robots, "Bingbot", "/x").group).toEqual({ line: 4, agents: ["*"], matchedAgent: "*", mergedWith: [] });
    const shared = parseRobots("User-agent: barbot\nUser-agent: bazbot\nDisallow: /p");
    expect(explainRobots(shared, "bazbot", "/p").group).toEqual({ line: 1, agents: ["barbot", "bazbot"], matchedAgent: "bazbot", mergedWith: [] });
  });

  it("reports the matched path normalized", () => {
    const robots = parseRobots("User-agent: *\nDisallow: /x");
    expect(explainRobots(robots, "x", "https://e.com/caf%c3%a9/%7Euser?q=a b#frag").path).toBe("/caf%C3%A9/~user?q=a%20b");
  });

  it("explains an unavailable file (4xx) as allow all and an unreachable one (5xx, 429, no answer) as disallow all", () => {
    for (const status of [404, 410, 401, 403, 308] as const) {
      expect(explainRobots(robotsDecisionForFetch(status), "Googlebot", "/x")).toEqual({ allowed: true, path: "/x", reason: "unavailable", group: null, rule: null });
    }
    for (const status of [500, 503, 429, "unreachable"] as const) {
      expect(explainRobots(robotsDecisionForFetch(status), "Googlebot", "/x")).toEqual({ allowed: false, path: "/x", reason: "unreachable", group: null, rule: null });
      expect(explainRobots(robotsDecisionForFetch(status), "Googlebot", "/robots.txt")).toMatchObject({ allowed: true, reason: "robots_txt" });
    }
  });
});

// ── Property: explainRobots agrees with isAllowed, and its rule is the one that decides ──────────


const PATH_PIECES = ["/", "/", "a", "b", "ab", "/a", "/b", ".gif", ".php", "?", "=", "&", "*", "$", "%2F", "%61", "%7e", "~", "é", "%C3%A9", "ツ", " ", "/robots.txt", "#f"];
const AGENT_LINES = ["*", "googlebot", "Googlebot/2.1", "GOOGLEBOT", "bingbot", "googlebot-news", "other bot", "*", "*"];
const AGENTS = ["Googlebot", "googlebot-news", "Bingbot", "otherbot", "*", "nobody"];
const EOLS = ["\n", "\r\n", "\r"];

function generate(rand: () => number) {
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
  const piecewise = (n: number) => Array.from({ length: n }, () => pick(PATH_PIECES)).join("");
  const lines: string[] = [];
  const count = Math.floor(rand() * 14);
  for (let i = 0; i < count; i++) {
    const r = rand();
    if (r < 0.25) lines.push(`User-agent: ${pick(AGENT_LINES)}`);
    else if (r < 0.5) lines.push(`Disallow: ${rand() < 0.1 ? "" : (rand() < 0.8 ? "/" : "") + piecewise(Math.floor(rand() * 4))}`);
    else if (r < 0.75) lines.push(`Allow: ${(rand() < 0.8 ? "/" : "") + piecewise(Math.floor(rand() * 4))}`);
    else lines.push(pick(["", "# comment", "Crawl-delay: 3", "Sitemap: /s.xml", "Dissallow: /a", "allow:/b # c", "Noindex: /x"]));
  }
  const text = (rand() < 0.1 ? "\uFEFF" : "") + lines.join(pick(EOLS));
  const url = (rand() < 0.2 ? "https://e.test" : "") + (rand() < 0.9 ? "/" : "") + piecewise(Math.floor(rand() * 5));
  return { text, url, agent: pick(AGENTS) };
}

describe("explainRobots agrees with isAllowed (generated inputs)", () => {
  it("on 20,000 generated files, agents and URLs", () => {
    const rand = seededRandom(9309);
    const seen = { rule: 0, ruleAllow: 0, ruleDisallow: 0, noMatch: 0 };
    for (let i = 0; i < 20_000; i++) {
      const { text, url, agent } = generate(rand);
      const mode = rand();
      const robots = mode < 0.9 ? parseRobots(text) : robotsDecisionForFetch(mode < 0.95 ? 404 : 503);
      const got = explainRobots(robots, agent, url);
      const context = JSON.stringify({ text, url, agent, mode: robots.mode });
      expect(got.allowed, context).toBe(isAllowed(robots, agent, url));
      if (got.reason === "no_matching_rule") seen.noMatch++;
      if (!got.rule) continue;
      seen.rule++;
      seen[got.rule.directive === "allow" ? "ruleAllow" : "ruleDisallow"]++;
      // The deciding rule matches, and no matching rule of the applicable groups is longer or a same-length allow over a disallow.
      // The groups and patterns are those of the reading that judges the agent (Google's parser for Googlebot), where one
      // line may give two patterns (Google's index.html rule), so the deciding pattern is that line's longest that matches.
      const reading = readingFor(robots, agent);
      const applicable = groupsOf(robots, reading).filter((g) => g.line === got.group!.line || got.group!.mergedWith.includes(g.line));
      const own = applicable.flatMap((g) => g.rules).filter((r) => r.line === got.rule!.line && patternMatches(got.path, r.pattern));
      expect(own.length, context).toBeGreaterThan(0);
      const pattern = own.map((r) => r.pattern).reduce((a, b) => (b.length > a.length ? b : a));
      if (reading === "rfc9309") expect(pattern, context).toBe(normalizePercentEncoding(got.rule.value));
      expect(got.allowed, context).toBe(got.rule.directive === "allow");
      for (const rule of applicable.flatMap((g) => g.rules)) {
        if (!patternMatches(got.path, rule.pattern)) continue;
        expect(rule.pattern.length, context).toBeLessThanOrEqual(pattern.length);
        if (rule.pattern.length === pattern.length && rule.allow) expect(got.rule.directive, context).toBe("allow");
      }
    }
    // The generator reaches every kind of decision often.
    for (const n of Object.values(seen)) expect(n).toBeGreaterThan(1_000);
  });
});
