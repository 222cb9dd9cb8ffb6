import { route } from "@/lib/api/route";
import { getNotificationsOp } from "@/lib/api/operations/notifications";
import { ok } from "@/lib/api/envelope";
import { listNotifications } from "@/lib/notifications/inbox";

// GET /api/user/notifications — the user's in-app notifications, newest first (`unread=true`: unread only)
export const GET = route(getNotificationsOp, async ({ ctx, query }) => {
  const { data, meta } = await listNotifications(ctx, query);
  return ok(data, { meta });
});
