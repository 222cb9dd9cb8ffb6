import { route } from "@/lib/api/route";
import { created, ok } from "@/lib/api/envelope";
import { registerPushBody, registerPushTarget, unregisterPushBody, unregisterPushTarget } from "@/lib/notifications/push-targets";

// POST/DELETE /api/user/notifications/push/targets — register this browser's push subscription / remove it
export const POST = route({ scopes: ["user:write"], body: registerPushBody }, async ({ ctx, body }) => created(await registerPushTarget(ctx, body)));
export const DELETE = route({ scopes: ["user:write"], body: unregisterPushBody }, async ({ ctx, body }) => ok(await unregisterPushTarget(ctx, body)));
