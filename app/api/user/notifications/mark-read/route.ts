import { route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { markRead } from "@/lib/notifications/inbox";
import { markReadBody } from "@/lib/notifications/schemas";

// POST /api/user/notifications/mark-read {ids?} — marks these, or every unread one, read → {updated}
export const POST = route({ scopes: ["user:write"], body: markReadBody, optionalBody: true }, async ({ ctx, body }) => ok(await markRead(ctx, body.ids)));
