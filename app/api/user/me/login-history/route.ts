import { route } from "@/lib/api/route";
import { getMeLoginHistoryOp } from "@/lib/api/operations/account";
import { ok } from "@/lib/api/envelope";
import { userActorOrThrow } from "@/lib/core/context";
import { listLoginHistory } from "@/lib/users/login-history";

// GET /api/user/me/login-history — security events of the user, newest first
export const GET = route(getMeLoginHistoryOp, async ({ ctx, query }) => {
  const { data, meta } = await listLoginHistory(userActorOrThrow(ctx).userId, query);
  return ok(data, { meta });
});
