import { db } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { pageMeta, type Pagination } from "@/lib/core/pagination";
import { toWebhookResponse } from "./internal";

export async function listWebhooks(ctx: OrgCtx, q: Pagination) {
  const where = { organizationId: ctx.org.id };
  const [rows, total] = await Promise.all([
    db.webhookEndpoint.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: q.offset, take: q.limit }),
    db.webhookEndpoint.count({ where }),
  ]);
  return { data: rows.map(toWebhookResponse), meta: pageMeta(total, q) };
}
