import { randomBytes } from "node:crypto";
import type { z } from "zod";
import { db, type Tx } from "@/lib/db";
import type { Ctx } from "@/lib/core/context";
import { actorUserId } from "@/lib/core/context";
import { DomainError, validationError } from "@/lib/core/errors";
import { pageMeta, type Pagination } from "@/lib/core/pagination";
import { auditActor, recordAudit } from "@/lib/audit-log/record-audit";
import { decryptSecret, encryptSecret } from "@/lib/engines/secret-box";
import { webhookUrlRefusal } from "./endpoint-url";
import type { createWebhookBody, rotateSecretBody, updateWebhookBody, WebhookResponse } from "./schemas";
import { DEFAULT_PREVIOUS_SECRET_HOURS } from "./secret-rotation";

/** Endpoints per organization (WEBHOOK_ENDPOINTS_PER_ORG). */
export const maxEndpoints = () => Number(process.env.WEBHOOK_ENDPOINTS_PER_ORG) || 50;

type Row = {
  id: string; url: string; description: string | null; events: string[]; format: "standard" | "slack"; enabled: boolean;
  failingSince: Date | null; disabledAt: Date | null; disabledReason: string | null; createdAt: Date; updatedAt: Date;
  secretRotatedAt: Date | null; previousSecretExpiresAt: Date | null;
};

export const toWebhookResponse = (r: Row): WebhookResponse => ({
  id: r.id, url: r.url, description: r.description, events: r.events, format: r.format, enabled: r.enabled,
  failingSince: r.failingSince?.toISOString() ?? null, disabledAt: r.disabledAt?.toISOString() ?? null, disabledReason: r.disabledReason,
  secretRotatedAt: r.secretRotatedAt?.toISOString() ?? null,
  // An expired previous secret signs nothing any more, whether or not the row has been tidied.
  previousSecretExpiresAt: r.previousSecretExpiresAt && r.previousSecretExpiresAt > new Date() ? r.previousSecretExpiresAt.toISOString() : null,
  createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString(),
});

const orgId = (ctx: Ctx) => ctx.org!.id;

/** The secret is bound to its endpoint (AAD): a sealed secret copied onto another row does not open. */
export const sealSecret = (endpointId: string, secret: string) => encryptSecret(secret, { aad: `webhook:${endpointId}` });
export const openSecret = (endpointId: string, sealed: string) => decryptSecret(sealed, { aad: `webhook:${endpointId}` });

/** whsec_ and 32 random bytes in base64, the Standard Webhooks secret format. */
export const newSecret = () => `whsec_${randomBytes(32).toString("base64")}`;

async function checkUrl(raw: string): Promise<string> {
  const refusal = await webhookUrlRefusal(raw);
  if (refusal) throw validationError("This URL cannot receive webhooks", [{ path: "url", code: "url_refused", message: refusal }]);
  return new URL(raw).href;
}

const defaultFormat = (url: string) => (new URL(url).hostname === "hooks.slack.com" ? "slack" : "standard");

export async function createWebhook(ctx: Ctx, input: z.infer<typeof createWebhookBody>) {
  const url = await checkUrl(input.url);
  const secret = newSecret();
  const row = await db.$transaction(async (tx) => {
    // Counted under the organization's row lock, so that two creations cannot both take the last place.
    await tx.$queryRaw`SELECT id FROM organizations WHERE id = ${orgId(ctx)}::uuid FOR UPDATE`;
    const count = await tx.webhookEndpoint.count({ where: { organizationId: orgId(ctx) } });
    if (count >= maxEndpoints()) throw new DomainError("CONFLICT", `An organization can have ${maxEndpoints()} webhook endpoints; delete one first`, { limit: maxEndpoints() });
    const id = crypto.randomUUID();
    const created = await tx.webhookEndpoint.create({
      data: {
        id, organizationId: orgId(ctx), url, description: input.description || null, events: input.events,
        format: input.format ?? defaultFormat(url), secretEnc: sealSecret(id, secret), createdByUserId: actorUserId(ctx),
      },
    });
    await audit(tx, ctx, created.id, { change: "webhook_created", url, events: input.events });
    return created;
  });
  return { ...toWebhookResponse(row), secret };
}

