import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { collectGarbage } from "@/lib/core/collect-garbage";
import { parseSitemapStream, parseTextSitemap } from "./index";
import { collect, pieces, urls, urlset } from "./test-helpers";

const secretDir = fs.mkdtempSync(path.join(os.tmpdir(), "xxe-"));
const secretFile = path.join(secretDir, "secret.txt");
fs.writeFileSync(secretFile, "TOP-SECRET-CONTENT");

const lol = Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`).join("\n");
const hostile: [string, string][] = [
  [
    "XXE with a file entity",
    `<?xml version="1.0"?><!DOCTYPE urlset [<!ENTITY xxe SYSTEM "file://${secretFile}">]><urlset><url><loc>https://e.com/&xxe;</loc></url></urlset>`,
  ],
  [
    "XXE reading /etc/passwd",
    `<?xml version="1.0"?><!DOCTYPE foo [<!ELEMENT foo ANY><!ENTITY xxe SYSTEM "file:///etc/passwd">]><urlset><url><loc>&xxe;</loc></url></urlset>`,
  ],
  ["billion laughs", `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol0 "lol">\n${lol}]><urlset><url><loc>https://e.com/&lol9;</loc></url></urlset>`],
  [
    "quadratic blowup",
    `<?xml version="1.0"?><!DOCTYPE urlset [<!ENTITY a "${"a".repeat(50_000)}">]><urlset><url><loc>https://e.com/${"&a;".repeat(50_000)}</loc></url></urlset>`,
  ],
  ["external DTD", `<?xml version="1.0"?><!DOCTYPE urlset SYSTEM "http://127.0.0.1:1/evil.dtd"><urlset><url><loc>https://e.com/1</loc></url></urlset>`],
  [
    "parameter entities",
    `<?xml version="1.0"?><!DOCTYPE urlset [<!ENTITY % p SYSTEM "file://${secretFile}"><!ENTITY % q "<!ENTITY leak '%p;'>">%q;]><urlset><url><loc>https://e.com/&leak;</loc></url></urlset>`,
  ],
  ["DOCTYPE split across chunks", `<?xml version="1.0"?><!DOC` + `TYPE urlset [<!ENTITY x "y">]><urlset/>`],
  ["undeclared entity without DTD", urlset("<url><loc>https://e.com/&xxe;</loc></url>")],
];

describe("parseSitemapStream: hostile documents", () => {
  it.each(hostile)("%s: refused quickly, nothing expanded or read", async (_name, xml) => {
    const readSpy = vi.spyOn(fs, "readFileSync");
    const start = performance.now();
    const { events, error } = await collect(parseSitemapStream(pieces(xml, [7, 13, 64])));
    const elapsed = performance.now() - start;
    readSpy.mockRestore();
    expect(error?.code).toBe("parse_error");
    expect(elapsed).toBeLessThan(1000);
    expect(readSpy).not.toHaveBeenCalled();
    const dump = JSON.stringify(events);
    expect(dump).not.toContain("TOP-SECRET");
    expect(dump).not.toContain("root:");
    expect(dump).not.toContain("lollol");
    expect(events.filter((e) => e.kind === "url")).toEqual([]);
  });

  it("names the DTD as the reason", async () => {
    const { error } = await collect(parseSitemapStream(pieces(hostile[0][1])));
    expect(error?.message).toBe("DTD not allowed");
  });

  it("still expands the five predefined entities and character references", async () => {
    const { events } = await collect(parseSitemapStream(pieces(urlset("<url><loc>https://e.com/?a=1&amp;b=&#x32;&#51;&apos;</loc></url>"))));
    expect(events[1]).toEqual({ kind: "url", loc: "https://e.com/?a=1&b=23%27", lastmod: undefined });
  });
});

describe("parseSitemapStream: streaming", () => {
  it("gives the same result whatever the chunk boundaries (tags, entities, UTF-8 split)", async () => {
    const xml = urlset(`<url><loc>https://e.com/é?a=1&amp;b=2</loc><lastmod>2024-01-02T03:04:05Z</lastmod></url>${urls(300)}<url><loc><![CDATA[https://e.com/ü]]></loc></url>`);
    const whole = await collect(parseSitemapStream(pieces(xml)));
    for (const sizes of [[1], [2, 3], [7, 11, 13], [1000, 1]]) {
      expect(await collect(parseSitemapStream(pieces(xml, sizes)))).toEqual(whole);
    }
    expect(whole.events).toHaveLength(303);
    expect(whole.error).toBeNull();
  });

  it("yields entries before the source is exhausted (no buffering of the document)", async () => {
    let produced = 0;
    async function* lazy() {
      yield new TextEncoder().encode('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      for (let i = 0; i < 1000; i++) {
        produced++;
        yield new TextEncoder().encode(urls(10, `https://e.com/${i}/`));
      }
      yield new TextEncoder().encode("</urlset>");
    }
    const gen = parseSitemapStream(lazy());
    let seen = 0;
    for await (const e of gen) {
      if (e.kind === "url" && ++seen === 15) break;
    }
    expect(produced).toBeLessThan(5);
  });

  it("streams a ~45 MB document split mid-tag with flat memory", async () => {
    const chunk = new TextEncoder().encode(urls(100, "https://example.com/some/fairly/long/path/segment-"));
    const total = 450_000;
    async function* big() {
      yield new TextEncoder().encode('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n');
      // 4,093-byte slices cut tags, entities and text at arbitrary points.
      for (let i = 0; i < total / 100; i++) {
        for (let o = 0; o < chunk.length; o += 4093) yield chunk.subarray(o, o + 4093);
      }
      yield new TextEncoder().encode("</urlset>");
    }
    // What the parse holds on to, read after a full collection every 50,000 URLs (garbage not yet collected, of this
    // file or of the files before it in the worker, is not memory the parser keeps).
    expect(collectGarbage()).toBe(true);
    const before = process.memoryUsage().heapUsed;
    let count = 0;
    let peak = 0;
    for await (const e of parseSitemapStream(big(), { maxUrls: 1_000_000 })) {
      if (e.kind === "url" && ++count % 50_000 === 0) {
        collectGarbage();
        peak = Math.max(peak, process.memoryUsage().heapUsed - before);
      }
    }
    expect(count).toBe(total);
    expect(peak).toBeLessThan(16 * 1024 * 1024);
    // It asserts memory, not speed: 450,000 URLs take 5-8 s alone, and over 30 s beside CI's journeys on 2 cores.
  }, 120_000);
});

describe("NUL characters", () => {
  it("refuses an XML document holding one (raw or as a character reference)", async () => {
    for (const loc of ["https://e.com/a\u0000b", "https://e.com/a&#0;b"]) {
      const { events, error } = await collect(parseSitemapStream(pieces(urlset(`<url><loc>${loc}</loc></url>`))));
      expect(events.filter((e) => e.kind === "url")).toEqual([]);
      expect(error?.code).toBe("parse_error");
    }
  });

  it("rejects a text sitemap line holding one instead of percent-encoding it", async () => {
    const { events } = await collect(parseTextSitemap(pieces("https://e.com/a\u0000b\nhttps://e.com/ok\n")));
    expect(events).toEqual([
      { kind: "rejected", entry: "url", value: "https://e.com/a\ufffdb", reason: "invalid_url" },
      { kind: "url", loc: "https://e.com/ok" },
    ]);
  });
});
