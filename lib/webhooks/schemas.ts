import { z } from "zod";
import { PUBLIC_EVENT_TYPES } from "@/lib/events/catalogue";
import { paginationQuery } from "@/lib/core/pagination";
import { orgParams, uuidParam } from "@/lib/core/params";
import { DEFAULT_PREVIOUS_SECRET_HOURS, MAX_PREVIOUS_SECRET_HOURS } from "./secret-rotation";

/** The event a test send carries; never emitted by the domain, delivered whatever the endpoint subscribes to. */
export const TEST_EVENT_TYPE = "webhook.test";
export const WEBHOOK_FORMATS = ["standard", "slack"] as const;

const url = z.string().trim().min(1).max(2048).describe("Where deliveries are POSTed: http(s), ports 80/443, never an internal address");
const events = z.array(z.enum(PUBLIC_EVENT_TYPES)).min(1).max(PUBLIC_EVENT_TYPES.length)
  .refine((xs) => new Set(xs).size === xs.length, "Each event type may be named once")
  .describe(`Event types delivered: ${PUBLIC_EVENT_TYPES.join(", ")}`);
const description = z.string().trim().max(500).describe("A note for people (up to 500 characters)");
const format = z.enum(WEBHOOK_FORMATS)
  .describe("`standard` (Standard Webhooks JSON, signed) or `slack` (an incoming-webhook message); default `slack` for hooks.slack.com, else `standard`");

export const createWebhookBody = z.object({ url, events, description: description.optional(), format: format.optional() }).strict();
export const updateWebhookBody = z.object({
  url: url.optional(), events: events.optional(), description: description.nullable().optional(), format: format.optional(),
  enabled: z.boolean().optional().describe("false pauses deliveries; true re-enables (also an endpoint disabled after failing for three days)"),
}).strict().refine((b) => Object.keys(b).length > 0, "Name at least one field to change");

export const WebhookResponse = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.string()),
  format: z.enum(WEBHOOK_FORMATS),
  enabled: z.boolean(),
  failingSince: z.string().nullable().describe("Since when every delivery has failed; three days of it disable the endpoint"),
  disabledAt: z.string().nullable().describe("When it was disabled for failing (null when enabled, or paused by a person)"),
  disabledReason: z.string().nullable(),
  secretRotatedAt: z.string().nullable().describe("When the signing secret was last rotated (null: the one from creation)"),
  previousSecretExpiresAt: z.string().nullable()
    .describe("Until then deliveries carry a second signature made with the previous secret (null when none is kept)"),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookResponse = z.infer<typeof WebhookResponse>;
export const CreatedWebhookResponse = WebhookResponse.extend({
  secret: z.string().describe("The signing secret (whsec_…): shown once, here. Verify deliveries with any Standard Webhooks library"),
});

export const rotateSecretBody = z.object({
  keepPreviousHours: z.number().int().min(0).max(MAX_PREVIOUS_SECRET_HOURS).optional()
    .describe(`How long the previous secret keeps signing beside the new one (0-${MAX_PREVIOUS_SECRET_HOURS} hours, default ${DEFAULT_PREVIOUS_SECRET_HOURS}); 0 ends it at once`),
}).strict();
export const RotatedSecretResponse = CreatedWebhookResponse.describe("The endpoint with its new secret, shown once");

export const DeliveryAttemptResponse = z.object({
  attempt: z.number().int(), statusCode: z.number().int().nullable(), durationMs: z.number().int(), error: z.string().nullable(), createdAt: z.string(),
});
export const DeliveryResponse = z.object({
  id: z.uuid(),
  messageId: z.string().describe("The webhook-id header: the same on every attempt and on replays"),
  eventType: z.string(),
  status: z.enum(["pending", "succeeded", "failed"]),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  lastStatusCode: z.number().int().nullable(),
  lastDurationMs: z.number().int().nullable(),
  lastError: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  replayOfId: z.uuid().nullable(),
  createdAt: z.string(),
  payload: z.unknown().describe("The JSON body sent"),
  attemptLog: z.array(DeliveryAttemptResponse).describe("Every attempt, first first"),
});
export type DeliveryResponse = z.infer<typeof DeliveryResponse>;

export const listDeliveriesQuery = paginationQuery.extend({
  status: z.enum(["pending", "succeeded", "failed"]).optional().describe("Only deliveries in this state"),
});
export const webhookParams = orgParams.extend({ webhookId: uuidParam });
export const deliveryParams = webhookParams.extend({ deliveryId: uuidParam });