export async function listWebhooks(ctx: Ctx, q: Pagination) {
  const where = { organizationId: orgId(ctx) };
  const [rows, total] = await Promise.all([
    db.webhookEndpoint.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: q.offset, take: q.limit }),
    db.webhookEndpoint.count({ where }),
  ]);
  return { data: rows.map(toWebhookResponse), meta: pageMeta(total, q) };
}

/** The organization's endpoint, or 404 (another organization's id included). */
export async function getWebhookOrThrow(ctx: Ctx, webhookId: string, tx: Tx = db, opts: { /** Row lock: two rotations at once apply one after the other. */ lock?: boolean } = {}) {
  if (opts.lock) await tx.$queryRaw`SELECT id FROM webhook_endpoints WHERE id = ${webhookId}::uuid AND organization_id = ${orgId(ctx)}::uuid FOR UPDATE`;
  const row = await tx.webhookEndpoint.findFirst({ where: { id: webhookId, organizationId: orgId(ctx) } });
  if (!row) throw new DomainError("NOT_FOUND", "Webhook endpoint not found");
  return row;
}

export async function updateWebhook(ctx: Ctx, webhookId: string, input: z.infer<typeof updateWebhookBody>) {
  const url = input.url === undefined ? undefined : await checkUrl(input.url);
  return db.$transaction(async (tx) => {
    const current = await getWebhookOrThrow(ctx, webhookId, tx);
    // Enabling again (also after the three-day disable) starts with a clean failure record.
    const enabling = input.enabled === true && (!current.enabled || current.disabledAt !== null);
    const row = await tx.webhookEndpoint.update({
      where: { id: current.id },
      data: {
        ...(url !== undefined ? { url } : {}),
        ...(input.events ? { events: input.events } : {}),
        ...(input.description !== undefined ? { description: input.description || null } : {}),
        ...(input.format ? { format: input.format } : {}),
        ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
        ...(enabling ? { disabledAt: null, disabledReason: null, failingSince: null } : {}),
      },
    });
    await audit(tx, ctx, row.id, { change: "webhook_updated", fields: Object.keys(input) });
    return toWebhookResponse(row);
  });
}

/**
 * A new signing secret, answered once. The one it replaces keeps signing beside it (a second signature in
 * `webhook-signature`, as the Standard Webhooks specification allows) for `keepPreviousHours`, so a receiver
 * can switch without refusing a delivery; a rotation during that overlap ends the older secret for good.
 */
export async function rotateWebhookSecret(ctx: Ctx, webhookId: string, input: z.infer<typeof rotateSecretBody>, now = new Date()) {
  const secret = newSecret();
  const keepHours = input.keepPreviousHours ?? DEFAULT_PREVIOUS_SECRET_HOURS;
  const row = await db.$transaction(async (tx) => {
    const current = await getWebhookOrThrow(ctx, webhookId, tx, { lock: true });
    const row = await tx.webhookEndpoint.update({
      where: { id: current.id },
      data: {
        secretEnc: sealSecret(current.id, secret), secretRotatedAt: now,
        ...(keepHours > 0
          ? { previousSecretEnc: current.secretEnc, previousSecretExpiresAt: new Date(now.getTime() + keepHours * 3_600_000) }
          : { previousSecretEnc: null, previousSecretExpiresAt: null }),
      },
    });
    await audit(tx, ctx, row.id, { change: "webhook_secret_rotated", keepPreviousHours: keepHours });
    return row;
  });
  return { ...toWebhookResponse(row), secret };
}

/** Previous secrets past their overlap, forgotten (they sign nothing any more). Answers how many. */
export async function forgetExpiredSecrets(now = new Date()): Promise<number> {
  const { count } = await db.webhookEndpoint.updateMany({
    where: { previousSecretExpiresAt: { lte: now } }, data: { previousSecretEnc: null, previousSecretExpiresAt: null },
  });
  return count;
}

export async function deleteWebhook(ctx: Ctx, webhookId: string) {
  await db.$transaction(async (tx) => {
    const current = await getWebhookOrThrow(ctx, webhookId, tx);
    await tx.webhookEndpoint.delete({ where: { id: current.id } });
    await audit(tx, ctx, current.id, { change: "webhook_deleted", url: current.url });
  });
  return { id: webhookId, deleted: true };
}

function audit(tx: Tx, ctx: Ctx, id: string, metadata: Record<string, unknown>) {
  return recordAudit({ action: "settings.updated", ...auditActor(ctx), organizationId: orgId(ctx), target: { type: "webhook", id }, metadata, request: ctx.request }, tx);
}
