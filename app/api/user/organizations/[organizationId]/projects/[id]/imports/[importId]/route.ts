import { route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { R } from "@/lib/auth/scopes";
import { importParams } from "@/lib/imports/schemas";
import { getImport } from "@/lib/imports/get-import";

// GET …/imports/{importId} — one import: preview totals, row errors and commit progress
export const GET = route({ scopes: R, params: importParams }, async ({ ctx, params }) => {
  const { data, message } = await getImport(ctx, params.id, params.importId);
  return ok(data, { message });
});
