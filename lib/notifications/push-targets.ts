import { z } from "zod";
import { withTransaction } from "@/lib/db";
import { userActorOrThrow, type Ctx } from "@/lib/core/context";
import { validationError } from "@/lib/core/errors";
import { auditActor, recordAudit } from "@/lib/audit-log/record-audit";
import { suppliedUrlRefusal } from "@/lib/net/url-policy";
import { vapid } from "./push";

export const MAX_TARGETS_PER_USER = 20;

const endpoint = z.string().trim().min(1).max(2048).pipe(z.url({ protocol: /^https$/, error: "A push endpoint is an https URL" }));
const key = z.string().min(1).max(255);
export const registerPushBody = z.object({ endpoint, keys: z.object({ p256dh: key, auth: key }).strict() }).strict();
export const unregisterPushBody = z.object({ endpoint: z.string().min(1).max(2048) }).strict();
export const PushPublicKey = z.object({ publicKey: z.string().nullable().describe("The VAPID public key (applicationServerKey); null when web push is not configured") });
export const PushTargetResponse = z.object({ endpoint: z.string(), createdAt: z.string() });

export const publicKey = () => ({ publicKey: vapid()?.publicKey ?? null });

/**
 * Registers the browser's push subscription for the caller. The same endpoint again updates its keys; an
 * endpoint registered by someone else moves to the caller (a subscription belongs to whoever holds the
 * browser now). At most 20 per user: the oldest go. Audited.
 */
export async function registerPushTarget(ctx: Ctx, body: z.infer<typeof registerPushBody>) {
  const { userId } = userActorOrThrow(ctx);
  const refusal = suppliedUrlRefusal(body.endpoint);
  if (refusal) throw validationError("This push endpoint cannot be used", [{ path: "endpoint", code: "url_refused", message: refusal }]);
  return withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    await tx.$queryRaw`SELECT id FROM users WHERE id = ${userId}::uuid FOR UPDATE`;
    const row = await tx.pushTarget.upsert({
      where: { endpoint: body.endpoint },
      create: { userId, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth },
      update: { userId, p256dh: body.keys.p256dh, auth: body.keys.auth },
    });
    const extra = await tx.pushTarget.findMany({ where: { userId }, orderBy: { createdAt: "desc" }, skip: MAX_TARGETS_PER_USER, select: { id: true } });
    if (extra.length) await tx.pushTarget.deleteMany({ where: { id: { in: extra.map((e) => e.id) } } });
    await recordAudit({ ...auditActor(ctx), action: "notification.push_target_registered", target: { type: "push_target", id: row.id }, metadata: { host: new URL(row.endpoint).host } }, ctx);
    return { endpoint: row.endpoint, createdAt: row.createdAt.toISOString() };
  });
}

/** Removes the caller's target with this endpoint (another user's is left alone). */
export async function unregisterPushTarget(ctx: Ctx, body: z.infer<typeof unregisterPushBody>) {
  const { userId } = userActorOrThrow(ctx);
  return withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    const row = await tx.pushTarget.findFirst({ where: { endpoint: body.endpoint, userId } });
    if (!row) return { removed: false };
    await tx.pushTarget.delete({ where: { id: row.id } });
    await recordAudit({ ...auditActor(ctx), action: "notification.push_target_removed", target: { type: "push_target", id: row.id }, metadata: { host: new URL(row.endpoint).host } }, ctx);
    return { removed: true };
  });
}
