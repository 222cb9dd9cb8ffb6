import { route } from "@/lib/api/route";
import { deleteMeOp, getMeOp } from "@/lib/api/operations/account";
import { ok } from "@/lib/api/envelope";
import { userActorOrThrow } from "@/lib/core/context";
import { scheduleAccountDeletion } from "@/lib/users/account-deletion";
import { getMe } from "@/lib/users/get-me";

// GET /api/user/me — the signed-in user
export const GET = route(getMeOp, async ({ ctx }) => ok(await getMe(userActorOrThrow(ctx).userId)));

// DELETE /api/user/me — schedule permanent deletion in 30 days; revokes sessions and keys
export const DELETE = route(deleteMeOp, async ({ ctx }) =>
  ok(await scheduleAccountDeletion(ctx), { message: "Account deletion scheduled" }));
