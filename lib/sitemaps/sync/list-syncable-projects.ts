import { db } from "@/lib/db";

export type SyncableProject = { id: string; organizationId: string };

/** One keyset page (by id) of the projects the daily sync covers: active, not deleted, of a live organization. */
export async function listSyncableProjects(afterId: string | null, limit: number): Promise<SyncableProject[]> {
  return db.project.findMany({
    where: { status: "active", deletedAt: null, organization: { deletedAt: null }, ...(afterId ? { id: { gt: afterId } } : {}) },
    orderBy: { id: "asc" },
    take: limit,
    select: { id: true, organizationId: true },
  });
}
