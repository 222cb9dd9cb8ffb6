import { route } from "@/lib/api/route";
import { getNotificationsUnreadCountOp } from "@/lib/api/operations/notifications";
import { ok } from "@/lib/api/envelope";
import { unreadCount } from "@/lib/notifications/inbox";

// GET /api/user/notifications/unread-count — {count}
export const GET = route(getNotificationsUnreadCountOp, async ({ ctx }) => ok(await unreadCount(ctx)));
