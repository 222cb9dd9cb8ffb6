import type { z } from "zod";
import { withTransaction } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { audit, checkUrl, getWebhookOrThrow, toWebhookResponse } from "./internal";
import type { updateWebhookBody } from "./schemas";

export async function updateWebhook(ctx: OrgCtx, webhookId: string, input: z.infer<typeof updateWebhookBody>) {
  const url = input.url === undefined ? undefined : await checkUrl(input.url);
  return withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    const current = await getWebhookOrThrow(ctx, webhookId);
    // Enabling again (also after the three-day disable) starts with a clean failure record.
    const enabling = input.enabled === true && (!current.enabled || current.disabledAt !== null);
    const row = await tx.webhookEndpoint.update({
      where: { id: current.id },
      data: {
        ...(url !== undefined ? { url } : {}),
        ...(input.events ? { events: input.events } : {}),
        ...(input.description !== undefined ? { description: input.description || null } : {}),
        ...(input.format ? { format: input.format } : {}),
        ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
        ...(enabling ? { disabledAt: null, disabledReason: null, failingSince: null } : {}),
      },
    });
    await audit(ctx, row.id, { change: "webhook_updated", fields: Object.keys(input) });
    return toWebhookResponse(row);
  });
}
