import { route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { unreadCount } from "@/lib/notifications/inbox";

// GET /api/user/notifications/unread-count — {count}
export const GET = route({ scopes: ["user:read"] }, async ({ ctx }) => ok(await unreadCount(ctx)));
