import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { parseSitemapStream } from "./index";
import { collect, pieces, urls, urlset } from "./test-helpers";

const parse = (xml: string, opts = {}) => collect(parseSitemapStream(pieces(xml), opts));

describe("parseSitemapStream: documents", () => {
  it("reads a urlset with loc and lastmod", async () => {
    const { events, error } = await parse(
      urlset(`<url><loc>https://example.com/</loc><lastmod>2024-01-02T10:00:00+02:00</lastmod><changefreq>daily</changefreq><priority>0.8</priority></url>
              <url><loc>https://example.com/b?x=1&amp;y=2</loc></url>`),
    );
    expect(error).toBeNull();
    expect(events).toEqual([
      { kind: "root", type: "urlset" },
      { kind: "url", loc: "https://example.com/", lastmod: new Date("2024-01-02T08:00:00Z") },
      { kind: "url", loc: "https://example.com/b?x=1&y=2", lastmod: undefined },
    ]);
  });

  it("reads a sitemapindex", async () => {
    const xml = `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
      <sitemap><loc>https://example.com/a.xml</loc><lastmod>2024-03</lastmod></sitemap>
      <sitemap><loc>https://example.com/b.xml.gz</loc></sitemap></sitemapindex>`;
    const { events, error } = await parse(xml);
    expect(error).toBeNull();
    expect(events).toEqual([
      { kind: "root", type: "sitemapindex" },
      { kind: "sitemap", loc: "https://example.com/a.xml", lastmod: new Date("2024-03-01T00:00:00Z") },
      { kind: "sitemap", loc: "https://example.com/b.xml.gz", lastmod: undefined },
    ]);
  });

  it.each([
    ["no namespace", `<urlset><url><loc>https://e.com/1</loc></url></urlset>`],
    ["standard namespace", urlset("<url><loc>https://e.com/1</loc></url>")],
    ["prefixed elements", `<sm:urlset xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9"><sm:url><sm:loc>https://e.com/1</sm:loc></sm:url></sm:urlset>`],
    ["undeclared prefix", `<x:urlset><x:url><x:loc>https://e.com/1</x:loc></x:url></x:urlset>`],
    ["old Google namespace", `<urlset xmlns="http://www.google.com/schemas/sitemap/0.84"><url><loc>https://e.com/1</loc></url></urlset>`],
  ])("accepts %s", async (_name, xml) => {
    const { events, error } = await parse(xml);
    expect(error).toBeNull();
    expect(events.filter((e) => e.kind === "url").map((e) => e.kind === "url" && e.loc)).toEqual(["https://e.com/1"]);
  });

  it("takes only direct-child loc, not image:loc or video extensions", async () => {
    const { events } = await parse(
      urlset(
        `<url><image:image><image:loc>https://cdn.e.com/i.jpg</image:loc></image:image><loc>https://e.com/page</loc><xhtml:link rel="alternate" href="https://e.com/de"/></url>`,
        ' xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:xhtml="http://www.w3.org/1999/xhtml"',
      ),
    );
    expect(events).toEqual([{ kind: "root", type: "urlset" }, { kind: "url", loc: "https://e.com/page", lastmod: undefined }]);
  });

  it("reads CDATA and trims whitespace and newlines around loc", async () => {
    const { events } = await parse(
      urlset(`<url><loc><![CDATA[https://e.com/cdata?a=1&b=2]]></loc></url><url><loc>
        https://e.com/spaced
      </loc><lastmod>
        2024-05-06
      </lastmod></url><url><loc>  <![CDATA[ https://e.com/mixed ]]>  </loc></url>`),
    );
    expect(events.slice(1)).toEqual([
      { kind: "url", loc: "https://e.com/cdata?a=1&b=2", lastmod: undefined },
      { kind: "url", loc: "https://e.com/spaced", lastmod: new Date("2024-05-06T00:00:00Z") },
      { kind: "url", loc: "https://e.com/mixed", lastmod: undefined },
    ]);
  });

  it("rejects relative, malformed and non-http entries without stopping", async () => {
    const { events, error } = await parse(
      urlset(
        ["/relative", "page.html", "//e.com/proto-relative", "https://", "http://exa mple.com/", "https:e.com/x", "ftp://e.com/f", "javascript:alert(1)", "", "https://e.com/ok"]
          .map((l) => `<url><loc>${l}</loc></url>`)
          .join("") + "<url><lastmod>2024-01-01</lastmod></url>",
      ),
      { baseUrl: "https://e.com/sitemap.xml" },
    );
    expect(error).toBeNull();
    expect(events.slice(1)).toEqual([
      { kind: "rejected", entry: "url", value: "/relative", reason: "relative", resolved: "https://e.com/relative" },
      { kind: "rejected", entry: "url", value: "page.html", reason: "relative", resolved: "https://e.com/page.html" },
      { kind: "rejected", entry: "url", value: "//e.com/proto-relative", reason: "relative", resolved: "https://e.com/proto-relative" },
      { kind: "rejected", entry: "url", value: "https://", reason: "invalid_url" },
      { kind: "rejected", entry: "url", value: "http://exa mple.com/", reason: "invalid_url" },
      { kind: "rejected", entry: "url", value: "https:e.com/x", reason: "invalid_url" },
      { kind: "rejected", entry: "url", value: "ftp://e.com/f", reason: "unsupported_scheme" },
      { kind: "rejected", entry: "url", value: "javascript:alert(1)", reason: "unsupported_scheme" },
      { kind: "rejected", entry: "url", value: "", reason: "invalid_url" },
      { kind: "url", loc: "https://e.com/ok", lastmod: undefined },
      { kind: "rejected", entry: "url", value: "", reason: "invalid_url" },
    ]);
  });

  it("rejects a loc over 2,048 characters", async () => {
    const { events } = await parse(urlset(`<url><loc>https://e.com/${"a".repeat(2100)}</loc></url>`));
    expect(events[1]).toMatchObject({ kind: "rejected", reason: "invalid_url" });
  });

  it("accepts files with a UTF-8 BOM and non-ASCII URLs", async () => {
    const { events, error } = await parse(`\uFEFF${urlset("<url><loc>https://e.com/café</loc></url>")}`);
    expect(error).toBeNull();
    expect(events[1]).toEqual({ kind: "url", loc: "https://e.com/caf%C3%A9", lastmod: undefined });
  });
});

