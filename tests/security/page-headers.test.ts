// Every page answers with a nonce-based Content-Security-Policy, no framing (share links too), nosniff, a Referrer-Policy
// and, over HTTPS, HSTS. (e2e/security-headers.spec.ts checks that pages run under it in Chromium without violations.)
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { config, proxy } from "@/proxy";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const page = (url: string, headers: Record<string, string> = {}) =>
  new NextRequest(url, { headers: { "user-agent": BROWSER, "x-forwarded-for": `192.0.2.${crypto.randomInt(1, 250)}`, ...headers } });
const directives = (csp: string | null) => new Map((csp ?? "").split(";").map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v]));
const nonceOf = (csp: string | null) => /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp ?? "")?.[1];

describe("security headers on pages (proxy.ts)", () => {
  it.each(["/", "/sign-in", "/projects", "/projects/x/urls?tab=1", "/settings/webhooks", "/docs/api", "/unsubscribe?token=x"])(
    "%s: a nonce CSP that forbids framing, nosniff and a Referrer-Policy; no HSTS over plain HTTP",
    async (path) => {
      const res = await proxy(page(`http://127.0.0.1:3000${path}`));
      expect(res.headers.get("x-middleware-next")).toBe("1");
      const csp = res.headers.get("content-security-policy");
      const d = directives(csp);
      const nonce = nonceOf(csp);
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(d.get("script-src")).toEqual(["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"]);
      expect(d.get("default-src")).toEqual(["'self'"]);
      expect(d.get("object-src")).toEqual(["'none'"]);
      expect(d.get("base-uri")).toEqual(["'self'"]);
      expect(d.get("frame-ancestors")).toEqual(["'none'"]);
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("strict-transport-security")).toBeNull();
      // Next.js reads the nonce from the request's CSP header while rendering: the proxy hands it on.
      expect(res.headers.get("x-middleware-request-content-security-policy")).toBe(csp);
    },
  );

  it("gives every response a nonce of its own", async () => {
    const nonces = new Set<string | undefined>();
    for (let i = 0; i < 5; i++) nonces.add(nonceOf((await proxy(page("http://127.0.0.1:3000/projects"))).headers.get("content-security-policy")));
    expect(nonces.size).toBe(5);
  });

  it("adds HSTS when the page is served over HTTPS, directly or behind a TLS-terminating proxy", async () => {
    const direct = await proxy(page("https://indexwatch.example/projects"));
    const proxied = await proxy(page("http://127.0.0.1:3000/projects", { "x-forwarded-proto": "https" }));
    for (const res of [direct, proxied]) expect(res.headers.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
  });

  it("share pages cannot be framed either, and keep their own no-referrer policy", async () => {
    const res = await proxy(page(`http://127.0.0.1:3000/share/${crypto.randomBytes(32).toString("base64url")}`));
    expect(res.status).toBe(200);
    expect(directives(res.headers.get("content-security-policy")).get("frame-ancestors")).toEqual(["'none'"]);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    expect(res.headers.get("x-robots-tag")).toBe("noindex, nofollow, noarchive");
  });

  it("the proxy runs on every page, not on static files or the image optimizer", () => {
    const matchers = config.matcher.map((m) => new RegExp(`^${m}$`));
    const runs = (path: string) => matchers.some((m) => m.test(path));
    for (const path of ["/", "/sign-in", "/check-email", "/docs/api", "/unsubscribe", "/share/abc", "/auth/sso/complete", "/projects/x/urls", "/notifications", "/portfolio"]) {
      expect(runs(path), path).toBe(true);
    }
    for (const path of ["/_next/static/chunks/app.js", "/_next/image", "/favicon.ico", "/api/inngest"]) expect(runs(path), path).toBe(false);
  });
});
