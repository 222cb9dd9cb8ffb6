import { route } from "@/lib/api/route";
import { deleteOrganizationWebhookOp, getOrganizationWebhookOp, patchOrganizationWebhookOp } from "@/lib/api/operations/webhooks";
import { ok } from "@/lib/api/envelope";
import { deleteWebhook, getWebhookOrThrow, toWebhookResponse, updateWebhook } from "@/lib/webhooks/endpoints";

// GET/PATCH/DELETE …/webhooks/{webhookId}
export const GET = route(getOrganizationWebhookOp, async ({ ctx, params }) =>
  ok(toWebhookResponse(await getWebhookOrThrow(ctx, params.webhookId))));
export const PATCH = route(patchOrganizationWebhookOp, async ({ ctx, params, body }) =>
  ok(await updateWebhook(ctx, params.webhookId, body)));
export const DELETE = route(deleteOrganizationWebhookOp, async ({ ctx, params }) =>
  ok(await deleteWebhook(ctx, params.webhookId)));
