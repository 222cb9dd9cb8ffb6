import { route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { sendTestEvent } from "@/lib/webhooks/deliveries";
import { webhookParams } from "@/lib/webhooks/schemas";

// POST …/webhooks/{webhookId}/test — a webhook.test event sent now, once; answers the delivery with its outcome
export const POST = route({ scopes: ["organization:write", "organization:read"], permission: "webhooks.manage", params: webhookParams }, async ({ ctx, params }) =>
  ok(await sendTestEvent(ctx, params.webhookId)));
