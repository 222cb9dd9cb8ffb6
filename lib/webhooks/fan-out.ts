import { db, Prisma } from "@/lib/db";
import type { PublicEvent } from "@/lib/events/catalogue";
import { envelopeOf, messageIdFor, renderPayload } from "./payload";

/**
 * One delivery per enabled endpoint of the organization subscribed to the event, inserted at once and due
 * now. The (endpoint, message) unique index makes a retried fan-out insert nothing twice. Answers the ids
 * of the deliveries this call created (to attempt them right away).
 */
export async function fanOutEvent(event: PublicEvent & { id: string }, now = new Date()): Promise<string[]> {
  const { organizationId } = event.data;
  const endpoints = await db.webhookEndpoint.findMany({
    where: { organizationId, enabled: true, events: { has: event.name } }, select: { id: true, format: true },
  });
  if (!endpoints.length) return [];
  const envelope = envelopeOf(event, now);
  const formats = [...new Set(endpoints.map((e) => e.format))];
  const bodies = new Map(await Promise.all(formats.map(async (f) => [f, await renderPayload(f, envelope)] as const)));
  const messageId = messageIdFor(event.id);
  const rows = endpoints.map((e) => ({ endpoint_id: e.id, payload: bodies.get(e.format) }));
  const inserted = await db.$queryRaw<{ id: string }[]>(Prisma.sql`
    INSERT INTO webhook_deliveries (id, organization_id, endpoint_id, message_id, event_type, payload, status, attempts, next_attempt_at, created_at, updated_at)
    SELECT gen_random_uuid(), ${organizationId}::uuid, v.endpoint_id, ${messageId}, ${event.name}, v.payload, 'pending', 0, ${now}, ${now}, ${now}
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(endpoint_id uuid, payload jsonb)
    ON CONFLICT (endpoint_id, message_id) WHERE replay_of_id IS NULL DO NOTHING
    RETURNING id::text AS id`);
  return inserted.map((r) => r.id);
}
