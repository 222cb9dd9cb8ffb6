import { route } from "@/lib/api/route";
import { postAuthSsoCompleteOp } from "@/lib/api/operations/account";
import { ok } from "@/lib/api/envelope";
import { completeSso } from "@/lib/sign-in/complete-sso";
import { SESSION_COOKIES } from "@/lib/auth/session-cookie";

// POST /api/auth/sso/complete — exchange a single-use SSO handle for a session cookie (public)
export const POST = route(postAuthSsoCompleteOp, async ({ req, ctx, body }) => {
  const { userId, email, session } = await completeSso(body.handle, ctx.request);
  const res = ok({ userId, email });
  const secure = new URL(req.url).protocol === "https:";
  const name = secure ? SESSION_COOKIES[0] : SESSION_COOKIES[1];
  res.headers.append("set-cookie", `${name}=${session.sessionToken}; Path=/; HttpOnly; SameSite=Lax; Expires=${session.expires.toUTCString()}${secure ? "; Secure" : ""}`);
  return res;
});
