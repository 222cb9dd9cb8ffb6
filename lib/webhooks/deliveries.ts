import type { z } from "zod";
import { db } from "@/lib/db";
import type { Ctx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { pageMeta } from "@/lib/core/pagination";
import { deliverDue } from "./deliver";
import { getWebhookOrThrow } from "./endpoints";
import { messageIdFor, renderPayload, type TestEventEnvelope } from "./payload";
import { TEST_EVENT_TYPE, type DeliveryResponse, type listDeliveriesQuery } from "./schemas";

const withAttempts = { attemptLog: { orderBy: { attempt: "asc" as const } } };
type Row = Awaited<ReturnType<typeof findDelivery>> & {};

function findDelivery(id: string) {
  return db.webhookDelivery.findUnique({ where: { id }, include: withAttempts });
}

const toDeliveryResponse = (d: Row): DeliveryResponse => ({
  id: d.id, messageId: d.messageId, eventType: d.eventType, status: d.status, attempts: d.attempts,
  nextAttemptAt: d.status === "pending" ? (d.nextAttemptAt?.toISOString() ?? null) : null,
  lastStatusCode: d.lastStatusCode, lastDurationMs: d.lastDurationMs, lastError: d.lastError, deliveredAt: d.deliveredAt?.toISOString() ?? null,
  replayOfId: d.replayOfId, createdAt: d.createdAt.toISOString(), payload: d.payload,
  attemptLog: d.attemptLog.map((a) => ({ attempt: a.attempt, statusCode: a.statusCode, durationMs: a.durationMs, error: a.error, createdAt: a.createdAt.toISOString() })),
});

/** The endpoint's delivery log, newest first. */
export async function listDeliveries(ctx: Ctx, webhookId: string, q: z.infer<typeof listDeliveriesQuery>) {
  const endpoint = await getWebhookOrThrow(ctx, webhookId);
  const where = { endpointId: endpoint.id, organizationId: endpoint.organizationId, ...(q.status ? { status: q.status } : {}) };
  const [rows, total] = await Promise.all([
    db.webhookDelivery.findMany({ where, include: withAttempts, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: q.offset, take: q.limit }),
    db.webhookDelivery.count({ where }),
  ]);
  return { data: rows.map(toDeliveryResponse), meta: pageMeta(total, q) };
}

/** A new delivery of the same message (same webhook-id and body), attempted now, then retried as any other. */
export async function replayDelivery(ctx: Ctx, webhookId: string, deliveryId: string) {
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

/**
 * Sends a `webhook.test` event to the endpoint now, whatever it subscribes to (a disabled endpoint too: testing
 * is how one checks a fix), tried once, and answers the delivery with its outcome.
 */
export async function sendTestEvent(ctx: Ctx, webhookId: string) {
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
