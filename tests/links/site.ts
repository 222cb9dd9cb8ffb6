// A small site for the link graph suites, served by the shared sitemaps test site: a home page linking to a
// followed page, a nofollow-only page, a deep section (six clicks), a loop, a redirecting page, a missing page,
// relative links under <base>, other schemes and hosts; and one tracked orphan.
import type { SitemapSite } from "../sitemaps/helpers";

export const page = (title: string, body: string, head = "") =>
  ({ body: `<!doctype html><html><head><title>${title}</title>${head}</head><body>${body}</body></html>`, contentType: "text/html" });

/** Paths tracked by the suites (the rest are only linked). */
export const TRACKED = ["/", "/a", "/b", "/old", "/orphan", "/loop1", "/loop2", "/deep/1", "/deep/2", "/deep/3", "/deep/4", "/deep/5", "/deep/6"];

export function serveLinkSite(site: SitemapSite, host: string) {
  site.set(host, "/robots.txt", { body: "User-agent: *\nAllow: /\n", contentType: "text/plain" });
  site.set(host, "/", page("Home", `
    <nav><a href="/a">About &amp; us</a> <a href="/b" rel="nofollow noopener">B</a> <a href="/deep/1">Deep</a></nav>
    <a href="mailto:a@b.example">mail</a><a href="javascript:void(0)">js</a><a href="tel:+1">tel</a><a href="#top">top</a>
    <a href="https://other.example/">other host</a><a href="https://www.${host}/twin">twin</a>
    <a href="http://[::1">malformed</a><a href="https://${host}:99999/x">bad port</a>
    <a href="c"><img alt="Image link"></a><a href="/loop1">Loop</a><a href="/">Home itself</a>`,
  `<base href="/sub/">`));
  site.set(host, "/a", page("A", `<a href="/">Home</a> <a href="/b" rel="nofollow">B</a> <a href="/missing">Missing</a> <a href="/old">Old</a> <a href="/a#x">self</a>`));
  site.set(host, "/b", page("B", `<a href="/">Home</a>`));
  site.set(host, "/old", { status: 301, location: `https://${host}/a`, body: "" });
  site.set(host, "/orphan", page("Orphan", `<a href="/">Home</a>`));
  site.set(host, "/loop1", page("Loop 1", `<a href="/loop2">2</a>`));
  site.set(host, "/loop2", page("Loop 2", `<a href="/loop1">1</a>`));
  for (let i = 1; i <= 6; i++) site.set(host, `/deep/${i}`, page(`Deep ${i}`, i < 6 ? `<a href="/deep/${i + 1}">Next</a>` : "The end"));
  site.set(host, "/sub/c", page("C under base", `<a href="/">Home</a>`));
}
