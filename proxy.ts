import { NextResponse, type NextRequest } from "next/server";
import { REQUEST_PATH_HEADER } from "@/components/auth/callback-url";
import { nulRejectionOf } from "@/lib/api/reject-nul";
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

  // Layouts cannot read the URL; the (app) layout needs it to send a signed-out visitor to sign-in with a
  // callbackUrl back here. Always overwritten, so a client cannot choose it (it is checked again anyway).
  const headers = new Headers(request.headers);
  headers.set(REQUEST_PATH_HEADER, `${request.nextUrl.pathname}${request.nextUrl.search}`);
  return NextResponse.next({ request: { headers } });
}

// /api/inngest is left out: Next.js buffers the body of every request the proxy sees (10 MB at most)
// and Inngest's calls carry whole function states; its three methods are Inngest's business anyway.
// Server log uploads (…/logs, up to 20 GiB, streamed to disk) and pushes (/api/ingest/logs) are left out for
// the same reason: through the proxy their bodies would be held in memory and cut at 10 MB.
export const config = { matcher: ["/projects/:path*", "/settings/:path*", "/account", "/api", "/api/((?!inngest|ingest/logs$|.*/logs$).*)"] };
