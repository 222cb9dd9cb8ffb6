import { route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { deleteWebhook, getWebhookOrThrow, toWebhookResponse, updateWebhook } from "@/lib/webhooks/endpoints";
import { updateWebhookBody, webhookParams } from "@/lib/webhooks/schemas";

// GET/PATCH/DELETE …/webhooks/{webhookId}
export const GET = route({ scopes: ["organization:read"], params: webhookParams }, async ({ ctx, params }) =>
  ok(toWebhookResponse(await getWebhookOrThrow(ctx, params.webhookId))));
export const PATCH = route({ scopes: ["organization:write", "organization:read"], permission: "webhooks.manage", params: webhookParams, body: updateWebhookBody }, async ({ ctx, params, body }) =>
  ok(await updateWebhook(ctx, params.webhookId, body)));
export const DELETE = route({ scopes: ["organization:write", "organization:read"], permission: "webhooks.manage", params: webhookParams }, async ({ ctx, params }) =>
  ok(await deleteWebhook(ctx, params.webhookId)));
