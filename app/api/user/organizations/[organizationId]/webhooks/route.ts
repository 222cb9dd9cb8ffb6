import { orgParams, route } from "@/lib/api/route";
import { created, ok } from "@/lib/api/envelope";
import { paginationQuery } from "@/lib/api/pagination";
import { createWebhook, listWebhooks } from "@/lib/webhooks/endpoints";
import { createWebhookBody } from "@/lib/webhooks/schemas";

const OR = ["organization:read"] as const;
const OW = ["organization:write", "organization:read"] as const;

// GET …/webhooks — the organization's endpoints, newest first
export const GET = route({ scopes: [...OR], params: orgParams, query: paginationQuery }, async ({ ctx, query }) => {
  const { data, meta } = await listWebhooks(ctx, query);
  return ok(data, { meta });
});

// POST …/webhooks — register an endpoint; the signing secret is in this answer only
export const POST = route({ scopes: [...OW], permission: "webhooks.manage", params: orgParams, body: createWebhookBody }, async ({ ctx, body }) => created(await createWebhook(ctx, body)));
