import { route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { rotateWebhookSecret } from "@/lib/webhooks/endpoints";
import { rotateSecretBody, webhookParams } from "@/lib/webhooks/schemas";

// POST …/webhooks/{webhookId}/rotate-secret — a new signing secret, shown once; the previous one co-signs for keepPreviousHours (default 24)
export const POST = route(
  { scopes: ["organization:write", "organization:read"], permission: "webhooks.manage", params: webhookParams, body: rotateSecretBody, optionalBody: true },
  async ({ ctx, params, body }) => ok(await rotateWebhookSecret(ctx, params.webhookId, body)),
);
