import { describe, expect, it } from "vitest";
import { createFieldScanner, isInternal } from "./page-fields";

const URL_ = "https://shop.example/products/a";
const DOC = `<!doctype html><html><head><title>  Blue
  shoes | Shop </title><meta name="Description" content="Shoes that are blue.">
<link rel="alternate" hreflang="de" href="/de/products/a"><link rel="alternate" hreflang="EN" href="https://shop.example/products/a">
<script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"Product","offers":{"@type":["Offer","Thing"]}},{"@type":"BreadcrumbList"}]}</script>
<script type="application/ld+json">{ not json</script></head>
<body><header><a href="/">Home</a> Free shipping</header><nav><a href="/products/">All</a><a href="//shop.example/x">x</a></nav>
<main><h1>Blue <em>shoes</em></h1><p>Made of canvas &amp; rubber.</p><p>In<b>line</b> word.</p><h1>Second</h1>
<a href="mailto:a@b.example">mail</a><a href="#top">top</a><a href="https://other.example/">out</a><a href="HTTPS://SHOP.EXAMPLE:443/y">y</a><a href="z">z</a></main>
<aside>Related</aside><footer>© 2026</footer><script>var ignored = "text";</script></body></html>`;

function scan(doc: string, chunk = doc.length) {
  const s = createFieldScanner(URL_);
  for (let i = 0; i < doc.length; i += chunk) s.write(doc.slice(i, i + chunk));
  return s.finish();
}

describe("page fields", () => {
  it("reads title, description, first H1, hreflang, JSON-LD types, main text without boilerplate and internal links", () => {
    const f = scan(DOC);
    expect(f).toMatchObject({
      title: "Blue shoes | Shop", metaDescription: "Shoes that are blue.", h1: "Blue shoes",
      hreflang: ["de https://shop.example/de/products/a", "en https://shop.example/products/a"],
      structuredDataTypes: ["BreadcrumbList", "Offer", "Product", "Thing"],
      internalLinks: 5,
    });
    // Blue shoes · Made of canvas & rubber. · Inline word. · Second · "mailtopoutyz" (inline links with nothing between them are one word)
    expect(f.wordCount).toBe(11);
    expect(f.mainTextHash).toMatch(/^[0-9a-f]{16}$/);
  });

  it("gives the same fields however the stream is cut", () => {
    const whole = scan(DOC);
    for (const chunk of [1, 7, 64, 1000]) expect(scan(DOC, chunk)).toEqual(whole);
  });

  it("a boilerplate-only change keeps the main text hash; a word changed in the main text does not", () => {
    const base = scan(DOC).mainTextHash;
    expect(scan(DOC.replace("Free shipping", "Free returns").replace("© 2026", "© 2027")).mainTextHash).toBe(base);
    expect(scan(DOC.replace("canvas", "leather")).mainTextHash).not.toBe(base);
  });

  it("an empty page has no text and no title", () => {
    expect(scan("<html><head></head><body></body></html>")).toEqual({
      title: null, metaDescription: null, h1: null, hreflang: [], structuredDataTypes: [], mainTextHash: null, simhash: null, wordCount: 0, internalLinks: 0,
      links: [], linksSeen: 0,
    });
  });

  it("collects the internal links: <base>, rel nofollow, anchor text, the www twin, canonicalised; other schemes, hosts and fragments left out", () => {
    const doc = `<html><head><base href="/dir/"></head><body><a href="x">X &amp; Y</a><a href="/y#frag" rel="nofollow">Y</a>
      <a href="/y">Y again</a><a href="https://www.shop.example/z"><img alt="Zed"></a><a href="mailto:a@b.example">m</a>
      <a href="javascript:void(0)">j</a><a href="https://other.example/">o</a><a href="http://[bad">bad</a><a href="#top">t</a>
      <a href="/products/a">self</a><a href="/p?q=1#x" rel="noopener">Q</a></body></html>`;
    const f = scan(doc);
    expect(f.links).toEqual([
      { url: "https://shop.example/dir/x", nofollow: false, anchor: "X & Y" },
      { url: "https://shop.example/y", nofollow: false, anchor: "Y" },
      { url: "https://www.shop.example/z", nofollow: false, anchor: "Zed" },
      { url: "https://shop.example/p?q=1", nofollow: false, anchor: "Q" },
    ]);
    expect(f.internalLinks).toBe(5); // the own host only (the www twin is in the graph, not in the count)
    const nofollowOnly = scan(`<html><body><a href="/n" rel="NoFollow">n</a></body></html>`);
    expect(nofollowOnly.links).toEqual([{ url: "https://shop.example/n", nofollow: true, anchor: "n" }]);
  });

  it("counts internal links without parsing each URL", () => {
    const h = "shop.example";
    expect(["/a", "a/b", "?q=1", "//shop.example/", "https://shop.example", "http://u@shop.example:8080/x", "https:\\\\shop.example\\x"].map((x) => isInternal(x, h, h))).toEqual(Array(7).fill(true));
    expect(["#x", "", "mailto:x@shop.example", "javascript:void(0)", "//cdn.example/a", "https://shop.example.evil.example/", "ftp://shop.example/"].map((x) => isInternal(x, h, h))).toEqual(Array(7).fill(false));
    expect(isInternal("/a", h, "cdn.example")).toBe(false); // a <base> on another host
  });
});
