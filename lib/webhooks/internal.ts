import { randomBytes } from "node:crypto";
import { db, dbOf } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { DomainError, validationError } from "@/lib/core/errors";
import { auditActor, recordAudit } from "@/lib/audit-log/record-audit";
import { decryptSecret, encryptSecret } from "@/lib/engines/secret-box";
import { webhookUrlRefusal } from "./endpoint-url";
import type { DeliveryResponse, WebhookResponse } from "./schemas";

/** Endpoints per organization (WEBHOOK_ENDPOINTS_PER_ORG). */
export const maxEndpoints = () => Number(process.env.WEBHOOK_ENDPOINTS_PER_ORG) || 50;

type EndpointRow = {
  id: string; url: string; description: string | null; events: string[]; format: "standard" | "slack"; enabled: boolean;
  failingSince: Date | null; disabledAt: Date | null; disabledReason: string | null; createdAt: Date; updatedAt: Date;
  secretRotatedAt: Date | null; previousSecretExpiresAt: Date | null;
};

export const toWebhookResponse = (r: EndpointRow): WebhookResponse => ({
  id: r.id, url: r.url, description: r.description, events: r.events, format: r.format, enabled: r.enabled,
  failingSince: r.failingSince?.toISOString() ?? null, disabledAt: r.disabledAt?.toISOString() ?? null, disabledReason: r.disabledReason,
  secretRotatedAt: r.secretRotatedAt?.toISOString() ?? null,
  // An expired previous secret signs nothing any more, whether or not the row has been tidied.
  previousSecretExpiresAt: r.previousSecretExpiresAt && r.previousSecretExpiresAt > new Date() ? r.previousSecretExpiresAt.toISOString() : null,
  createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString(),
});

/** The secret is bound to its endpoint (AAD): a sealed secret copied onto another row does not open. */
export const sealSecret = (endpointId: string, secret: string) => encryptSecret(secret, { aad: `webhook:${endpointId}` });

export const openSecret = (endpointId: string, sealed: string) => decryptSecret(sealed, { aad: `webhook:${endpointId}` });

/** whsec_ and 32 random bytes in base64, the Standard Webhooks secret format. */
export const newSecret = () => `whsec_${randomBytes(32).toString("base64")}`;

export async function checkUrl(raw: string): Promise<string> {
  const refusal = await webhookUrlRefusal(raw);
  if (refusal) throw validationError("This URL cannot receive webhooks", [{ path: "url", code: "url_refused", message: refusal }]);
  return new URL(raw).href;
}

/** The organization's endpoint, or 404 (another organization's id included). */
export async function getWebhookOrThrow(ctx: OrgCtx, webhookId: string, opts: { /** Row lock: two rotations at once apply one after the other. */ lock?: boolean } = {}) {
  const tx = dbOf(ctx);
  if (opts.lock) await tx.$queryRaw`SELECT id FROM webhook_endpoints WHERE id = ${webhookId}::uuid AND organization_id = ${ctx.org.id}::uuid FOR UPDATE`;
  const row = await tx.webhookEndpoint.findFirst({ where: { id: webhookId, organizationId: ctx.org.id } });
  if (!row) throw new DomainError("NOT_FOUND", "Webhook endpoint not found");
  return row;
}

export function audit(ctx: OrgCtx, id: string, metadata: Record<string, unknown>) {
  return recordAudit({ action: "settings.updated", ...auditActor(ctx), organizationId: ctx.org.id, target: { type: "webhook", id }, metadata, request: ctx.request }, ctx);
}

export const withAttempts = { attemptLog: { orderBy: { attempt: "asc" as const } } };

type DeliveryRow = Awaited<ReturnType<typeof findDelivery>> & {};

export function findDelivery(id: string) {
  return db.webhookDelivery.findUnique({ where: { id }, include: withAttempts });
}

export const toDeliveryResponse = (d: DeliveryRow): DeliveryResponse => ({
  id: d.id, messageId: d.messageId, eventType: d.eventType, status: d.status, attempts: d.attempts,
  nextAttemptAt: d.status === "pending" ? (d.nextAttemptAt?.toISOString() ?? null) : null,
  lastStatusCode: d.lastStatusCode, lastDurationMs: d.lastDurationMs, lastError: d.lastError, deliveredAt: d.deliveredAt?.toISOString() ?? null,
  replayOfId: d.replayOfId, createdAt: d.createdAt.toISOString(), payload: d.payload,
  attemptLog: d.attemptLog.map((a) => ({ attempt: a.attempt, statusCode: a.statusCode, durationMs: a.durationMs, error: a.error, createdAt: a.createdAt.toISOString() })),
});
