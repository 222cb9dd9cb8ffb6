import { db } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { deliverDue } from "./deliver";
import { findDelivery, getWebhookOrThrow, toDeliveryResponse } from "./internal";

/** A new delivery of the same message (same webhook-id and body), attempted now, then retried as any other. */
export async function replayDelivery(ctx: OrgCtx, webhookId: string, deliveryId: string) {
  const endpoint = await getWebhookOrThrow(ctx, webhookId);
  const original = await db.webhookDelivery.findFirst({ where: { id: deliveryId, endpointId: endpoint.id, organizationId: endpoint.organizationId } });
  if (!original) throw new DomainError("NOT_FOUND", "Delivery not found");
  if (!endpoint.enabled) throw new DomainError("CONFLICT", "The endpoint is disabled; enable it before replaying");
  const replay = await db.webhookDelivery.create({
    data: {
      organizationId: endpoint.organizationId, endpointId: endpoint.id, messageId: original.messageId, eventType: original.eventType,
      payload: original.payload as never, status: "pending", nextAttemptAt: new Date(), replayOfId: original.replayOfId ?? original.id,
    },
  });
  await deliverDue({ ids: [replay.id] });
  return toDeliveryResponse((await findDelivery(replay.id))!);
}
