import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { detectSitemapFormat, parseLastmod, parseTextSitemap } from "./index";
import { collect, pieces } from "./test-helpers";

describe("parseLastmod", () => {
  it.each([
    ["2024", "2024-01-01T00:00:00.000Z"],
    ["2024-03", "2024-03-01T00:00:00.000Z"],
    ["2024-03-05", "2024-03-05T00:00:00.000Z"],
    ["2024-03-05T10:20Z", "2024-03-05T10:20:00.000Z"],
    ["2024-03-05T10:20:30Z", "2024-03-05T10:20:30.000Z"],
    ["2024-03-05T10:20:30.45Z", "2024-03-05T10:20:30.450Z"],
    ["2024-03-05T10:20:30.123456Z", "2024-03-05T10:20:30.123Z"],
    ["2024-03-05T10:20:30+02:00", "2024-03-05T08:20:30.000Z"],
    ["2024-03-05T10:20:30-05:30", "2024-03-05T15:50:30.000Z"],
    ["2024-03-05T10:20:30+0200", "2024-03-05T08:20:30.000Z"],
    ["2024-03-05T10:20:30+02", "2024-03-05T08:20:30.000Z"],
    ["2024-03-05T10:20:30", "2024-03-05T10:20:30.000Z"],
    ["2024-03-05 10:00:00", "2024-03-05T10:00:00.000Z"],
    ["2024-03-05 10:00:00 UTC", "2024-03-05T10:00:00.000Z"],
    ["2024-03-05 10:00:00 +01:00", "2024-03-05T09:00:00.000Z"],
    ["2024-03-05t10:00:00z", "2024-03-05T10:00:00.000Z"],
    ["2024/03/05", "2024-03-05T00:00:00.000Z"],
    ["2024-3-5", "2024-03-05T00:00:00.000Z"],
    ["  2024-03-05\n", "2024-03-05T00:00:00.000Z"],
    ["2024-02-29", "2024-02-29T00:00:00.000Z"],
    ["2024-12-31T23:59:60Z", "2024-12-31T23:59:59.000Z"],
    ["Tue, 05 Mar 2024 10:20:30 GMT", "2024-03-05T10:20:30.000Z"],
    ["Tue, 05 Mar 2024 10:20:30 +0100", "2024-03-05T09:20:30.000Z"],
    ["5 Mar 2024 10:20 GMT", "2024-03-05T10:20:00.000Z"],
  ])("%j → %s", (input, expected) => expect(parseLastmod(input)?.toISOString()).toBe(expected));

  it.each([
    [undefined],
    [""],
    ["yesterday"],
    ["2023-02-29"],
    ["2024-02-30T10:00:00Z"],
    ["2024-03-05T10:20:30+15:00"],
    ["2024-03-05T24:00:00+00:00"],
    ["2024-03-05T10:20:30X"],
    ["2024-13-01"],
    ["2024-00-10"],
    ["2024-04-31"],
    ["2024-03-05T25:00:00Z"],
    ["2024-03-05T10:61:00Z"],
    ["2024-03-05T10:00:00+25:00"],
    ["24-03-05"],
    ["0099-01-01"],
    ["1709633000"],
    ["2024-03-05T10"],
    ["2024-03-05 garbage"],
  ])("%j → undefined", (input) => expect(parseLastmod(input)).toBeUndefined());
});

describe("parseTextSitemap", () => {
  it("reads one URL per line with any line ending, skipping blanks and trimming", async () => {
    const text = "\uFEFFhttps://e.com/a\r\nhttps://e.com/b\n\n  https://e.com/c  \rhttps://e.com/é\n/relative\nftp://e.com/x\nnot a url at all\nhttps://e.com/last";
    const expected = [
      { kind: "url", loc: "https://e.com/a" },
      { kind: "url", loc: "https://e.com/b" },
      { kind: "url", loc: "https://e.com/c" },
      { kind: "url", loc: "https://e.com/%C3%A9" },
      { kind: "rejected", entry: "url", value: "/relative", reason: "relative", resolved: "https://e.com/relative" },
      { kind: "rejected", entry: "url", value: "ftp://e.com/x", reason: "unsupported_scheme" },
      { kind: "rejected", entry: "url", value: "not a url at all", reason: "relative", resolved: "https://e.com/not%20a%20url%20at%20all" },
      { kind: "url", loc: "https://e.com/last" },
    ];
    for (const sizes of [[64 * 1024], [1], [3, 5]]) {
      const { events, error } = await collect(parseTextSitemap(pieces(text, sizes), { baseUrl: "https://e.com/sitemap.txt" }));
      expect(error).toBeNull();
      expect(events).toEqual(expected);
    }
  });

  it("stops at 50,001 URLs with too_many_urls", async () => {
    const lines = Array.from({ length: 50_001 }, (_, i) => `https://e.com/${i}`).join("\n");
    const { events, error } = await collect(parseTextSitemap(Readable.from([lines])));
    expect(error?.code).toBe("too_many_urls");
    expect(events).toHaveLength(50_000);
  });

  it("stops with too_large past maxBytes", async () => {
    const lines = Array.from({ length: 5_000 }, (_, i) => `https://e.com/${i}`).join("\n");
    const { error } = await collect(parseTextSitemap(pieces(lines, [1024]), { maxBytes: 10_000 }));
    expect(error?.code).toBe("too_large");
  });

  it("rejects an overlong line without buffering it and continues", async () => {
    const text = `https://e.com/1\nhttps://e.com/${"x".repeat(3_000_000)}\nhttps://e.com/2`;
    const { events, error } = await collect(parseTextSitemap(pieces(text, [4096])));
    expect(error).toBeNull();
    expect(events.map((e) => e.kind)).toEqual(["url", "rejected", "url"]);
    expect(events[1]).toMatchObject({ reason: "invalid_url" });
    expect((events[1] as { value: string }).value.length).toBeLessThanOrEqual(2048);
  });
});

describe("detectSitemapFormat", () => {
  const bytes = (s: string) => new TextEncoder().encode(s);
  it.each([
    [new Uint8Array([0x1f, 0x8b, 0x08, 0]), "application/xml", "gzip"],
    [new Uint8Array([0x1f, 0x8b]), null, "gzip"],
    [bytes('<?xml version="1.0"?><urlset>'), "text/xml", "xml"],
    [bytes("<urlset>"), "text/plain", "xml"],
    [bytes("\uFEFF  \n<?xml"), "application/octet-stream", "xml"],
    [bytes("https://e.com/a\nhttps://e.com/b"), "text/plain; charset=utf-8", "text"],
    [bytes("https://e.com/a"), "application/xml", "text"],
    [bytes("\uFEFFhttps://e.com/a"), undefined, "text"],
    [bytes(""), "text/plain", "text"],
    [bytes("   "), "application/xml", "xml"],
    [bytes(""), null, "xml"],
  ])("%s with %s → %s", (first, contentType, expected) => {
    expect(detectSitemapFormat(first, contentType)).toBe(expected);
  });
});
