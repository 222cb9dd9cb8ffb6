import { NextResponse, type NextRequest } from "next/server";
import { REQUEST_PATH_HEADER } from "@/components/auth/callback-url";

// Layouts cannot read the URL; the (app) layout needs it to send a signed-out visitor to sign-in with a
// callbackUrl back here. Always overwritten, so a client cannot choose it (it is checked again anyway).
export function proxy(request: NextRequest) {
  const headers = new Headers(request.headers);
  headers.set(REQUEST_PATH_HEADER, `${request.nextUrl.pathname}${request.nextUrl.search}`);
  return NextResponse.next({ request: { headers } });
}

export const config = { matcher: ["/projects/:path*", "/settings/:path*", "/account"] };
