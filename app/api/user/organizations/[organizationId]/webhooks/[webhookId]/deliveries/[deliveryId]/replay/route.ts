import { route } from "@/lib/api/route";
import { created } from "@/lib/api/envelope";
import { replayDelivery } from "@/lib/webhooks/deliveries";
import { deliveryParams } from "@/lib/webhooks/schemas";

// POST …/deliveries/{deliveryId}/replay — the same message again, as a new delivery attempted now
export const POST = route({ scopes: ["organization:write", "organization:read"], permission: "webhooks.manage", params: deliveryParams }, async ({ ctx, params }) =>
  created(await replayDelivery(ctx, params.webhookId, params.deliveryId)));
