import type { OrgCtx } from "@/lib/core/context";
import { getImportOrThrow, importMessage, toUrlImportResponse } from "./internal";

export async function getImport(ctx: OrgCtx, projectId: string, importId: string, now = new Date()) {
  const row = await getImportOrThrow(ctx, projectId, importId);
  return { data: toUrlImportResponse(row, now), message: importMessage(row) };
}
