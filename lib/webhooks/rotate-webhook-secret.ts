import type { z } from "zod";
import { withTransaction } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { audit, getWebhookOrThrow, newSecret, sealSecret, toWebhookResponse } from "./internal";
import type { rotateSecretBody } from "./schemas";
import { DEFAULT_PREVIOUS_SECRET_HOURS } from "./secret-rotation";

/**
 * A new signing secret, answered once. The one it replaces keeps signing beside it (a second signature in
 * `webhook-signature`, as the Standard Webhooks specification allows) for `keepPreviousHours`, so a receiver
 * can switch without refusing a delivery; a rotation during that overlap ends the older secret for good.
 */
export async function rotateWebhookSecret(ctx: OrgCtx, webhookId: string, input: z.infer<typeof rotateSecretBody>, now = new Date()) {
  const secret = newSecret();
  const keepHours = input.keepPreviousHours ?? DEFAULT_PREVIOUS_SECRET_HOURS;
  const row = await withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    const current = await getWebhookOrThrow(ctx, webhookId, { lock: true });
    const row = await tx.webhookEndpoint.update({
      where: { id: current.id },
      data: {
        secretEnc: sealSecret(current.id, secret), secretRotatedAt: now,
        ...(keepHours > 0
          ? { previousSecretEnc: current.secretEnc, previousSecretExpiresAt: new Date(now.getTime() + keepHours * 3_600_000) }
          : { previousSecretEnc: null, previousSecretExpiresAt: null }),
      },
    });
    await audit(ctx, row.id, { change: "webhook_secret_rotated", keepPreviousHours: keepHours });
    return row;
  });
  return { ...toWebhookResponse(row), secret };
}
