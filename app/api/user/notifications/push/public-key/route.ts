import { route } from "@/lib/api/route";
import { getNotificationsPushPublicKeyOp } from "@/lib/api/operations/notifications";
import { ok } from "@/lib/api/envelope";
import { publicKey } from "@/lib/notifications/push-targets";

// GET /api/user/notifications/push/public-key — the VAPID public key, or null when web push is not configured
export const GET = route(getNotificationsPushPublicKeyOp, async () => ok(publicKey()));
