import { systemCtx } from "@/lib/core/context";
import { Webhook } from "standardwebhooks";
import { db, Prisma, withTransaction } from "@/lib/db";
import { configuredFetcher } from "@/lib/net/safe-fetch";
import { openSecret } from "./internal";
import { notifyEndpointDisabled } from "./notify-disabled";
import { TEST_EVENT_TYPE } from "./schemas";

// Delivering: each attempt POSTs the stored payload through the SSRF-safe fetcher with the Standard Webhooks
// headers (webhook-id fixed per message, webhook-timestamp and webhook-signature fresh per attempt). A 2xx is
// success; anything else (a redirect too: it is not followed) is a failure, retried on the schedule of the
// Standard Webhooks guidance, which spans about a day. An endpoint whose deliveries have all failed for three
// days is disabled and its organization's owners and admins are told.

/** Seconds after a failed attempt n (1-based) before the next one; after the last, the delivery has failed. */
export const RETRY_SCHEDULE_S = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600];
export const MAX_ATTEMPTS = RETRY_SCHEDULE_S.length + 1;
export const DISABLE_AFTER_MS = 3 * 86_400_000;
const LEASE_MS = 2 * 60_000;
const TIMEOUT_MS = Number(process.env.WEBHOOK_TIMEOUT_MS) || 15_000;
const CONCURRENCY = 32;
const USER_AGENT = "IndexWatch-Webhooks/1.0 (+https://indexwatch.example/docs/webhooks)";

/** Its own pool: receivers are not customer sites under crawl politeness, and one slow receiver must not hold the others. */
const webhookFetcher = () => configuredFetcher({ maxPerHost: 16, userAgent: USER_AGENT });

type Claimed = {
  id: string; organization_id: string; endpoint_id: string; message_id: string; event_type: string; payload: unknown; attempts: number;
  url: string; secret_enc: string; previous_secret_enc: string | null;
};

export type AttemptOutcome = { ok: boolean; statusCode: number | null; durationMs: number; error: string | null };

/** One POST of a delivery: signed, through the safe fetcher, never throwing. */
export async function attemptDelivery(
  d: { endpointId: string; messageId: string; url: string; secretEnc: string; /** Still within its overlap after a rotation. */ previousSecretEnc?: string | null; payload: unknown },
  now = new Date(),
): Promise<AttemptOutcome> {
  const started = performance.now();
  const body = JSON.stringify(d.payload);
  let headers: Record<string, string>;
  try {
    // Space-delimited signatures, the current secret's first: a receiver holding either one verifies the delivery.
    const signature = [d.secretEnc, ...(d.previousSecretEnc ? [d.previousSecretEnc] : [])]
      .map((sealed) => new Webhook(openSecret(d.endpointId, sealed)).sign(d.messageId, now, body)).join(" ");
    headers = {
      "content-type": "application/json", "webhook-id": d.messageId, "webhook-timestamp": String(Math.floor(now.getTime() / 1000)), "webhook-signature": signature,
    };
  } catch {
    return { ok: false, statusCode: null, durationMs: 0, error: "the signing secret cannot be opened (ENCRYPTION_KEY changed?); rotate it (POST …/rotate-secret with keepPreviousHours 0)" };
  }
  const r = await webhookFetcher().fetch(d.url, { method: "POST", body, headers, totalTimeoutMs: TIMEOUT_MS, maxBodyBytes: 64 * 1024, maxRedirects: 0 });
  const durationMs = Math.round(performance.now() - started);
  if (!r.ok) return { ok: false, statusCode: null, durationMs, error: `${r.error.kind}: ${r.error.message}`.slice(0, 500) };
  if (r.status >= 200 && r.status < 300) return { ok: true, statusCode: r.status, durationMs, error: null };
  const snippet = r.body.toString("utf8", 0, 200).replace(/\s+/g, " ").trim();
  const why = r.status >= 300 && r.status < 400 ? "redirects are not followed" : snippet;
  return { ok: false, statusCode: r.status, durationMs, error: `HTTP ${r.status}${why ? `: ${why}` : ""}`.slice(0, 500) };
}

/**
 * Claims due deliveries (all, or only `ids`), attempts them in parallel and records each outcome. A claim
 * moves nextAttemptAt past a lease, so a second worker skips them, and a worker that dies mid-send leaves
 * them to be tried again when the lease runs out. Answers how many were attempted.
 */
