// auditUrl's indexability judgement against a real local site: robots meta tags, X-Robots-Tag,
// canonicals in the head and in Link headers, non-HTML answers, and reading only the head.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AuditSite, page, type Answer } from "./helpers";

let site: AuditSite;
beforeAll(async () => {
  site = await AuditSite.start();
});
afterAll(() => site.close());

const NOW = () => new Date("2026-06-01T00:00:00Z");

async function judge(answer: Answer, path = "/dir/page") {
  const h = site.host();
  h.set(path, answer);
  return { o: await h.audit(path, { now: NOW }), h };
}

describe("noindex", () => {
  const cases: [name: string, answer: Answer, indexability: string, meta: string | null, xrt: string | null][] = [
    ["no directives", { body: page("") }, "indexable", null, null],
    ["meta robots noindex", { body: page(`<meta name="robots" content="noindex">`) }, "noindex", "noindex", null],
    ["meta in upper case with spacing", { body: page(`<META NAME=" ROBOTS " CONTENT="  NoIndex ,  NoFollow ">`) }, "noindex", "NoIndex ,  NoFollow", null],
    ["meta robots none", { body: page(`<meta name=robots content=none>`) }, "noindex", "none", null],
    ["meta nofollow only", { body: page(`<meta name=robots content="nofollow">`) }, "indexable", "nofollow", null],
    ["several tags combine", { body: page(`<meta name=robots content=nofollow><meta name=googlebot content=noindex>`) }, "noindex", "nofollow, googlebot: noindex", null],
    ["bingbot tag counts", { body: page(`<meta name=bingbot content="noindex">`) }, "noindex", "bingbot: noindex", null],
    ["other crawler's tag ignored", { body: page(`<meta name=otherbot content="noindex">`) }, "indexable", null, null],
    ["meta in the body ignored", { body: page("", `<meta name=robots content=noindex>`) }, "indexable", null, null],
    ["meta unavailable_after past", { body: page(`<meta name=robots content="unavailable_after: 25 Jun 2010 15:00:00 PST">`) }, "noindex", "unavailable_after: 25 Jun 2010 15:00:00 PST", null],
    ["meta unavailable_after future", { body: page(`<meta name=robots content="unavailable_after: 2099-01-01">`) }, "indexable", "unavailable_after: 2099-01-01", null],
    ["X-Robots-Tag noindex", { body: page(""), headers: { "x-robots-tag": "noindex" } }, "noindex", null, "noindex"],
    ["X-Robots-Tag case and spacing", { body: page(""), headers: { "X-Robots-Tag": "  NOINDEX  " } }, "noindex", null, "NOINDEX"],
    ["X-Robots-Tag none", { body: page(""), headers: { "x-robots-tag": "none" } }, "noindex", null, "none"],
    ["X-Robots-Tag googlebot: noindex", { body: page(""), headers: { "x-robots-tag": "googlebot: noindex" } }, "noindex", null, "googlebot: noindex"],
    ["X-Robots-Tag otherbot: noindex ignored", { body: page(""), headers: { "x-robots-tag": "otherbot: noindex, nofollow" } }, "indexable", null, "otherbot: noindex, nofollow"],
    ["several X-Robots-Tag headers", { body: page(""), headers: { "x-robots-tag": ["noarchive", "bingbot: noindex"] } }, "noindex", null, "noarchive, bingbot: noindex"],
    ["several headers, other crawler", { body: page(""), headers: { "x-robots-tag": ["googlebot: nofollow", "otherbot: noindex"] } }, "indexable", null, "googlebot: nofollow, otherbot: noindex"],
    ["unavailable_after past (commas in the date)", { body: page(""), headers: { "x-robots-tag": ["nofollow", "unavailable_after: Friday, 25-Jun-2010 15:00:00 PST"] } }, "noindex", null, "nofollow, unavailable_after: Friday, 25-Jun-2010 15:00:00 PST"],
    ["unavailable_after future", { body: page(""), headers: { "x-robots-tag": "unavailable_after: Thu, 01 Jan 2099 00:00:00 GMT" } }, "indexable", null, "unavailable_after: Thu, 01 Jan 2099 00:00:00 GMT"],
    ["header and meta together", { body: page(`<meta name=robots content=noindex>`), headers: { "x-robots-tag": "nofollow" } }, "noindex", "noindex", "nofollow"],
  ];
  it.each(cases)("%s", async (_name, answer, indexability, meta, xrt) => {
    const { o } = await judge(answer);
    expect(o).toMatchObject({ healthState: "healthy", indexability, metaRobots: meta, xRobotsTag: xrt });
    expect(o.detected).toEqual(indexability === "noindex" ? ["has_noindex"] : []);
  });
});

