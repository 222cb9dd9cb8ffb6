import { db } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { deliverDue } from "./deliver";
import { findDelivery, getWebhookOrThrow, toDeliveryResponse } from "./internal";
import { messageIdFor, renderPayload, type TestEventEnvelope } from "./payload";
import { TEST_EVENT_TYPE } from "./schemas";

/**
 * Sends a `webhook.test` event to the endpoint now, whatever it subscribes to (a disabled endpoint too: testing
 * is how one checks a fix), tried once, and answers the delivery with its outcome.
 */
export async function sendTestEvent(ctx: OrgCtx, webhookId: string) {
  const endpoint = await getWebhookOrThrow(ctx, webhookId);
  const now = new Date();
  const envelope: TestEventEnvelope = {
    type: TEST_EVENT_TYPE, timestamp: now.toISOString(),
    data: { organizationId: endpoint.organizationId, webhookId: endpoint.id, message: "A test event from IndexWatch: this endpoint receives and verifies deliveries." },
  };
  const delivery = await db.webhookDelivery.create({
    data: {
      organizationId: endpoint.organizationId, endpointId: endpoint.id, messageId: messageIdFor(`test-${crypto.randomUUID()}`), eventType: TEST_EVENT_TYPE,
      payload: (await renderPayload(endpoint.format, envelope)) as never, status: "pending", nextAttemptAt: now,
    },
  });
  await deliverDue({ ids: [delivery.id], includeDisabled: true });
  return toDeliveryResponse((await findDelivery(delivery.id))!);
}