export async function deliverDue(opts: { ids?: string[]; limit?: number; now?: () => Date; /** A test send reaches a disabled endpoint too. */ includeDisabled?: boolean } = {}): Promise<{ attempted: number; succeeded: number }> {
  const now = opts.now ?? (() => new Date());
  const only = opts.ids ? Prisma.sql`AND d.id = ANY(${opts.ids}::uuid[])` : Prisma.empty;
  const claimed = await db.$queryRaw<Claimed[]>(Prisma.sql`
    WITH due AS (
      SELECT d.id FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
      WHERE d.status = 'pending' AND d.next_attempt_at <= ${now()} AND (e.enabled OR ${opts.includeDisabled === true}) ${only}
      ORDER BY d.next_attempt_at LIMIT ${opts.limit ?? 1000}
      FOR UPDATE OF d SKIP LOCKED
    )
    UPDATE webhook_deliveries d SET next_attempt_at = ${new Date(now().getTime() + LEASE_MS)}, attempts = d.attempts + 1, updated_at = now()
    FROM due, webhook_endpoints e
    WHERE d.id = due.id AND e.id = d.endpoint_id
    RETURNING d.id, d.organization_id, d.endpoint_id, d.message_id, d.event_type, d.payload, d.attempts, e.url, e.secret_enc,
      CASE WHEN e.previous_secret_expires_at > ${now()} THEN e.previous_secret_enc END AS previous_secret_enc`);
  let succeeded = 0;
  let next = 0;
  const work = async () => {
    for (let i = next++; i < claimed.length; i = next++) {
      const d = claimed[i];
      const outcome = await attemptDelivery(
        { endpointId: d.endpoint_id, messageId: d.message_id, url: d.url, secretEnc: d.secret_enc, previousSecretEnc: d.previous_secret_enc, payload: d.payload }, now());
      if (outcome.ok) succeeded++;
      await recordOutcome(d, outcome, now()).catch((e) => console.error(`[webhooks] could not record the outcome of delivery ${d.id}`, e));
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, claimed.length) }, work));
  return { attempted: claimed.length, succeeded };
}

async function recordOutcome(d: Claimed, o: AttemptOutcome, now: Date): Promise<void> {
  // A test send is tried once; everything else follows the schedule.
  const last = d.event_type === TEST_EVENT_TYPE || d.attempts >= MAX_ATTEMPTS;
  const status = o.ok ? "succeeded" : last ? "failed" : "pending";
  const nextAttemptAt = status === "pending" ? new Date(now.getTime() + RETRY_SCHEDULE_S[d.attempts - 1] * 1000) : null;
  const disabled = await withTransaction(systemCtx("deliver"), async (ctx) => {
    const { tx } = ctx;
    await tx.webhookDeliveryAttempt.create({
      data: { organizationId: d.organization_id, deliveryId: d.id, attempt: d.attempts, statusCode: o.statusCode, durationMs: o.durationMs, error: o.error, createdAt: now },
    });
    await tx.webhookDelivery.update({
      where: { id: d.id },
      data: {
        status, nextAttemptAt, lastAttemptAt: now, lastStatusCode: o.statusCode, lastDurationMs: o.durationMs, lastError: o.error,
        ...(o.ok ? { deliveredAt: now } : {}),
      },
    });
    // A test send says nothing about the endpoint's record: it neither starts nor ends the failure clock.
    if (d.event_type === TEST_EVENT_TYPE) return false;
    if (o.ok) {
      await tx.webhookEndpoint.updateMany({ where: { id: d.endpoint_id, failingSince: { not: null } }, data: { failingSince: null } });
      return false;
    }
    // The first failure starts the clock; three days of nothing but failures disable the endpoint.
    await tx.webhookEndpoint.updateMany({ where: { id: d.endpoint_id, failingSince: null }, data: { failingSince: now } });
    const { count } = await tx.webhookEndpoint.updateMany({
      where: { id: d.endpoint_id, enabled: true, failingSince: { lte: new Date(now.getTime() - DISABLE_AFTER_MS) } },
      data: { enabled: false, disabledAt: now, disabledReason: `Every delivery failed for three days (last: ${o.error ?? "no answer"})`.slice(0, 500) },
    });
    if (count) {
      await tx.webhookDelivery.updateMany({
        where: { endpointId: d.endpoint_id, status: "pending" },
        data: { status: "failed", nextAttemptAt: null, lastError: "the endpoint was disabled after failing for three days" },
      });
    }
    return count > 0;
  });
  if (disabled) await notifyEndpointDisabled(d.organization_id, d.endpoint_id).catch((e) => console.error("[webhooks] could not notify", e));
}
