import { describe, expect, it } from "vitest";
import { isAllowed, parseRobots } from "./index";

type Case = [name: string, robots: string, agent: string, path: string, expected: boolean];

const G = "Googlebot";
const B = "Bingbot";
const S = "IndexWatchBot";
// A crawler judged by the standard reading: Google's crawlers read a few lines differently (google.test.ts).
const R = "ExampleBot";
const big = `User-agent: *\nDisallow: /a\n# ${"x".repeat(600 * 1024)}\nDisallow: /late\n`;
// The cut at 500 KiB lands right after "Disallow: /pri" of the last line.
const cutMidLine = `User-agent: *\nDisallow: /secret\n#${"y".repeat(500 * 1024 - 47)}\nDisallow: /private\n`;

const cases: Case[] = [
  // Groups and user-agent matching
  ["specific group applies", "User-agent: Googlebot\nDisallow: /g\n\nUser-agent: *\nDisallow: /all", G, "/g", false],
  ["specific group replaces * (not merged)", "User-agent: Googlebot\nDisallow: /g\n\nUser-agent: *\nDisallow: /all", G, "/all", true],
  ["* applies to unnamed agent", "User-agent: Googlebot\nDisallow: /g\n\nUser-agent: *\nDisallow: /all", B, "/all", false],
  ["* does not get other group's rules", "User-agent: Googlebot\nDisallow: /g\n\nUser-agent: *\nDisallow: /all", B, "/g", true],
  ["agent match is case-insensitive (file)", "User-agent: GOOGLEBOT\nDisallow: /x", G, "/x", false],
  ["agent match is case-insensitive (caller)", "User-agent: googlebot\nDisallow: /x", "gOoGlEbOt", "/x", false],
  ["caller UA reduced to product token", "User-agent: Googlebot\nDisallow: /x", "Googlebot/2.1 (+http://www.google.com/bot.html)", "/x", false],
  ["file UA value reduced to product token", "User-agent: Googlebot/2.1\nDisallow: /x", G, "/x", false],
  ["no prefix matching of tokens", "User-agent: Google\nDisallow: /x", G, "/x", true],
  ["longer token is a different agent", "User-agent: Googlebot-News\nDisallow: /x", G, "/x", true],
  ["exact longer token matches", "User-agent: Googlebot-News\nDisallow: /x\n\nUser-agent: Googlebot\nAllow: /", "Googlebot-News", "/x", false],
  ["consecutive user-agent lines share a group (first)", "User-agent: Googlebot\nUser-agent: Bingbot\nDisallow: /shared", G, "/shared", false],
  ["consecutive user-agent lines share a group (second)", "User-agent: Googlebot\nUser-agent: Bingbot\nDisallow: /shared", B, "/shared", false],
  ["blank lines between user-agent lines still share", "User-agent: Googlebot\n\nUser-agent: Bingbot\nDisallow: /shared", G, "/shared", false],
  ["user-agent after rules starts a new group", "User-agent: Googlebot\nDisallow: /g\nUser-agent: Bingbot\nDisallow: /b", G, "/b", true],
  ["duplicate groups are merged (first part)", "User-agent: Googlebot\nDisallow: /one\n\nUser-agent: *\nDisallow: /\n\nUser-agent: googlebot\nDisallow: /two", G, "/one", false],
  ["duplicate groups are merged (second part)", "User-agent: Googlebot\nDisallow: /one\n\nUser-agent: *\nDisallow: /\n\nUser-agent: googlebot\nDisallow: /two", G, "/two", false],
  ["duplicate groups merged: unrelated path allowed", "User-agent: Googlebot\nDisallow: /one\n\nUser-agent: *\nDisallow: /\n\nUser-agent: googlebot\nDisallow: /two", G, "/three", true],
  ["duplicate * groups are merged", "User-agent: *\nDisallow: /a\n\nUser-agent: *\nDisallow: /b", S, "/b", false],
  ["specific group without rules allows all, no * fallback", "User-agent: *\nDisallow: /\n\nUser-agent: Googlebot\n", G, "/page", true],
  ["blank line does not end the user-agent list", "User-agent: Googlebot\n\nUser-agent: *\nDisallow: /", G, "/page", false],
  ["own service agent gets its group", "User-agent: IndexWatchBot\nDisallow: /\n\nUser-agent: *\nAllow: /", S, "/page", false],
  ["no groups at all allows", "# nothing here\n", G, "/anything", true],
  ["no matching group and no * allows", "User-agent: Bingbot\nDisallow: /", G, "/x", true],
  ["rules before any user-agent are ignored", "Disallow: /early\nUser-agent: *\nDisallow: /late", G, "/early", true],
  ["user-agent * followed by comment", "User-agent: * # everyone\nDisallow: /x", G, "/x", false],
  ["sitemap line does not split a group", "User-agent: Googlebot\nSitemap: https://e.com/s.xml\nUser-agent: Bingbot\nDisallow: /x", B, "/x", false],
  ["unknown directive does not split a group", "User-agent: Googlebot\nCrawl-delay: 5\nUser-agent: Bingbot\nDisallow: /x", G, "/x", false],
  // Longest match and ties
  ["plain prefix disallow", "User-agent: *\nDisallow: /private", G, "/private/x", false],
  ["prefix is not a segment match", "User-agent: *\nDisallow: /private", G, "/privateer", false],
  ["non-matching path allowed", "User-agent: *\nDisallow: /private", G, "/public", true],
  ["longer allow beats shorter disallow", "User-agent: *\nDisallow: /folder\nAllow: /folder/page", G, "/folder/page", true],
  ["longer disallow beats shorter allow", "User-agent: *\nAllow: /folder\nDisallow: /folder/secret", G, "/folder/secret", false],
  ["order in the file does not matter", "User-agent: *\nAllow: /folder/page\nDisallow: /folder", G, "/folder/page", true],
  ["allow wins a tie", "User-agent: *\nDisallow: /page\nAllow: /page", G, "/page", true],
  ["allow wins a tie regardless of order", "User-agent: *\nAllow: /page\nDisallow: /page", G, "/page", true],
  ["tie by length with wildcards: allow wins", "User-agent: *\nDisallow: /*.php\nAllow: /x.php", G, "/x.php", true],
  ["length counts the written pattern", "User-agent: *\nAllow: /p\nDisallow: /*p", G, "/p", false],
  ["Disallow: / blocks everything", "User-agent: *\nDisallow: /", G, "/any/thing", false],
  ["Allow: / with longer disallow", "User-agent: *\nAllow: /\nDisallow: /x", G, "/x", false],
  ["empty Disallow allows all", "User-agent: *\nDisallow:", G, "/anything", true],
  ["empty Disallow next to real rule in other group", "User-agent: Googlebot\nDisallow:\n\nUser-agent: *\nDisallow: /", G, "/x", true],
  ["empty Allow is ignored", "User-agent: *\nAllow:\nDisallow: /x", G, "/x", false],
  ["path matching is case-sensitive", "User-agent: *\nDisallow: /Private", G, "/private", true],
  ["query is part of the path", "User-agent: *\nDisallow: /search?q=", G, "/search?q=shoes", false],
  ["query rule does not hit path without query", "User-agent: *\nDisallow: /search?q=", G, "/search", true],
  // Wildcards and end anchors
  ["* in the middle", "User-agent: *\nDisallow: /*/secret", G, "/a/b/secret/x", false],
  ["* in the middle, no match", "User-agent: *\nDisallow: /*/secret", G, "/a/public", true],
  ["$ anchors the end", "User-agent: *\nDisallow: /*.pdf$", G, "/files/report.pdf", false],
  ["$ anchor: trailing query defeats it", "User-agent: *\nDisallow: /*.pdf$", G, "/files/report.pdf?dl=1", true],
  ["$ anchor: longer path defeats it", "User-agent: *\nDisallow: /*.pdf$", G, "/files/report.pdfx", true],
  ["without $ the pattern is a prefix", "User-agent: *\nDisallow: /*.pdf", G, "/files/report.pdfx", false],
  ["exact root with /$", "User-agent: *\nDisallow: /$", G, "/", false],
  ["/$ does not block deeper pages", "User-agent: *\nDisallow: /$", G, "/page", true],
  ["$ in the middle is literal", "User-agent: *\nDisallow: /a$b", G, "/a$bc", false],
  ["trailing * is redundant", "User-agent: *\nDisallow: /fish*", G, "/fishheads", false],
  ["pattern may start with *", "User-agent: *\nDisallow: *.gif$", G, "/img/a.gif", false],
  ["many wildcards, no match, no blow-up", `User-agent: *\nDisallow: /${"*a".repeat(40)}*b`, G, `/${"a".repeat(2000)}`, true],
  ["wildcard query parameter", "User-agent: *\nDisallow: /*?*sessionid=", G, "/p?x=1&sessionid=2", false],
  ["allow with $ beats broader disallow", "User-agent: *\nDisallow: /\nAllow: /$", G, "/", true],
  // Percent-encoding normalization
  ["%7E in rule equals ~ in path", "User-agent: *\nDisallow: /%7Euser", R, "/~user/x", false],
  ["~ in rule equals %7e in path", "User-agent: *\nDisallow: /~user", R, "/%7euser/x", false],
  ["%2F stays distinct from /", "User-agent: *\nDisallow: /foo/bar", R, "/foo%2Fbar", true],
  ["%2f matches %2F (hex case)", "User-agent: *\nDisallow: /foo%2fbar", R, "/foo%2Fbar", false],
  ["/ does not match an encoded %2F rule", "User-agent: *\nDisallow: /foo%2Fbar", R, "/foo/bar", true],
  ["unreserved letters decoded", "User-agent: *\nDisallow: /%61bc", R, "/abc", false],
  ["non-ASCII rule matches encoded path", "User-agent: *\nDisallow: /café", R, "/caf%C3%A9", false],
  ["encoded rule matches non-ASCII path", "User-agent: *\nDisallow: /caf%c3%a9", R, "/café", false],
  ["space encoded on both sides", "User-agent: *\nDisallow: /a b", R, "/a%20b", false],
  ["rule length measured after normalization", "User-agent: *\nDisallow: /%7Ex\nAllow: /~x", R, "/~x", true],
  // The path and robots.txt itself
  ["empty path means /", "User-agent: *\nDisallow: /$", G, "", false],
  ["path without leading slash gets one", "User-agent: *\nDisallow: /x", G, "x/y", false],
  ["full URL reduced to path", "User-agent: *\nDisallow: /x", G, "https://example.com/x?y=1", false],
  ["fragment ignored", "User-agent: *\nDisallow: /x$", G, "/x#frag", false],
  ["/robots.txt always allowed", "User-agent: *\nDisallow: /", G, "/robots.txt", true],
  ["/robots.txt allowed even when named", "User-agent: *\nDisallow: /robots.txt", G, "/robots.txt", true],
  // File-level syntax
  ["UTF-8 BOM stripped", "\uFEFFUser-agent: *\nDisallow: /x", G, "/x", false],
  ["CRLF line ends", "User-agent: *\r\nDisallow: /x\r\n", G, "/x", false],
  ["CR line ends", "User-agent: *\rDisallow: /x\r", G, "/x", false],
  ["mixed line ends", "User-agent: Bingbot\r\nDisallow: /b\rUser-agent: *\nDisallow: /x", G, "/x", false],
  ["comments stripped from rule values", "User-agent: *\nDisallow: /x # not /y", G, "/y", true],
  ["full-line comments ignored", "# User-agent: *\n# Disallow: /\nUser-agent: *\nDisallow: /x", G, "/y", true],
  ["lines without colon ignored", "User-agent *\nDisallow /\nUser-agent: *\nDisallow: /x", R, "/y", true],
  ["junk lines ignored", "<html><body>hello</body></html>\nUser-agent: *\nfoo bar baz\nDisallow: /x", G, "/x", false],
  ["HTML served as robots allows all", "<!doctype html><html><head><title>404</title></head></html>", G, "/x", true],
  ["keys are case-insensitive", "USER-AGENT: *\nDISALLOW: /x", G, "/x", false],
  ["whitespace around colon", "User-agent : *\n  Disallow :   /x  ", G, "/x", false],
  ["misspelled disallow accepted", "User-agent: *\nDissallow: /x", G, "/x", false],
  ["relative rule value ignored", "User-agent: *\nDisallow: private", G, "/private", true],
  ["content beyond 500 KiB is ignored", big, G, "/late", true],
  ["content within 500 KiB still applies", big, G, "/a", false],
  ["line cut at 500 KiB is dropped, not shortened", cutMidLine, G, "/print", true],
  ["lines before the cut still apply", cutMidLine, G, "/secret", false],
];

describe("robots.txt rules (RFC 9309)", () => {
  it("has at least 60 cases", () => expect(cases.length).toBeGreaterThanOrEqual(60));
  it.each(cases)("%s", (_name, text, agent, path, expected) => {
    expect(isAllowed(parseRobots(text), agent, path)).toBe(expected);
  });
});
