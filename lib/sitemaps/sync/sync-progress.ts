import { db, Prisma } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { DEFAULT_SYNC_LIMITS } from "./limits";
import { SyncProgressResponse } from "./schemas";

export type SyncProgress = { startedAt: string; phase: "reading" | "admitting"; sitemapsRead: number; sitemapsFound: number; urlsRead: number };

/** Writes the running sync's progress on the project (null: no sync runs). */
export async function writeSyncProgress(projectId: string, progress: SyncProgress | null): Promise<void> {
  await db.$executeRaw(Prisma.sql`
    UPDATE projects SET sitemap_sync_progress = ${progress === null ? null : JSON.stringify(progress)}::jsonb WHERE id = ${projectId}::uuid`);
}

/**
 * Progress writes at most every `everyMs`: a report inside that interval is written at its end (the latest one), so
 * a walk of a thousand small files writes a few times a second and a file that takes long shows what came before it.
 * `force` writes at once; `stop` drops a write still waiting and waits for one under way. A failed write never stops the sync.
 */
export function syncProgressWriter(projectId: string, startedAt: Date, everyMs = 400) {
  let last = 0;
  let waiting: ReturnType<typeof setTimeout> | null = null;
  let latest: Omit<SyncProgress, "startedAt"> | null = null;
  let stopped = false;
  let inFlight: Promise<void> = Promise.resolve();
  const write = async () => {
    if (waiting) clearTimeout(waiting);
    waiting = null;
    if (!latest || stopped) return;
    const p = latest;
    latest = null;
    last = Date.now();
    inFlight = writeSyncProgress(projectId, { startedAt: startedAt.toISOString(), ...p })
      .catch((e) => console.error("[sitemaps] could not record the sync's progress", e));
    await inFlight;
  };
  const report = async (p: Omit<SyncProgress, "startedAt">, force = false) => {
    latest = p;
    if (force || Date.now() - last >= everyMs) return write();
    waiting ??= setTimeout(() => void write(), last + everyMs - Date.now());
  };
  /** No more writes; resolves once a write under way has landed (so that clearing the progress comes after it). */
  report.stop = async () => {
    stopped = true;
    if (waiting) clearTimeout(waiting);
    waiting = null;
    await inFlight;
  };
  return report;
}

// A progress row older than the longest walk plus the admission is a sync that died with its process.
const ABANDONED_AFTER_MS = DEFAULT_SYNC_LIMITS.walkTimeoutMs + 30 * 60_000;

/** GET …/sync: the sync running now, what it has read so far; `running: false` with zeros when none runs. */
export async function getSyncProgress(ctx: OrgCtx, projectId: string, now = new Date()): Promise<SyncProgressResponse> {
  const project = await getProjectOrThrow(ctx, projectId);
  const row = await db.project.findUnique({ where: { id: project.id }, select: { sitemapSyncProgress: true } });
  const p = (row?.sitemapSyncProgress ?? null) as SyncProgress | null;
  if (!p || now.getTime() - Date.parse(p.startedAt) > ABANDONED_AFTER_MS) {
    return { running: false, startedAt: null, phase: null, sitemapsRead: 0, sitemapsFound: 0, urlsRead: 0 };
  }
  return SyncProgressResponse.parse({ running: true, ...p });
}
