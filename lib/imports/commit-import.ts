import { db, withTransaction } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { sendEvent } from "@/lib/events/send-event";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { getImportOrThrow, toUrlImportResponse } from "./internal";

/**
 * Confirms a preview: `ready` → `committing` by a conditional update (of two concurrent commits one
 * wins, the other answers 409 IMPORT_STALE), then queues the background insertion. An expired
 * preview becomes `expired` and answers 409 IMPORT_EXPIRED; an import in any status but `ready`
 * (`expired` included: the expiry was already reported) answers 409 IMPORT_STALE.
 */
export async function commitImport({ ctx, projectId, importId, now = new Date() }: { ctx: OrgCtx; projectId: string; importId: string; now?: Date }) {
  const current = await getImportOrThrow(ctx, projectId, importId);
  if (current.status !== "ready") throw stale(current.status);
  if (now.getTime() > current.expiresAt.getTime()) {
    await withTransaction(ctx, async (ctx) => {
      const { tx } = ctx;
      await tx.urlImport.updateMany({ where: { id: current.id, status: "ready" }, data: { status: "expired" } });
      await tx.urlImportRow.deleteMany({ where: { importId: current.id } });
    });
    throw expired();
  }

  const row = await withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    await getProjectOrThrow(ctx, projectId);
    const { count } = await tx.urlImport.updateMany({
      where: { id: current.id, status: "ready", expiresAt: { gte: now } },
      data: { status: "committing", committedAt: now },
    });
    if (count !== 1) throw stale();
    return tx.urlImport.findUniqueOrThrow({ where: { id: current.id } });
  });

  const data = { organizationId: row.organizationId, projectId: row.projectId, importId: row.id };
  try {
    await sendEvent("url-import/commit.requested", data, { id: row.id });
  } catch (error) {
    // Nothing will insert the rows: hand the preview back so the commit can be retried.
    await db.urlImport.updateMany({ where: { id: row.id, status: "committing", committedChunks: 0 }, data: { status: "ready", committedAt: null } });
    throw error;
  }
  return toUrlImportResponse(row, now);
}

const expired = () => new DomainError("IMPORT_EXPIRED", "This import preview has expired; upload the file again");
const stale = (status?: string) =>
  new DomainError("IMPORT_STALE", `This import is no longer ready to commit${status ? ` (status: ${status})` : ""}`, status ? { status } : undefined);
