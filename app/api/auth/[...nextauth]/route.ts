import NextAuth from "next-auth";
import { authOptions } from "@/lib/sign-in/next-auth";
import { requestInfoFrom, requestInfoStore } from "@/lib/auth/request-info";

// next-auth's own endpoints (sign-in by email link, callback, session, sign-out); the request's IP
// and user agent are made available to its events for the audit log.
const handler = NextAuth(authOptions);

function withRequestInfo(req: Request, ctx: { params: Promise<{ nextauth: string[] }> }) {
  return requestInfoStore.run(requestInfoFrom(req.headers), () => handler(req, ctx));
}

export { withRequestInfo as GET, withRequestInfo as POST };
