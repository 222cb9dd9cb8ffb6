import type { Ctx } from "@/lib/core/context";
import { db, Prisma, dbOf, outsideTransaction } from "@/lib/db";
import { validateEvent, type EventData, type EventName } from "./catalogue";
import { sendEvents, type OutgoingEvent } from "./send-event";

// The transactional outbox. A domain change that is also a public event (an issue opening, a URL dropped
// from an engine's index, a sync or import finishing) writes the event in its own transaction; the flush
// sends it through sendEvent once that transaction has committed. So an event exists if and only if its
// change committed, whatever crashes in between, and nobody has to remember to send after commit.
// Sending is at least once; the event id makes every consumer see it once (Inngest and the in-process
// runner deduplicate on it, webhook deliveries are unique per endpoint and event).

/**
 * Records an event in the caller's transaction. Validated now, so a malformed event rolls the change back
 * instead of failing later where nobody sees it. The same `eventId` twice is recorded once.
 */
export async function recordEvent<N extends EventName>(ctx: Ctx, name: N, data: EventData<N>, eventId: string): Promise<void> {
  const tx = dbOf(ctx);
  await validateEvent({ name, data });
  await tx.$executeRaw(Prisma.sql`
    INSERT INTO event_outbox (id, event_id, name, data, created_at)
    VALUES (gen_random_uuid(), ${eventId}, ${name}, ${JSON.stringify(data)}::jsonb, now())
    ON CONFLICT (event_id) DO NOTHING`);
  kickSoon();
}

/** Several events of one name in one statement (e.g. every URL a sync found dropped). */
export async function recordEvents<N extends EventName>(ctx: Ctx, name: N, events: { data: EventData<N>; eventId: string }[]): Promise<void> {
  const tx = dbOf(ctx);
  if (!events.length) return;
  for (const e of events) await validateEvent({ name, data: e.data });
  await tx.$executeRaw(Prisma.sql`
    INSERT INTO event_outbox (id, event_id, name, data, created_at)
    SELECT gen_random_uuid(), v.event_id, ${name}, v.data, now()
    FROM jsonb_to_recordset(${JSON.stringify(events.map((e) => ({ event_id: e.eventId, data: e.data })))}::jsonb) AS v(event_id text, data jsonb)
    ON CONFLICT (event_id) DO NOTHING`);
  kickSoon();
}

// The minute cron (inngest/functions/events) is the guarantee; this is for latency: a flush shortly after
// an event is recorded, by which time its transaction has usually committed (if not, the cron sends it).
// OUTBOX_KICK_MS=0 turns it off (the tests flush by hand).
const g = globalThis as unknown as { __outboxKick?: NodeJS.Timeout };
function kickSoon() {
  const ms = Number(process.env.OUTBOX_KICK_MS ?? 1000);
  if (!(ms > 0) || g.__outboxKick) return;
  // Armed from inside the recording transaction's body, the flush runs on its own, outside it (lib/db/transaction-scope.ts).
  g.__outboxKick = outsideTransaction(() => setTimeout(() => {
    g.__outboxKick = undefined;
    flushOutbox().catch((e) => console.error("[events] outbox flush failed", e));
  }, ms));
  g.__outboxKick.unref();
}

const BATCH = 500;
// Longer than any send takes; a flush that died holding a claim leaves its rows to the next flush after it.
const CLAIM_MS = 5 * 60_000;

type Claimed = { id: string; event_id: string; name: string; data: unknown };

/**
 * Sends committed, unsent events, oldest first, a batch at a time; answers how many were sent. Per batch:
 * one statement claims up to BATCH rows (SKIP LOCKED, so concurrent flushes claim disjoint rows) and
 * commits, one send carries them all, one statement marks them sent. No transaction is open while sending.
 * A failed send releases the claim and throws (the next flush retries); a flush that dies after sending
 * and before marking sends the rows again once the claim expires, and the event ids deduplicate them.
 */
export async function flushOutbox(opts: { maxBatches?: number; /** Tests: only this organization's events. */ organizationId?: string } = {}): Promise<{ sent: number }> {
  const only = opts.organizationId ? Prisma.sql`AND data->>'organizationId' = ${opts.organizationId}` : Prisma.empty;
  let sent = 0;
  for (let batch = 0; batch < (opts.maxBatches ?? 20); batch++) {
    const rows = await claimBatch(only);
    if (rows.length) await sendClaimed(rows);
    sent += rows.length;
    if (rows.length < BATCH) break;
  }
  return { sent };
}

async function claimBatch(only: Prisma.Sql): Promise<Claimed[]> {
  return db.$queryRaw<Claimed[]>(Prisma.sql`
    WITH c AS (
      SELECT id FROM event_outbox
      WHERE sent_at IS NULL AND (claimed_until IS NULL OR claimed_until < now()) ${only}
      ORDER BY created_at, id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED
    ), claimed AS (
      UPDATE event_outbox o SET claimed_until = now() + ${CLAIM_MS}::int * interval '1 millisecond'
      FROM c WHERE o.id = c.id
      RETURNING o.id, o.event_id, o.name, o.data, o.created_at
    )
    SELECT id::text, event_id, name, data FROM claimed ORDER BY created_at, id`);
}

async function sendClaimed(rows: Claimed[]): Promise<void> {
  const ids = rows.map((r) => r.id);
  try {
    // Each was validated when it was recorded; sendEvents validates them again against the catalogue.
    await sendEvents(rows.map((r) => ({ name: r.name, data: r.data, id: r.event_id }) as OutgoingEvent));
  } catch (error) {
    await db.$executeRaw(Prisma.sql`UPDATE event_outbox SET claimed_until = NULL WHERE id = ANY(${ids}::uuid[]) AND sent_at IS NULL`);
    throw error;
  }
  await db.$executeRaw(Prisma.sql`UPDATE event_outbox SET sent_at = now(), claimed_until = NULL WHERE id = ANY(${ids}::uuid[])`);
}

/** Sent events older than this are deleted by the daily purge. */
export const OUTBOX_RETENTION_DAYS = 7;

export async function purgeOutbox(now = new Date()): Promise<number> {
  return db.$executeRaw(Prisma.sql`
    DELETE FROM event_outbox WHERE sent_at IS NOT NULL AND sent_at < ${new Date(now.getTime() - OUTBOX_RETENTION_DAYS * 86_400_000)}`);
}
