import { route } from "@/lib/api/route";
import { getAuthSsoDiscoverOp } from "@/lib/api/operations/account";
import { ok } from "@/lib/api/envelope";
import { discoverSso } from "@/lib/sign-in/discover-sso";

// GET /api/auth/sso/discover?domain= — organization SSO for an email domain, or null (public)
export const GET = route(getAuthSsoDiscoverOp, async ({ query }) => ok(await discoverSso(query.domain)));
