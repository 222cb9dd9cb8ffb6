import type { Ctx, OrgCtx } from "@/lib/core/context";
import { db, Prisma, dbOf } from "@/lib/db";

// Which engines a project can ask now (a gsc grant not known to be revoked, an engine-B key), and the
// backlog of checks each one is owed (tracked_urls.engine_{a,b}_sync_priority).
export type ConnectedEngines = { engineA: boolean; engineB: boolean };
export type EngineName = keyof ConnectedEngines;

type ConnectionColumns = {
  gscRefreshTokenEnc: string | null; gscPropertyUrl: string | null; gscRevokedAt: Date | null;
  engineBApiKeyEnc: string | null; engineBSiteUrl: string | null;
};

export const connectionColumns = {
  gscRefreshTokenEnc: true, gscPropertyUrl: true, gscRevokedAt: true, engineBApiKeyEnc: true, engineBSiteUrl: true,
} as const;

export function enginesOf(p: ConnectionColumns): ConnectedEngines {
  return { engineA: Boolean(p.gscRefreshTokenEnc && p.gscPropertyUrl && !p.gscRevokedAt), engineB: Boolean(p.engineBApiKeyEnc && p.engineBSiteUrl) };
}

/** One cheap read; a deleted or unknown project has none. */
export async function connectedEngines(ctx: OrgCtx, projectId: string): Promise<ConnectedEngines> {
  const p = await db.project.findFirst({ where: { id: projectId, organizationId: ctx.org.id, deletedAt: null }, select: connectionColumns });
  return p ? enginesOf(p) : { engineA: false, engineB: false };
}

/** A disconnected engine is owed nothing: its backlog goes (a new connection starts from the next inspections). */
export async function forgetBacklog(ctx: Ctx, projectId: string, engine: EngineName): Promise<void> {
  const tx = dbOf(ctx);
  const column = Prisma.raw(engine === "engineA" ? "engine_a_sync_priority" : "engine_b_sync_priority");
  await tx.$executeRaw(Prisma.sql`UPDATE tracked_urls SET ${column} = NULL WHERE project_id = ${projectId}::uuid AND ${column} IS NOT NULL`);
}
