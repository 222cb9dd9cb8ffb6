import { route } from "@/lib/api/route";
import { postOrganizationWebhookTestOp } from "@/lib/api/operations/webhooks";
import { ok } from "@/lib/api/envelope";
import { sendTestEvent } from "@/lib/webhooks/send-test-event";

// POST …/webhooks/{webhookId}/test — a webhook.test event sent now, once; answers the delivery with its outcome
export const POST = route(postOrganizationWebhookTestOp, async ({ ctx, params }) =>
  ok(await sendTestEvent(ctx, params.webhookId)));
