import { db, Prisma, type Tx } from "@/lib/db";
import { validateEvent, type EventData, type EventName } from "./catalogue";
import { sendEvent } from "./send-event";

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
export async function recordEvent<N extends EventName>(tx: Tx, name: N, data: EventData<N>, eventId: string): Promise<void> {
  await validateEvent({ name, data });
  await tx.$executeRaw(Prisma.sql`
    INSERT INTO event_outbox (id, event_id, name, data, created_at)
    VALUES (gen_random_uuid(), ${eventId}, ${name}, ${JSON.stringify(data)}::jsonb, now())
    ON CONFLICT (event_id) DO NOTHING`);
  kickSoon();
}

/** Several events of one name in one statement (e.g. every URL a sync found dropped). */
export async function recordEvents<N extends EventName>(tx: Tx, name: N, events: { data: EventData<N>; eventId: string }[]): Promise<void> {
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
  g.__outboxKick = setTimeout(() => {
    g.__outboxKick = undefined;
    flushOutbox().catch((e) => console.error("[events] outbox flush failed", e));
  }, ms);
  g.__outboxKick.unref();
}

const BATCH = 500;

/**
 * Sends committed, unsent events, oldest first, in batches; answers how many were sent. Rows are claimed
 * with SKIP LOCKED, so two flushes (two processes, a cron overlapping a kick) never send the same row at
 * once; a flush that dies after sending and before marking leaves the rows for the next, whose sends the
 * event ids deduplicate.
 */
export async function flushOutbox(opts: { maxBatches?: number; /** Tests: only this organization's events. */ organizationId?: string } = {}): Promise<{ sent: number }> {
  const only = opts.organizationId ? Prisma.sql`AND data->>'organizationId' = ${opts.organizationId}` : Prisma.empty;
  let sent = 0;
  for (let batch = 0; batch < (opts.maxBatches ?? 20); batch++) {
    const n = await db.$transaction(async (tx) => {
      const rows = await tx.$queryRaw<{ id: string; event_id: string; name: string; data: Record<string, unknown> }[]>(Prisma.sql`
        SELECT id, event_id, name, data FROM event_outbox WHERE sent_at IS NULL ${only}
        ORDER BY created_at, id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`);
      for (const r of rows) await sendEvent(r.name as EventName, r.data as never, { id: r.event_id });
      if (rows.length) {
        await tx.$executeRaw(Prisma.sql`UPDATE event_outbox SET sent_at = now() WHERE id = ANY(${rows.map((r) => r.id)}::uuid[])`);
      }
      return rows.length;
    }, { timeout: 60_000, maxWait: 10_000 });
    sent += n;
    if (n < BATCH) break;
  }
  return { sent };
}

/** Sent events older than this are deleted by the daily purge. */
export const OUTBOX_RETENTION_DAYS = 7;

export async function purgeOutbox(now = new Date()): Promise<number> {
  return db.$executeRaw(Prisma.sql`
    DELETE FROM event_outbox WHERE sent_at IS NOT NULL AND sent_at < ${new Date(now.getTime() - OUTBOX_RETENTION_DAYS * 86_400_000)}`);
}
