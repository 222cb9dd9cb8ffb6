import { route } from "@/lib/api/route";
import { postOrganizationWebhookRotateSecretOp } from "@/lib/api/operations/webhooks";
import { ok } from "@/lib/api/envelope";
import { rotateWebhookSecret } from "@/lib/webhooks/rotate-webhook-secret";

// POST …/webhooks/{webhookId}/rotate-secret — a new signing secret, shown once; the previous one co-signs for keepPreviousHours (default 24)
export const POST = route(
  postOrganizationWebhookRotateSecretOp,
  async ({ ctx, params, body }) => ok(await rotateWebhookSecret(ctx, params.webhookId, body)),
);