describe("canonical", () => {
  const cases: [name: string, answer: Answer, canonical: string | null, indexability: string][] = [
    ["none", { body: page("") }, null, "indexable"],
    ["self, absolute", { body: page(`<link rel=canonical href="https://HOST/dir/page">`) }, "https://HOST/dir/page", "indexable"],
    ["self, relative", { body: page(`<link rel=canonical href="page">`) }, "https://HOST/dir/page", "indexable"],
    ["self with default port and upper-case host", { body: page(`<link rel=canonical href="HTTPS://UPPER:443/dir/page#x">`) }, "https://HOST/dir/page", "indexable"],
    ["other page, relative", { body: page(`<link rel=canonical href="../other">`) }, "https://HOST/other", "canonicalized"],
    ["trailing slash differs", { body: page(`<link rel=canonical href="/dir/page/">`) }, "https://HOST/dir/page/", "canonicalized"],
    ["cross-host", { body: page(`<link rel="canonical" href="https://www.elsewhere.example/p">`) }, "https://www.elsewhere.example/p", "canonicalized"],
    ["http vs https", { body: page(`<link rel=canonical href="http://HOST/dir/page">`) }, "http://HOST/dir/page", "canonicalized"],
    ["<base href> before it", { body: page(`<base href="/base/"><link rel=canonical href="page">`) }, "https://HOST/base/page", "canonicalized"],
    ["canonical in the body ignored", { body: page("", `<link rel=canonical href="/body-only">`) }, null, "indexable"],
    ["Link header, relative", { body: page(""), headers: { link: '</from-header>; rel="canonical"' } }, "https://HOST/from-header", "canonicalized"],
    ["Link header among others", { body: page(""), headers: { link: ['<https://cdn.example/a.css>; rel=preload; as=style', "<https://HOST/dir/page>; rel=canonical"] } }, "https://HOST/dir/page", "indexable"],
    ["head wins over the Link header", { body: page(`<link rel=canonical href="/from-head">`), headers: { link: "</from-header>; rel=canonical" } }, "https://HOST/from-head", "canonicalized"],
    ["noindex wins over canonicalized", { body: page(`<meta name=robots content=noindex><link rel=canonical href="/x">`) }, "https://HOST/x", "noindex"],
  ];
  it.each(cases)("%s", async (_name, answer, canonical, indexability) => {
    const h = site.host();
    const fill = (s: string) => s.replaceAll("HOST", h.host).replaceAll("UPPER", h.host.toUpperCase());
    const filled = { ...answer, body: fill(String(answer.body)), headers: JSON.parse(fill(JSON.stringify(answer.headers ?? {}))) };
    h.set("/dir/page", filled);
    const o = await h.audit("/dir/page", { now: NOW });
    expect(o.canonicalUrl).toBe(canonical && fill(canonical));
    expect(o.indexability).toBe(indexability);
    expect(o.detected).toEqual(indexability === "canonicalized" ? ["canonical_mismatch"] : indexability === "noindex" ? ["has_noindex"] : []);
  });

  it("compares with the final URL after redirects", async () => {
    const h = site.host();
    h.set("/old", { redirect: "/new" });
    h.set("/new", { body: page(`<link rel=canonical href="/new">`) });
    expect(await h.audit("/old")).toMatchObject({ healthState: "redirected", canonicalUrl: h.url("/new"), indexability: "indexable" });
  });
});