describe("parseSitemapStream: limits and errors", () => {
  it("stops at 50,001 entries with too_many_urls after yielding the first 50,000", async () => {
    const { events, error } = await parse(urlset(urls(50_001)));
    expect(error?.code).toBe("too_many_urls");
    expect(events.filter((e) => e.kind === "url")).toHaveLength(50_000);
  });

  it("accepts exactly 50,000 entries", async () => {
    const { events, error } = await parse(urlset(urls(50_000)));
    expect(error).toBeNull();
    expect(events).toHaveLength(50_001);
  });

  it("honours a custom maxUrls, counting rejected entries too", async () => {
    const { error } = await parse(urlset(urls(2) + "<url><loc>/x</loc></url>"), { maxUrls: 2 });
    expect(error?.code).toBe("too_many_urls");
  });

  it("stops with too_large past maxBytes", async () => {
    const { events, error } = await collect(parseSitemapStream(pieces(urlset(urls(5_000)), [16 * 1024]), { maxBytes: 100 * 1024 }));
    expect(error?.code).toBe("too_large");
    expect(events.length).toBeGreaterThan(100);
  });

  it.each([
    ["unclosed tags", urlset("<url><loc>https://e.com/1</loc></url><url><loc>https://e.com/2</loc>").replace("</urlset>", "")],
    ["mismatched tags", urlset("<url><loc>https://e.com/1</loc></url><url><loc>https://e.com/2</lastmod></url>")],
    ["garbage after entries", urlset("<url><loc>https://e.com/1</loc></url><<<>>>")],
  ])("reports parse_error for %s, keeping the entries before it", async (_name, xml) => {
    const { events, error } = await parse(xml);
    expect(error?.code).toBe("parse_error");
    expect(error?.message).toBeTruthy();
    expect(events).toContainEqual({ kind: "url", loc: "https://e.com/1", lastmod: undefined });
  });

  it.each([
    ["an HTML page", "<!doctype html><html><body>Not found</body></html>"],
    ["an HTML page without doctype", "<html><body><p>Not found</p></body></html>"],
    ["an empty body", ""],
    ["plain text", "https://e.com/1\nhttps://e.com/2\n"],
    ["an RSS feed", `<?xml version="1.0"?><rss version="2.0"><channel></channel></rss>`],
  ])("reports parse_error for %s", async (_name, xml) => {
    const { events, error } = await parse(xml);
    expect(error?.code).toBe("parse_error");
    expect(events).toEqual([]);
  });

  it("refuses elements nested absurdly deep", async () => {
    const { error } = await parse(urlset(`<url>${"<a>".repeat(100)}${"</a>".repeat(100)}</url>`));
    expect(error?.code).toBe("parse_error");
  });

  it.each([
    ["a giant text node", urlset(`<url><loc>https://e.com/${"a".repeat(2_000_000)}</loc></url>`)],
    ["a giant comment", urlset(`<!--${"c".repeat(2_000_000)}--><url><loc>https://e.com/1</loc></url>`)],
    ["a giant CDATA section outside loc", urlset(`<url><x><![CDATA[${"c".repeat(2_000_000)}]]></x></url>`)],
  ])("refuses %s instead of buffering it", async (_name, xml) => {
    const { error } = await parse(xml);
    expect(error?.code).toBe("parse_error");
    expect(error?.message).toMatch(/longer than/);
  });

  it("accepts a web ReadableStream and a Node Readable", async () => {
    const xml = urlset(urls(3));
    const web = new Blob([xml]).stream();
    expect((await collect(parseSitemapStream(web))).events).toHaveLength(4);
    expect((await collect(parseSitemapStream(Readable.from([Buffer.from(xml)])))).events).toHaveLength(4);
  });
});
