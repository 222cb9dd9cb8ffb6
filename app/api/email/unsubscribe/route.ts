
import { route } from "@/lib/api/route";
import { postEmailUnsubscribeOp } from "@/lib/api/operations/notifications";
import { ok } from "@/lib/api/envelope";
import { unsubscribe } from "@/lib/notifications/marketing-mail";

// POST /api/email/unsubscribe?token= — no sign-in. The token is in the query for both callers: the page's
// button and a mail client's RFC 8058 one-click POST (whose form body `List-Unsubscribe=One-Click` is not read).
export const POST = route(postEmailUnsubscribeOp, async ({ query }) => ok(await unsubscribe(query.token)));
