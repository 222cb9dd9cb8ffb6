import { route } from "@/lib/api/route";
import { postAuthIdentifyOp } from "@/lib/api/operations/account";
import { ok } from "@/lib/api/envelope";
import { identify } from "@/lib/sign-in/identify";

// POST /api/auth/identify — which sign-in method to offer for an email (public)
export const POST = route(postAuthIdentifyOp, async ({ body }) => ok(await identify(body.email)));
