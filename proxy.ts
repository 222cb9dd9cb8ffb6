import { NextResponse, type NextRequest } from "next/server";
import { REQUEST_PATH_HEADER } from "@/components/auth/callback-url";
import { withRateLimitHeaders } from "@/lib/api/limit-request";
import { nulRejectionOf } from "@/lib/api/reject-nul";
import { requestInfoFrom } from "@/lib/auth/request-info";
import { limitSharePage } from "@/lib/rate-limit/share-page";
import { contentSecurityPolicy, newNonce, pageSecurityHeaders, servedOverHttps } from "@/lib/security/page-headers";
import { apiGate, buildRouteTree, matchRoute } from "@/lib/api/route-table";
import { API_ROUTES } from "@/lib/api/route-table.generated";

const API_TREE = buildRouteTree(API_ROUTES);
// Served by next-auth itself, not through route(): the NUL check that route() makes happens here.
const UNWRAPPED = new Set(["/api/auth/[...nextauth]"]);

export async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (pathname === "/api" || pathname.startsWith("/api/")) {
    // A method the route lacks answers 405 in the envelope (Next.js would answer an empty 405).
    const gated = apiGate(API_TREE, request.method, pathname);
    if (gated) return gated;
    const served = UNWRAPPED.has(matchRoute(API_TREE, pathname)?.path ?? "") ? await nulRejectionOf(request) : null;
    return served ?? NextResponse.next();
  }

  // Pages: a nonce per response, which Next.js reads from the request's CSP header and puts on its scripts.
  const csp = contentSecurityPolicy(newNonce(), { dev: process.env.NODE_ENV === "development" });
  // Layouts cannot read the URL; the (app) layout needs it to send a signed-out visitor to sign-in with a
  // callbackUrl back here. Always overwritten, so a client cannot choose it (it is checked again anyway).
  const headers = new Headers(request.headers);
  headers.set(REQUEST_PATH_HEADER, `${request.nextUrl.pathname}${request.nextUrl.search}`);
  headers.set("content-security-policy", csp);
  const share = pathname.startsWith("/share/");
  const res = share ? await sharePage(request, headers) : NextResponse.next({ request: { headers } });
  res.headers.set("content-security-policy", csp);
  for (const [k, v] of Object.entries(pageSecurityHeaders({ https: servedOverHttps(request.nextUrl, request.headers) }))) res.headers.set(k, v);
  if (share) for (const [k, v] of Object.entries(SHARE_HEADERS)) res.headers.set(k, v);
  return res;
}

// Share links (read-only client views, no credentials): limited per client IP on a budget of their own, and never
// indexed, cached or leaked in a Referer (the pages say so too; the headers cover the 404 and 429 answers as well).
const SHARE_HEADERS = { "x-robots-tag": "noindex, nofollow, noarchive", "referrer-policy": "no-referrer", "cache-control": "private, no-store" };

async function sharePage(request: NextRequest, headers: Headers) {
  const limit = await limitSharePage(requestInfoFrom(request.headers).ipAddress);
  const res = limit.retryAfterSeconds !== null
    ? new NextResponse(TOO_MANY, { status: 429, headers: { "content-type": "text/html; charset=utf-8", "retry-after": String(limit.retryAfterSeconds) } })
    : NextResponse.next({ request: { headers } });
  return withRateLimitHeaders(res, limit.headers);
}

const TOO_MANY = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex, nofollow"><title>Too many requests</title></head>`
  + `<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#0f172a"><main><h1>Too many requests</h1>`
  + `<p>This shared report was opened too often from your network in the last minute. Wait a minute and reload the page.</p></main></body></html>`;

// /api/inngest is left out: Next.js buffers the body of every request the proxy sees (10 MB at most)
// and Inngest's calls carry whole function states; its three methods are Inngest's business anyway.
// Server log uploads (…/logs, up to 20 GiB, streamed to disk) and pushes (/api/ingest/logs) are left out for
// the same reason: through the proxy their bodies would be held in memory and cut at 10 MB.
// Every page passes (security headers, the nonce); static files and the image optimizer do not.
export const config = {
  matcher: ["/((?!api|_next/static|_next/image|favicon.ico).*)", "/api", "/api/((?!inngest|ingest/logs$|.*/logs$).*)"],
};
