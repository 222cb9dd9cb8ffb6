import { route } from "@/lib/api/route";
import { postOrganizationWebhookDeliveryReplayOp } from "@/lib/api/operations/webhooks";
import { created } from "@/lib/api/envelope";
import { replayDelivery } from "@/lib/webhooks/replay-delivery";

// POST …/deliveries/{deliveryId}/replay — the same message again, as a new delivery attempted now
export const POST = route(postOrganizationWebhookDeliveryReplayOp, async ({ ctx, params }) =>
  created(await replayDelivery(ctx, params.webhookId, params.deliveryId)));
