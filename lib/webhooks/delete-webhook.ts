import { db } from "@/lib/db";
import type { Ctx } from "@/lib/core/context";
import { audit, getWebhookOrThrow } from "./internal";

export async function deleteWebhook(ctx: Ctx, webhookId: string) {
  await db.$transaction(async (tx) => {
    const current = await getWebhookOrThrow(ctx, webhookId, tx);
    await tx.webhookEndpoint.delete({ where: { id: current.id } });
    await audit(tx, ctx, current.id, { change: "webhook_deleted", url: current.url });
  });
  return { id: webhookId, deleted: true };
}
