import { route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { discoverSso, ssoDiscoverQuery } from "@/lib/auth/sso";

// GET /api/auth/sso/discover?domain= — organization SSO for an email domain, or null (public)
export const GET = route({ auth: "public", query: ssoDiscoverQuery }, async ({ query }) => ok(await discoverSso(query.domain)));
