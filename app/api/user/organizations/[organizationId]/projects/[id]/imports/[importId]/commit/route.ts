import { route } from "@/lib/api/route";
import { postProjectImportCommitOp } from "@/lib/api/operations/imports";
import { ok } from "@/lib/api/envelope";
import { commitImport } from "@/lib/imports/commit-import";

// POST …/imports/{importId}/commit — confirm a preview; its net-new rows are inserted in the background
export const POST = route(postProjectImportCommitOp, async ({ ctx, params }) =>
  ok(await commitImport({ ctx, projectId: params.id, importId: params.importId }), { message: "Import commit started" }));
