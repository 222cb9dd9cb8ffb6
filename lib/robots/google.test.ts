import { describe, expect, it } from "vitest";
import { explainRobots, isAllowed, parseRobots } from "./index";
import { googleEscapePattern, readGoogleLine, type GoogleNoteKind } from "./google";

// Where Google's open-source parser (github.com/google/robotstxt, robots.cc) and RFC 9309 part: Googlebot is judged
// as robots.cc judges it; every other crawler (Bingbot here) by the standard reading. Each case: the file, the URL,
// Googlebot's verdict, the standard verdict, and the lines the tester flags (kind, line).
type Case = [name: string, robots: string, url: string, google: boolean, standard: boolean, notes: [GoogleNoteKind, number][]];

const BOM = "\uFEFF";

const cases: Case[] = [
  // GetKeyAndValueFrom: whitespace instead of a missing colon, only for exactly two runs of non-whitespace.
  ["missing colon: Disallow /private", "User-agent: *\nDisallow /private", "/private/x", false, true, [["missing_colon", 2]]],
  ["missing colon after a tab", "User-agent: *\nDisallow\t/tab", "/tab", false, true, [["missing_colon", 2]]],
  ["missing colon in User-agent opens Googlebot's group", "User-agent Googlebot\nDisallow: /g", "/g", false, true, [["missing_colon", 1]]],
  ["three words and no colon: ignored by both", "User-agent: *\nDisallow /a /b", "/a", true, true, []],
  ["a line with its colon reads the same", "User-agent: *\nDisallow: /private", "/private", false, false, []],
  // GetKeyType: keys matched by how they begin (absl::StartsWithIgnoreCase).
  ["Disallowed: is a Disallow for Google", "User-agent: *\nDisallowed: /x", "/x", false, true, [["key_spelling", 2]]],
  ["User-agents: is a User-agent for Google", "User-agent: *\nDisallow: /x\n\nUser-agents: Googlebot\nAllow: /", "/x", true, false, [["key_spelling", 4]]],
  ["Allowed: is an Allow for Google", "User-agent: *\nDisallow: /\nAllowed: /open", "/open/page", true, false, [["key_spelling", 3]]],
  ["the frequent typos read alike in both", "User-agent: *\nDissallow: /x", "/x", false, false, []],
  // RobotsTxtParser::Parse: a byte order mark is skipped at the very start of the file only.
  ["a BOM at the start is skipped by both", `${BOM}User-agent: *\nDisallow: /x`, "/x", false, false, []],
  ["a BOM inside the file: Google ignores that line", `User-agent: *\nDisallow: /a\n${BOM}Disallow: /b`, "/b", true, false, [["byte_order_mark", 3]]],
  ["a second BOM at the start hides the first User-agent from Google", `${BOM}${BOM}User-agent: *\nDisallow: /x`, "/x", true, false, [["byte_order_mark", 1]]],
  ["a BOM before an unrelated line changes nothing", `User-agent: *\nDisallow: /x\n${BOM}# comment`, "/x", false, false, []],
  // RobotsMatcher::HandleAllow: index.htm and index.html stand for their directory ("/dir/$").
  ["Allow: /index.html also allows /", "User-agent: *\nDisallow: /\nAllow: /index.html", "/", true, false, [["index_html", 3]]],
  ["… and the file itself for both", "User-agent: *\nDisallow: /\nAllow: /index.html", "/index.html", true, true, [["index_html", 3]]],
  ["… but not the rest of the directory", "User-agent: *\nDisallow: /\nAllow: /index.html", "/other", false, false, [["index_html", 3]]],
  ["Allow: /shop/index.htm allows /shop/", "User-agent: *\nDisallow: /shop/\nAllow: /shop/index.htm", "/shop/", true, false, [["index_html", 3]]],
  ["… not /shop/cart", "User-agent: *\nDisallow: /shop/\nAllow: /shop/index.htm", "/shop/cart", false, false, [["index_html", 3]]],
  ["Disallow: /index.html is not widened", "User-agent: *\nDisallow: /index.html", "/", true, true, []],
  // MaybeEscapePattern: escapes are upper-cased and non-ASCII encoded, nothing decoded; the URL is compared as sent.
  ["%7E in the rule does not match ~ for Google", "User-agent: *\nDisallow: /%7Euser", "/~user/x", true, false, [["percent_encoding", 2]]],
  ["~ in the rule does not match %7e in the URL", "User-agent: *\nDisallow: /~user", "/%7euser/x", true, false, []],
  ["an escaped letter is not decoded", "User-agent: *\nDisallow: /%61bc", "/abc", true, false, [["percent_encoding", 2]]],
  ["a space in the rule is not encoded", "User-agent: *\nDisallow: /a b", "/a%20b", true, false, [["percent_encoding", 2]]],
  ["lowercase hex in the rule is upper-cased by both", "User-agent: *\nDisallow: /foo%2fbar", "/foo%2Fbar", false, false, []],
  ["lowercase hex in the URL stays lowercase for Google", "User-agent: *\nDisallow: /foo%2Fbar", "/foo%2fbar", true, false, []],
  ["non-ASCII in the rule matches the encoded URL in both", "User-agent: *\nDisallow: /café", "/caf%C3%A9", false, false, []],
  ["an encoded slash stays distinct in both", "User-agent: *\nDisallow: /a%2Fb", "/a/b", true, true, []],
];

