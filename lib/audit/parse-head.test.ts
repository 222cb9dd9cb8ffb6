import { describe, expect, it } from "vitest";
import { createHeadScanner, type HeadData } from "./parse-head";

const URL_ = "https://shop.example/dir/page?x=1";

function scan(html: string, chunk = html.length): HeadData & { stoppedAt: number | null } {
  const scanner = createHeadScanner(URL_);
  let stoppedAt: number | null = null;
  for (let i = 0; i < html.length; i += chunk) {
    if (scanner.write(html.slice(i, i + chunk))) {
      stoppedAt = i;
      break;
    }
  }
  return { ...scanner.finish(), stoppedAt };
}

describe("head scanner", () => {
  const canonicals: [name: string, html: string, expected: string | null][] = [
    ["absolute", `<html><head><link rel="canonical" href="https://shop.example/a"></head>`, "https://shop.example/a"],
    ["relative", `<head><link rel=canonical href="other">`, "https://shop.example/dir/other"],
    ["root-relative", `<head><link rel=canonical href="/root">`, "https://shop.example/root"],
    ["protocol-relative", `<head><link rel=canonical href="//cdn.example/x">`, "https://cdn.example/x"],
    ["rel case and token list", `<head><LINK REL="Alternate CANONICAL" HREF="/tokens">`, "https://shop.example/tokens"],
    ["rel with tabs and newlines", `<head><link rel="\tcanonical\n" href="/ws">`, "https://shop.example/ws"],
    ["rel substring is not the token", `<head><link rel="canonicalish" href="/no">`, null],
    ["first wins", `<head><link rel=canonical href="/one"><link rel=canonical href="/two">`, "https://shop.example/one"],
    ["fragment dropped", `<head><link rel=canonical href="/f#top">`, "https://shop.example/f"],
    ["entities decoded", `<head><link rel=canonical href="/p?a=1&amp;b=2">`, "https://shop.example/p?a=1&b=2"],
    ["base before applies", `<head><base href="https://other.example/base/"><link rel=canonical href="rel">`, "https://other.example/base/rel"],
    ["relative base", `<head><base href="/b/"><link rel=canonical href="c">`, "https://shop.example/b/c"],
    ["base after does not apply", `<head><link rel=canonical href="rel"><base href="https://other.example/">`, "https://shop.example/dir/rel"],
    ["only the first base counts", `<head><base href="/one/"><base href="/two/"><link rel=canonical href="x">`, "https://shop.example/one/x"],
    ["body canonical ignored", `<html><head><title>t</title></head><body><link rel=canonical href="/body">`, null],
    ["after a body element ignored", `<head><title>t</title><div></div><link rel=canonical href="/late">`, null],
    ["after body text ignored", `<head><title>t</title>Hello<link rel=canonical href="/late">`, null],
    ["inside noscript ignored", `<head><noscript><link rel=canonical href="/ns"></noscript><link rel=canonical href="/real">`, "https://shop.example/real"],
    ["inside template ignored", `<head><template><link rel=canonical href="/tpl"></template>`, null],
    ["in a script string ignored", `<head><script>document.write('<link rel="canonical" href="/js">')</script></head>`, null],
    ["in a comment ignored", `<head><!-- <link rel="canonical" href="/c"> --></head>`, null],
    ["javascript: scheme ignored", `<head><link rel=canonical href="javascript:alert(1)">`, null],
    ["empty href skipped", `<head><link rel=canonical href=""><link rel=canonical href="/next">`, "https://shop.example/next"],
    ["no head element", `<!doctype html><title>t</title><link rel=canonical href="/nohead"><p>x`, "https://shop.example/nohead"],
  ];
  it.each(canonicals)("canonical: %s", (_name, html, expected) => {
    expect(scan(html).canonical).toBe(expected);
    expect(scan(html, 3).canonical).toBe(expected);
  });

  it("collects robots, googlebot and bingbot meta tags in any case", () => {
    const html = `<head><meta name="ROBOTS" content=" noindex "><meta name=googlebot content="nofollow"><META NAME="BingBot" CONTENT="none"><meta name="description" content="noindex"><meta name=robots content=""><meta name="otherbot" content="noindex"></head>`;
    expect(scan(html, 7).robotsMeta).toEqual([
      { name: "robots", content: "noindex" },
      { name: "googlebot", content: "nofollow" },
      { name: "bingbot", content: "none" },
    ]);
  });

  it("ignores robots meta tags in the body", () => {
    expect(scan(`<head></head><body><meta name=robots content=noindex>`).robotsMeta).toEqual([]);
  });

  it("stops at </head> without reading the rest", () => {
    const html = `<head><title>x</title></head>${"<p>filler</p>".repeat(1000)}`;
    expect(scan(html, 10).stoppedAt).toBeLessThan(40);
  });

  it("stops at the first body element when there is no </head>", () => {
    expect(scan(`<head><meta name=robots content=noindex><div>${"x".repeat(10_000)}`, 16).stoppedAt).toBeLessThan(64);
  });
});
