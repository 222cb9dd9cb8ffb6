// OpenAPI registrations of outbound webhooks (DESIGN.md "Endpoints beyond SPEC.md").
import { z } from "zod";
import { orgParams } from "@/lib/core/params";
import { paginationQuery } from "@/lib/core/pagination";
import { PUBLIC_EVENT_TYPES } from "@/lib/events/catalogue";
import { CreatedWebhookResponse, createWebhookBody, DeliveryResponse, deliveryParams, listDeliveriesQuery, rotateSecretBody, RotatedSecretResponse, updateWebhookBody, webhookParams,
  WebhookResponse } from "@/lib/webhooks/schemas";
import { defineOperation } from "../operation";

const tags = ["Webhooks"];
const W = "/api/user/organizations/{organizationId}/webhooks";
const OR = ["organization:read"] as const;
const OW = ["organization:write", "organization:read"] as const;
const ROLE = " Owners and admins only (403 FORBIDDEN with `meta.missingPermission: \"webhooks.manage\"` for members).";

export const getOrganizationWebhooksOp = defineOperation({ method: "GET", path: W, tags, scopes: [...OR], params: orgParams, query: paginationQuery, response: WebhookResponse, paginated: true, summary: "The organization's webhook endpoints" });
export const postOrganizationWebhooksOp = defineOperation({
  method: "POST", path: W, tags, scopes: [...OW], permission: "webhooks.manage", params: orgParams, body: createWebhookBody, response: CreatedWebhookResponse, created: true,
  summary: "Register a webhook endpoint",
  description: `Deliveries follow the Standard Webhooks specification: a JSON body {type, timestamp, data}, headers webhook-id (the same on every attempt), `
    + `webhook-timestamp and webhook-signature (v1, HMAC-SHA256 with the secret returned here, once). Events: ${PUBLIC_EVENT_TYPES.join(", ")}. `
    + `The URL must be http(s) on port 80 or 443, without user name or password, and must not be or resolve to an internal address (400 VALIDATION_ERROR). `
    + `A 2xx answer is success; anything else (a redirect too) is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then the delivery has failed. `
    + `An endpoint whose deliveries all fail for three days is disabled and the organization's owners and admins are mailed.${ROLE}`,
});
export const getOrganizationWebhookOp = defineOperation({ method: "GET", path: `${W}/{webhookId}`, tags, scopes: [...OR], params: webhookParams, response: WebhookResponse, summary: "One webhook endpoint" });
export const patchOrganizationWebhookOp = defineOperation({
  method: "PATCH", path: `${W}/{webhookId}`, tags, scopes: [...OW], permission: "webhooks.manage", params: webhookParams, body: updateWebhookBody, response: WebhookResponse,
  summary: "Change a webhook endpoint", description: `\`enabled: true\` also re-enables an endpoint disabled for failing, with a clean failure record.${ROLE}`,
});
export const deleteOrganizationWebhookOp = defineOperation({
  method: "DELETE", path: `${W}/{webhookId}`, tags, scopes: [...OW], permission: "webhooks.manage", params: webhookParams, response: z.object({ id: z.uuid(), deleted: z.literal(true) }),
  summary: "Delete a webhook endpoint and its delivery log", description: ROLE.trim(),
});
export const getOrganizationWebhookDeliveriesOp = defineOperation({
  method: "GET", path: `${W}/{webhookId}/deliveries`, tags, scopes: [...OR], params: webhookParams, query: listDeliveriesQuery, response: DeliveryResponse, paginated: true,
  summary: "The delivery log", description: "Newest first, each with its attempts (status code, duration, error).",
});
export const postOrganizationWebhookDeliveryReplayOp = defineOperation({
  method: "POST", path: `${W}/{webhookId}/deliveries/{deliveryId}/replay`, tags, scopes: [...OW], permission: "webhooks.manage", params: deliveryParams, response: DeliveryResponse, created: true,
  summary: "Replay a delivery", description: `A new delivery of the same message (same webhook-id and body), attempted at once and then retried as any other. 409 when the endpoint is disabled.${ROLE}`,
});
export const postOrganizationWebhookTestOp = defineOperation({
  method: "POST", path: `${W}/{webhookId}/test`, tags, scopes: [...OW], permission: "webhooks.manage", params: webhookParams, response: DeliveryResponse,
  summary: "Send a test event", description: `A \`webhook.test\` event, sent at once and tried once, whatever the endpoint subscribes to (also when disabled); answers the delivery with its outcome.${ROLE}`,
});
export const postOrganizationWebhookRotateSecretOp = defineOperation({
  method: "POST", path: `${W}/{webhookId}/rotate-secret`, tags, scopes: [...OW], permission: "webhooks.manage", optionalBody: true, params: webhookParams, body: rotateSecretBody, response: RotatedSecretResponse,
  summary: "Rotate the signing secret",
  description: "Answers a new secret, once. For `keepPreviousHours` (default 24, at most 72; the body may be omitted) every delivery carries two signatures in "
    + "webhook-signature, `v1,<new> v1,<previous>`, so a receiver verifies with either while it switches; 0 ends the previous secret at once "
    + `(e.g. after a leak). Rotating again during the overlap ends the older secret.${ROLE}`,
});