describe("Googlebot is judged as Google's parser judges it", () => {
  it.each(cases)("%s", (_name, text, url, google, standard, notes) => {
    const robots = parseRobots(text);
    expect(isAllowed(robots, "Googlebot", url)).toBe(google);
    expect(explainRobots(robots, "Googlebot", url).allowed).toBe(google);
    expect(isAllowed(robots, "Googlebot", url, "rfc9309")).toBe(standard);
    expect(robots.google!.notes.map((n) => [n.kind, n.line])).toEqual(notes);
  });

  it("judges every Google crawler that way, and other crawlers by the standard", () => {
    const robots = parseRobots("User-agent: *\nDisallow /private");
    for (const agent of ["Googlebot", "Googlebot-Image/1.0", "AdsBot-Google", "Google-InspectionTool/1.0"]) {
      expect(isAllowed(robots, agent, "/private")).toBe(false);
    }
    for (const agent of ["Bingbot", "IndexWatchBot", "GPTBot"]) expect(isAllowed(robots, agent, "/private")).toBe(true);
  });

  it("names the line of the index.html rule as the one that allowed the directory", () => {
    const robots = parseRobots("User-agent: *\nDisallow: /\nAllow: /blog/index.html");
    expect(explainRobots(robots, "Googlebot", "/blog/")).toMatchObject({ allowed: true, reason: "rule", rule: { line: 3, directive: "allow", value: "/blog/index.html" } });
    expect(explainRobots(robots, "Bingbot", "/blog/")).toMatchObject({ allowed: false, rule: { line: 2, directive: "disallow", value: "/" } });
  });

  it("says in words what Google reads differently", () => {
    const notes = parseRobots(`User-agent: *\nDisallow /a\nDisallowed: /b\n${BOM}Disallow: /c\nAllow: /d/index.html\nDisallow: /%7Ee`).google!.notes;
    expect(notes.map((n) => n.message)).toEqual([
      "the colon is missing; Google reads the line as “Disallow: /a”, RFC 9309 ignores it.",
      "Google reads “Disallowed” as Disallow (it checks only how the word begins); RFC 9309 ignores an unknown key.",
      expect.stringContaining("byte order mark (U+FEFF)"),
      "Google also allows the directory itself (“Allow: /d/$”): it treats index.htm and index.html as “/”. RFC 9309 allows only the file.",
      expect.stringContaining("%7E for ~"),
    ]);
  });
});

describe("robots.cc's line reading", () => {
  const lines: [raw: string, key: string, value: string, missingColon: boolean][] = [
    ["Disallow: /a # comment", "disallow", "/a", false],
    ["  allow:/b  ", "allow", "/b", false],
    ["Disallow /c", "disallow", "/c", true],
    ["Disallow  /c  d", "unknown", "", false],
    ["User-agent Googlebot", "user-agent", "Googlebot", true],
    ["user agent: x", "user-agent", "x", false],
    ["Site-map: https://e.test/s.xml", "sitemap", "https://e.test/s.xml", false],
    ["Noindex: /x", "unknown", "/x", false],
    [": /x", "unknown", "", false],
    [`${BOM}Disallow: /x`, "unknown", "/x", false],
    ["Disallow:\u00a0/nbsp", "disallow", "\u00a0/nbsp", false],
  ];
  it.each(lines)("%j", (raw, key, value, missingColon) => {
    expect(readGoogleLine(raw)).toMatchObject({ key, value, missingColon });
  });

  it.each([
    ["/SanJoséSellers", "/SanJos%C3%A9Sellers"],
    ["/%aa%2f", "/%AA%2F"],
    ["/%7e~", "/%7E~"],
    ["/a b", "/a b"],
    ["/%zz", "/%zz"],
  ])("MaybeEscapePattern(%j) = %j", (value, escaped) => expect(googleEscapePattern(value)).toBe(escaped));
});
