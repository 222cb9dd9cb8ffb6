import { route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { W } from "@/lib/auth/scopes";
import { commitImportBody, importParams } from "@/lib/imports/schemas";
import { commitImport } from "@/lib/imports/commit-import";

// POST …/imports/{importId}/commit — confirm a preview; its net-new rows are inserted in the background
export const POST = route({ scopes: W, params: importParams, body: commitImportBody }, async ({ ctx, params }) =>
  ok(await commitImport({ ctx, projectId: params.id, importId: params.importId }), { message: "Import commit started" }));
