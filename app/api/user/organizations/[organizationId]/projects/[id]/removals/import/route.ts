import { route } from "@/lib/api/route";
import { postRemovalImportOp } from "@/lib/api/operations/removals";
import { created, ok } from "@/lib/api/envelope";
import { readImportUpload } from "@/lib/api/read-import-upload";
import { importRemovals } from "@/lib/removals/import-removals";

// POST …/removals/import — declare removals from a CSV or text file (multipart `file`, or a raw body); preview=true declares nothing
export const POST = route(postRemovalImportOp, async ({ ctx, params, query, req }) => {
  const upload = await readImportUpload(req, query.fileName);
  const result = await importRemovals(ctx, params.id, upload, query);
  if (result.preview) return ok(result, { message: `Preview: ${result.declaredRows} URLs would be declared, ${result.skippedRows} rows left out` });
  return created(result, `${result.declaredRows} URLs declared in ${result.removals.length} removal${result.removals.length === 1 ? "" : "s"}, ${result.skippedRows} rows left out`);
});
