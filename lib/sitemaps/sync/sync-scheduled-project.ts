import { db } from "@/lib/db";
import { systemCtx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import type { SafeFetcher } from "@/lib/net/safe-fetch";
import type { SitemapSyncResult } from "./schemas";
import { syncProject } from "./sync-project";

export type ScheduledSyncOutcome =
  | ({ outcome: "synced" } & SitemapSyncResult)
  | { outcome: "skipped"; reason: "paused" | "deleted" | "not_found" }
  | { outcome: "rate_limited"; retryAfterSeconds: number }
  | { outcome: "insufficient_credits"; required: number; available: number };

/**
 * The daily sync of one project, as the system: the same verb as POST /sync. A project paused or
 * deleted since the fan-out is skipped; a recent sync (429) and missing credits (402) are outcomes,
 * not failures, so they are reported and never retried. Anything else throws (and is retried).
 */
export async function syncScheduledProject(ref: { organizationId: string; projectId: string }, opts: { now?: Date; fetcher?: SafeFetcher } = {}): Promise<ScheduledSyncOutcome> {
  const project = await db.project.findFirst({ where: { id: ref.projectId, organizationId: ref.organizationId }, select: { status: true, deletedAt: true } });
  if (!project) return { outcome: "skipped", reason: "not_found" };
  if (project.deletedAt) return { outcome: "skipped", reason: "deleted" };
  if (project.status !== "active") return { outcome: "skipped", reason: "paused" };
  const ctx = systemCtx("sync-project", { id: ref.organizationId, role: "owner" });
  try {
    return { outcome: "synced", ...(await syncProject(ctx, ref.projectId, opts)) };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const meta = error.meta ?? {};
    if (error.code === "SYNC_RATE_LIMITED") return { outcome: "rate_limited", retryAfterSeconds: Number(meta.retryAfterSeconds) };
    if (error.code === "INSUFFICIENT_CREDITS") return { outcome: "insufficient_credits", required: Number(meta.required), available: Number(meta.available) };
    if (error.code === "NOT_FOUND") return { outcome: "skipped", reason: "not_found" };
    throw error;
  }
}
