import type { z } from "zod";
import { db } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { pageMeta } from "@/lib/core/pagination";
import { getWebhookOrThrow, toDeliveryResponse, withAttempts } from "./internal";
import type { listDeliveriesQuery } from "./schemas";

/** The endpoint's delivery log, newest first. */
export async function listDeliveries(ctx: OrgCtx, webhookId: string, q: z.infer<typeof listDeliveriesQuery>) {
  const endpoint = await getWebhookOrThrow(ctx, webhookId);
  const where = { endpointId: endpoint.id, organizationId: endpoint.organizationId, ...(q.status ? { status: q.status } : {}) };
  const [rows, total] = await Promise.all([
    db.webhookDelivery.findMany({ where, include: withAttempts, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: q.offset, take: q.limit }),
    db.webhookDelivery.count({ where }),
  ]);
  return { data: rows.map(toDeliveryResponse), meta: pageMeta(total, q) };
}
