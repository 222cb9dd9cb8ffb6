import type { z } from "zod";
import { db } from "@/lib/db";
import type { Ctx } from "@/lib/core/context";
import { audit, checkUrl, getWebhookOrThrow, toWebhookResponse } from "./internal";
import type { updateWebhookBody } from "./schemas";

export async function updateWebhook(ctx: Ctx, webhookId: string, input: z.infer<typeof updateWebhookBody>) {
  const url = input.url === undefined ? undefined : await checkUrl(input.url);
  return db.$transaction(async (tx) => {
    const current = await getWebhookOrThrow(ctx, webhookId, tx);
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
    await audit(tx, ctx, row.id, { change: "webhook_updated", fields: Object.keys(input) });
    return toWebhookResponse(row);
  });
}
