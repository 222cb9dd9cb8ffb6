import { route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { listDeliveries } from "@/lib/webhooks/deliveries";
import { listDeliveriesQuery, webhookParams } from "@/lib/webhooks/schemas";

// GET …/webhooks/{webhookId}/deliveries — the delivery log, newest first, with every attempt
export const GET = route({ scopes: ["organization:read"], params: webhookParams, query: listDeliveriesQuery }, async ({ ctx, params, query }) => {
  const { data, meta } = await listDeliveries(ctx, params.webhookId, query);
  return ok(data, { meta });
});
