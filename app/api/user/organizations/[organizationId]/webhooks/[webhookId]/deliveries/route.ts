import { route } from "@/lib/api/route";
import { getOrganizationWebhookDeliveriesOp } from "@/lib/api/operations/webhooks";
import { ok } from "@/lib/api/envelope";
import { listDeliveries } from "@/lib/webhooks/list-deliveries";

// GET …/webhooks/{webhookId}/deliveries — the delivery log, newest first, with every attempt
export const GET = route(getOrganizationWebhookDeliveriesOp, async ({ ctx, params, query }) => {
  const { data, meta } = await listDeliveries(ctx, params.webhookId, query);
  return ok(data, { meta });
});
