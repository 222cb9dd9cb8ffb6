/** A fresh, unguessable nonce for one page response (16 random bytes, base64). */
export function newNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

/**
 * The Content-Security-Policy of a page. Scripts run only with this response's nonce (Next.js puts it on its own
 * scripts, read from the request's CSP header) or when loaded by such a script ('strict-dynamic': next/script, the
 * Swagger UI bundle). Styles allow inline attributes: React, recharts and Swagger UI set `style="…"`, which a nonce
 * cannot cover. No page may be framed (clickjacking), share links included.
 */
export function contentSecurityPolicy(nonce: string, { dev = false } = {}): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * True when the page was requested over HTTPS: directly, or through the proxy in front (X-Forwarded-Proto).
 * A client claiming HTTPS over plain HTTP gains nothing: browsers ignore HSTS on an insecure response.
 */
export function servedOverHttps(url: URL, headers: Headers): boolean {
  return url.protocol === "https:" || headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase() === "https";
}

/** The headers every page answer carries besides its CSP. */
export function pageSecurityHeaders({ https }: { https: boolean }): Record<string, string> {
  return {
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-frame-options": "DENY",
    ...(https ? { "strict-transport-security": "max-age=63072000; includeSubDomains" } : {}),
  };
}
