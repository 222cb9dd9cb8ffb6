import { describe, expect, it } from "vitest";
import { unifiedDiff } from "@/lib/site-watch/line-diff";

const labels = { before: "robots.txt (v1)", after: "robots.txt (v2)" };

describe("robots.txt line diff (the diff package, bounded)", () => {
  it("writes a unified diff with 3 lines of context and counts the lines", () => {
    const a = ["User-agent: *", "Disallow: /admin", "Disallow: /tmp", "", "User-agent: GPTBot", "Disallow: /docs", "", "Sitemap: https://a.test/s.xml"].join("\n");
    const b = ["User-agent: *", "Disallow: /admin", "Disallow: /shop", "", "User-agent: GPTBot", "Disallow: /docs", "", "Sitemap: https://a.test/s.xml", "Sitemap: https://a.test/t.xml"].join("\n");
    const d = unifiedDiff(a, b, labels);
    expect(d).toMatchObject({ linesAdded: 2, linesRemoved: 1 });
    expect(d.unified).toBe([
      "--- robots.txt (v1)", "+++ robots.txt (v2)",
      "@@ -1,8 +1,9 @@", " User-agent: *", " Disallow: /admin", "-Disallow: /tmp", "+Disallow: /shop", " ", " User-agent: GPTBot", " Disallow: /docs", " ",
      " Sitemap: https://a.test/s.xml", "+Sitemap: https://a.test/t.xml", "",
    ].join("\n"));
  });

  it("keeps far-apart changes in separate hunks, and an addition to an empty file starts at 0", () => {
    const a = Array.from({ length: 30 }, (_, i) => `Disallow: /p${i}`);
    const b = [...a];
    b[2] = "Disallow: /changed";
    b[25] = "Allow: /p25";
    const d = unifiedDiff(a.join("\n"), b.join("\n"), labels);
    expect(d.unified.match(/^@@.*@@$/gm)).toEqual(["@@ -1,6 +1,6 @@", "@@ -23,7 +23,7 @@"]);
    expect(unifiedDiff("", "User-agent: *\n", labels).unified).toContain("@@ -0,0 +1,1 @@\n+User-agent: *\n");
  });

  it("reads CRLF, CR and LF alike, and an identical text gives no diff", () => {
    expect(unifiedDiff("a\r\nb\r\n", "a\nb", labels)).toEqual({ unified: "", linesAdded: 0, linesRemoved: 0 });
  });

  it("bounds a huge rewrite: two different 500 KiB files diff in well under a second, every line counted", () => {
    const a = Array.from({ length: 20_000 }, (_, i) => `Disallow: /a/${i}/xxxxxxxx`).join("\n");
    const b = Array.from({ length: 20_000 }, (_, i) => `Disallow: /b/${i}/yyyyyyyy`).join("\n");
    const t = performance.now();
    const d = unifiedDiff(a, b, labels);
    expect(performance.now() - t).toBeLessThan(2_000);
    expect(d).toMatchObject({ linesAdded: 20_000, linesRemoved: 20_000 });
    expect(d.unified.split("\n").filter((l) => l.startsWith("-") && !l.startsWith("---"))).toHaveLength(20_000);
  });
});
