import { route } from "@/lib/api/route";
import { deleteNotificationsPushTargetsOp, postNotificationsPushTargetsOp } from "@/lib/api/operations/notifications";
import { created, ok } from "@/lib/api/envelope";
import { registerPushTarget, unregisterPushTarget } from "@/lib/notifications/push-targets";

// POST/DELETE /api/user/notifications/push/targets — register this browser's push subscription / remove it
export const POST = route(postNotificationsPushTargetsOp, async ({ ctx, body }) => created(await registerPushTarget(ctx, body)));
export const DELETE = route(deleteNotificationsPushTargetsOp, async ({ ctx, body }) => ok(await unregisterPushTarget(ctx, body)));
