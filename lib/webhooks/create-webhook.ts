import type { z } from "zod";
import { withTransaction } from "@/lib/db";
import { actorUserId, type OrgCtx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { audit, checkUrl, maxEndpoints, newSecret, sealSecret, toWebhookResponse } from "./internal";
import type { createWebhookBody } from "./schemas";

const defaultFormat = (url: string) => (new URL(url).hostname === "hooks.slack.com" ? "slack" : "standard");

export async function createWebhook(ctx: OrgCtx, input: z.infer<typeof createWebhookBody>) {
  const url = await checkUrl(input.url);
  const secret = newSecret();
  const row = await withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    // Counted under the organization's row lock, so that two creations cannot both take the last place.
    await tx.$queryRaw`SELECT id FROM organizations WHERE id = ${ctx.org.id}::uuid FOR UPDATE`;
    const count = await tx.webhookEndpoint.count({ where: { organizationId: ctx.org.id } });
    if (count >= maxEndpoints()) throw new DomainError("CONFLICT", `An organization can have ${maxEndpoints()} webhook endpoints; delete one first`, { limit: maxEndpoints() });
    const id = crypto.randomUUID();
    const created = await tx.webhookEndpoint.create({
      data: {
        id, organizationId: ctx.org.id, url, description: input.description || null, events: input.events,
        format: input.format ?? defaultFormat(url), secretEnc: sealSecret(id, secret), createdByUserId: actorUserId(ctx),
      },
    });
    await audit(ctx, created.id, { change: "webhook_created", url, events: input.events });
    return created;
  });
  return { ...toWebhookResponse(row), secret };
}