describe("non-HTML and odd answers", () => {
  it("a PDF is judged by its headers alone and its body is not read", async () => {
    const pdf = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(2 * 1024 * 1024, 1)]);
    const { o } = await judge({ contentType: "application/pdf", body: pdf, headers: { "x-robots-tag": "noindex, nofollow", link: '<https://x.example/doc>; rel="canonical"' } }, "/doc.pdf");
    expect(o).toMatchObject({ healthState: "healthy", indexability: "noindex", xRobotsTag: "noindex, nofollow", metaRobots: null, canonicalUrl: "https://x.example/doc" });
  });

  it("an image without directives is indexable", async () => {
    expect((await judge({ contentType: "image/png", body: Buffer.alloc(100) }, "/a.png")).o).toMatchObject({ indexability: "indexable", metaRobots: null });
  });

  it("text/plain that looks like HTML is not parsed; a missing Content-Type is sniffed", async () => {
    const body = page(`<meta name=robots content=noindex>`);
    expect((await judge({ contentType: "text/plain", body })).o.indexability).toBe("indexable");
    expect((await judge({ contentType: null, body })).o.indexability).toBe("noindex");
    expect((await judge({ contentType: null, body: "just text, <meta name=robots content=noindex>" })).o.indexability).toBe("indexable");
  });

  it("application/xhtml+xml and a declared charset are honoured", async () => {
    const xhtml = await judge({ contentType: "application/xhtml+xml", body: page(`<meta name="robots" content="noindex" />`) });
    expect(xhtml.o.indexability).toBe("noindex");
    const latin1 = Buffer.from(page(`<link rel=canonical href="/caf\xe9">`), "latin1");
    const { o, h } = await judge({ contentType: "text/html; charset=windows-1252", body: latin1 }, "/caf%C3%A9");
    expect(o).toMatchObject({ canonicalUrl: h.url("/caf%C3%A9"), indexability: "indexable" });
  });

  it("reads only the head of a huge page, then closes the connection", async () => {
    const h = site.host();
    let written = 0;
    let closed = false;
    site.site.route("/huge", (_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.write(page(`<meta name=robots content=noindex>`).replace("</body></html>", ""));
      const chunk = Buffer.from(`<p>${"filler ".repeat(1000)}</p>`);
      const pump = () => {
        while (!res.destroyed && written < 100 * 1024 * 1024) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once("drain", pump);
        }
        res.end();
      };
      res.once("close", () => (closed = true));
      pump();
    });
    const o = await h.audit("/huge");
    expect(o.indexability).toBe("noindex");
    await new Promise((r) => setTimeout(r, 100));
    expect(closed).toBe(true);
    expect(written).toBeLessThan(8 * 1024 * 1024);
  });

  it("a head that never ends is judged on its first 1 MiB", async () => {
    const head = `<html><head><meta name=robots content=noindex>${"<script>var x=1;</script>".repeat(100_000)}<meta name=googlebot content=noindex>`;
    const { o } = await judge({ body: head });
    expect(o).toMatchObject({ healthState: "healthy", indexability: "noindex", metaRobots: "noindex" });
  });

  it("strips NUL and caps what it stores", async () => {
    const { o } = await judge({ body: page(`<meta name=robots content="noindex\u0000,nofollow"><link rel=canonical href="/a\u0000b">`), headers: { "x-robots-tag": `noarchive${", nosnippet".repeat(500)}` } });
    expect(o.metaRobots).toBe("noindex,nofollow");
    expect(o.xRobotsTag!.length).toBeLessThanOrEqual(1000);
    expect(JSON.stringify(o)).not.toContain("\\u0000");
  });
});
