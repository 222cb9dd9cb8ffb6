import { dbOf, Prisma, uuidArray } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { DomainError, validationError } from "@/lib/core/errors";
import { MAX_BULK_URLS, type UrlSelection } from "./schemas";
import { urlConditions } from "./url-filters";

export type SelectedUrls = { ids: string[]; unknown: number };

/**
 * The project's tracked URLs a bulk action works on, read in the caller's transaction: the given ids that are the
 * project's (the others are counted as unknown), or every URL the filters match. A filter matching more than
 * MAX_BULK_URLS is refused (400: narrow it), and one that matches another number than the person confirmed
 * (`expectedCount`) is refused with 409 CONFLICT and the number it matches now, so nothing happens to URLs nobody saw.
 */
export async function selectUrls(ctx: OrgCtx, projectId: string, selection: UrlSelection): Promise<SelectedUrls> {
  const db = dbOf(ctx);
  if (selection.urlIds) {
    const wanted = [...new Set(selection.urlIds)];
    const rows = await db.$queryRaw<{ id: string }[]>(Prisma.sql`
      SELECT t.id::text AS id FROM tracked_urls t WHERE t.project_id = ${projectId}::uuid AND t.id = ANY(${uuidArray(wanted)}) ORDER BY t.id`);
    return { ids: rows.map((r) => r.id), unknown: wanted.length - rows.length };
  }
  const filter = selection.filter ?? {};
  const rows = await db.$queryRaw<{ id: string }[]>(Prisma.sql`
    SELECT t.id::text AS id FROM tracked_urls t WHERE ${Prisma.join(urlConditions(projectId, filter), " AND ")}
    ORDER BY t.id LIMIT ${MAX_BULK_URLS + 1}`);
  if (rows.length > MAX_BULK_URLS) {
    throw validationError(`The filter matches more than ${MAX_BULK_URLS.toLocaleString("en-US")} URLs: narrow it, or act on a selection`, [
      { path: "filter", message: `At most ${MAX_BULK_URLS.toLocaleString("en-US")} URLs at once`, code: "too_many_urls" },
    ]);
  }
  if (rows.length !== selection.expectedCount) {
    throw new DomainError("CONFLICT", `The filter now matches ${rows.length.toLocaleString("en-US")} URLs, not the ${selection.expectedCount!.toLocaleString("en-US")} confirmed: nothing was changed`, {
      matched: rows.length, expectedCount: selection.expectedCount,
    });
  }
  return { ids: rows.map((r) => r.id), unknown: 0 };
}

/** How a bulk action named its URLs, for its audit entry (ids are counted, not listed). */
export const selectionForAudit = (s: UrlSelection) => (s.urlIds ? { urlIds: new Set(s.urlIds).size } : { filter: s.filter ?? {} });
