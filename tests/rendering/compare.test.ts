import { describe, expect, it } from "vitest";
import { compareFacts, renderIssues, textRatio } from "@/lib/rendering/compare";
import { extractFacts } from "@/lib/rendering/extract";

const URL = "https://shop.test/p/1";
const page = (head: string, body: string) => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;
const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");

describe("extractFacts", () => {
  it("reads the head and body facts a search engine reads", () => {
    const f = extractFacts(page(
      `<base href="/p/"><title> Blue  shoes </title><meta name="description" content="Shoes, blue"><meta name="ROBOTS" content="max-snippet:50, nosnippet">
       <meta name="googlebot" content="noindex"><meta name="bingbot" content="nofollow"><link rel="canonical" href="1?ref=x#top"><link rel="canonical" href="/other">
       <link rel="alternate" hreflang="de" href="https://shop.test/de/p/1"><link rel="alternate" hreflang="en" href="/p/1">
       <script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"Product"},{"@type":["BreadcrumbList","Thing"]}]}</script>
       <script type="application/ld+json">not json</script><style>.a{color:red}</style>`,
      `<h1>Blue <b>shoes</b></h1><h1>Second</h1><div itemscope itemtype="https://schema.org/Offer" data-nosnippet>Price 10</div>
       <a href="/a">A</a><a href="/a#x">A again</a><a href="https://other.test/">out</a><a href="mailto:x@y">m</a><script>var x = "not text";</script>`,
    ), URL);
    expect(f.title).toBe("Blue shoes");
    expect(f.metaDescription).toBe("Shoes, blue");
    expect(f.metaRobots).toEqual(["max-snippet:50, nosnippet", "noindex"]);
    expect(f.noindex).toBe(true);
    expect(f.nosnippet).toBe(true);
    expect(f.maxSnippet).toBe(50);
    expect(f.dataNosnippet).toBe(1);
    expect(f.canonical).toBe("https://shop.test/p/1?ref=x");
    expect(f.h1).toBe("Blue shoes");
    expect(f.hreflang).toEqual([{ lang: "de", href: "https://shop.test/de/p/1" }, { lang: "en", href: "https://shop.test/p/1" }]);
    expect(f.structuredDataTypes).toEqual(["BreadcrumbList", "Offer", "Product", "Thing"]);
    expect(f.internalLinks).toBe(1);
    expect(f.internalLinkSample).toEqual(["https://shop.test/a"]);
    expect(f.textLength).toBe("Blue shoes Second Price 10 A A again out m".length);
    expect(f.textHash).toMatch(/^[0-9a-f]{16}$/);
  });

  it("an empty shell has no facts and no text", () => {
    const f = extractFacts(page("", `<div id="root"></div><script src="/app.js"></script>`), URL);
    expect(f).toMatchObject({ title: null, canonical: null, h1: null, noindex: false, textLength: 0, internalLinks: 0, structuredDataTypes: [] });
  });
});

describe("compareFacts and the issue rules", () => {
  const raw = extractFacts(page(`<title>Shop</title><link rel="canonical" href="${URL}">`, `<div id="root">Loading</div>`), URL);
  const rendered = extractFacts(page(
    `<title>Blue shoes</title><link rel="canonical" href="https://shop.test/p/2"><meta name="robots" content="noindex">`,
    `<div id="root"><h1>Blue shoes</h1><p>${words(100)}</p><a href="/a">a</a></div>`,
  ), URL);

  it("lists what differs, most consequential first", () => {
    const kinds = compareFacts(raw, rendered).map((d) => d.kind);
    expect(kinds).toEqual(["noindex", "canonical", "text", "title", "h1", "internal_links"]);
    expect(compareFacts(raw, raw)).toEqual([]);
  });

  it("a script that adds noindex, changes the canonical and writes the text raises three issues", () => {
    const found = renderIssues({ status: "rendered", raw, rendered, robotsBlockedResources: [] });
    expect([...found].sort()).toEqual(["js_only_content", "rendered_canonical_mismatch", "rendered_noindex"]);
    expect(textRatio(raw, rendered)).toBeLessThan(0.2);
  });

  it("a noindex in the raw HTML stops Google from rendering: no rendered_* issue, even when a script removes it", () => {
    const rawNoindex = { ...raw, noindex: true, metaRobots: ["noindex"] };
    const notNoindex = { ...rendered, noindex: false, metaRobots: [] };
    const diffs = compareFacts(rawNoindex, notNoindex);
    expect(diffs[0]).toMatchObject({ kind: "noindex" });
    expect(diffs[0].note).toMatch(/does not render/);
    expect([...renderIssues({ status: "rendered", raw: rawNoindex, rendered: notNoindex, robotsBlockedResources: [] })]).toEqual([]);
  });

  it("text: under a fifth of the rendered text is js_only_content, a fifth or more is not, and small pages are not judged", () => {
    const withText = (n: number) => extractFacts(page("", `<p>${"x".repeat(n)}</p>`), URL);
    const judge = (r: number, d: number) => renderIssues({ status: "rendered", raw: withText(r), rendered: withText(d), robotsBlockedResources: [] }).has("js_only_content");
    expect(judge(199, 1000)).toBe(true);
    expect(judge(200, 1000)).toBe(false);
    expect(judge(0, 199)).toBe(false);
    expect(judge(0, 200)).toBe(true);
  });

  it("resources robots.txt keeps from Googlebot: scripts, styles and data count, images do not", () => {
    const same = { status: "rendered" as const, raw, rendered: raw };
    expect(renderIssues({ ...same, robotsBlockedResources: [{ url: "https://shop.test/i.png", resourceType: "image" }] }).size).toBe(0);
    expect([...renderIssues({ ...same, robotsBlockedResources: [{ url: "https://shop.test/app.js", resourceType: "script" }] })]).toEqual(["render_blocked_resources"]);
  });

  it("a failed render raises render_failed only", () => {
    expect([...renderIssues({ status: "failed", raw, rendered: null, robotsBlockedResources: [] })]).toEqual(["render_failed"]);
  });

  it("the same canonical on both sides, or none on both, is no mismatch", () => {
    const none = extractFacts(page("", `<p>${words(50)}</p>`), URL);
    expect(renderIssues({ status: "rendered", raw: none, rendered: none, robotsBlockedResources: [] }).size).toBe(0);
    expect(renderIssues({ status: "rendered", raw, rendered: { ...raw }, robotsBlockedResources: [] }).size).toBe(0);
  });
});
