import { db } from "@/lib/db";
import type { Ctx } from "@/lib/core/context";
import { pageMeta, type Pagination } from "@/lib/core/pagination";
import { orgId, toWebhookResponse } from "./internal";

export async function listWebhooks(ctx: Ctx, q: Pagination) {
  const where = { organizationId: orgId(ctx) };
  const [rows, total] = await Promise.all([
    db.webhookEndpoint.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: q.offset, take: q.limit }),
    db.webhookEndpoint.count({ where }),
  ]);
  return { data: rows.map(toWebhookResponse), meta: pageMeta(total, q) };
}
