import { route } from "@/lib/api/route";
import { postDeployHookOp } from "@/lib/api/operations/site-changes";
import { created } from "@/lib/api/envelope";
import { bearerToken } from "@/lib/api/request-input";
import { requestInfoFrom } from "@/lib/auth/request-info";
import { recordDeployWithHook } from "@/lib/site-watch/deploys";

// POST /api/hooks/deploys — a deploy recorded with the project's deploy hook token
export const POST = route(postDeployHookOp, async ({ req, body }) => created(await recordDeployWithHook({ token: bearerToken(req), ipAddress: requestInfoFrom(req.headers).ipAddress }, body)));
