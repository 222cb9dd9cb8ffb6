import { route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { listNotifications } from "@/lib/notifications/inbox";
import { listNotificationsQuery } from "@/lib/notifications/schemas";

// GET /api/user/notifications — the user's in-app notifications, newest first (`unread=true`: unread only)
export const GET = route({ scopes: ["user:read"], query: listNotificationsQuery }, async ({ ctx, query }) => {
  const { data, meta } = await listNotifications(ctx, query);
  return ok(data, { meta });
});
