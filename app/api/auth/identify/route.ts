import { route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { identify, identifyBody } from "@/lib/auth/sso";

// POST /api/auth/identify — which sign-in method to offer for an email (public)
export const POST = route({ auth: "public", body: identifyBody }, async ({ body }) => ok(await identify(body.email)));
