import { withTransaction } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { audit, getWebhookOrThrow } from "./internal";

export async function deleteWebhook(ctx: OrgCtx, webhookId: string) {
  await withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    const current = await getWebhookOrThrow(ctx, webhookId);
    await tx.webhookEndpoint.delete({ where: { id: current.id } });
    await audit(ctx, current.id, { change: "webhook_deleted", url: current.url });
  });
  return { id: webhookId, deleted: true };
}
