import { route } from "@/lib/api/route";
import { getOrganizationWebhooksOp, postOrganizationWebhooksOp } from "@/lib/api/operations/webhooks";
import { created, ok } from "@/lib/api/envelope";
import { createWebhook } from "@/lib/webhooks/create-webhook";
import { listWebhooks } from "@/lib/webhooks/list-webhooks";


// GET …/webhooks — the organization's endpoints, newest first
export const GET = route(getOrganizationWebhooksOp, async ({ ctx, query }) => {
  const { data, meta } = await listWebhooks(ctx, query);
  return ok(data, { meta });
});

// POST …/webhooks — register an endpoint; the signing secret is in this answer only
export const POST = route(postOrganizationWebhooksOp, async ({ ctx, body }) => created(await createWebhook(ctx, body)));
