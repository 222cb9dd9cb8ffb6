import { route } from "@/lib/api/route";
import { getProjectImportOp } from "@/lib/api/operations/imports";
import { ok } from "@/lib/api/envelope";
import { getImport } from "@/lib/imports/get-import";

// GET …/imports/{importId} — one import: preview totals, row errors and commit progress
export const GET = route(getProjectImportOp, async ({ ctx, params }) => {
  const { data, message } = await getImport(ctx, params.id, params.importId);
  return ok(data, { message });
});
