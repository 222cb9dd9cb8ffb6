import { route } from "@/lib/api/route";
import { deleteOrganizationWebhookOp, getOrganizationWebhookOp, patchOrganizationWebhookOp } from "@/lib/api/operations/webhooks";
import { ok } from "@/lib/api/envelope";
import { deleteWebhook } from "@/lib/webhooks/delete-webhook";
import { getWebhookOrThrow, toWebhookResponse } from "@/lib/webhooks/internal";
import { updateWebhook } from "@/lib/webhooks/update-webhook";

// GET/PATCH/DELETE …/webhooks/{webhookId}
export const GET = route(getOrganizationWebhookOp, async ({ ctx, params }) =>
  ok(toWebhookResponse(await getWebhookOrThrow(ctx, params.webhookId))));
export const PATCH = route(patchOrganizationWebhookOp, async ({ ctx, params, body }) =>
  ok(await updateWebhook(ctx, params.webhookId, body)));
export const DELETE = route(deleteOrganizationWebhookOp, async ({ ctx, params }) =>
  ok(await deleteWebhook(ctx, params.webhookId)));
