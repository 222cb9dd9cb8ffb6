import { Prisma } from "@/lib/db";

/** Projects that submit: live, active, with a verified IndexNow key (alias p = projects). */
export const ELIGIBLE_PROJECT = Prisma.sql`p.deleted_at IS NULL AND p.status = 'active' AND p.index_now_key IS NOT NULL AND p.index_now_key_verified_at IS NOT NULL`;

/** The project has URLs in the IndexNow backlog (alias p = projects). */
export const HAS_BACKLOG = Prisma.sql`EXISTS (SELECT 1 FROM index_now_queue q WHERE q.project_id = p.id)`;

/** The project's lease is free and its backoff over (alias s = index_now_states, LEFT JOINed). */
export const notLeasedNorBackingOff = (now: Date) => Prisma.sql`(s.lease_until IS NULL OR s.lease_until <= ${now})
  AND (s.next_attempt_at IS NULL OR s.next_attempt_at <= ${now})`;
