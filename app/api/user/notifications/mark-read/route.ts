import { route } from "@/lib/api/route";
import { postNotificationsMarkReadOp } from "@/lib/api/operations/notifications";
import { ok } from "@/lib/api/envelope";
import { markRead } from "@/lib/notifications/inbox";

// POST /api/user/notifications/mark-read {ids?} — marks these, or every unread one, read → {updated}
export const POST = route(postNotificationsMarkReadOp, async ({ ctx, body }) => ok(await markRead(ctx, body.ids)));
