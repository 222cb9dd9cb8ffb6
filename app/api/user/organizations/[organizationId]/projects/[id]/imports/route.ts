import { route } from "@/lib/api/route";
import { getProjectImportsOp, postProjectImportsOp } from "@/lib/api/operations/imports";
import { created, ok } from "@/lib/api/envelope";
import { listImports } from "@/lib/imports/list-imports";
import { readImportUpload } from "@/lib/api/read-import-upload";
import { createImportPreview } from "@/lib/imports/create-import-preview";

// GET …/imports — the project's imports, newest first
export const GET = route(getProjectImportsOp, async ({ ctx, params, query }) => {
  const { data, meta } = await listImports(ctx, params.id, query);
  return ok(data, { meta });
});

// POST …/imports — upload a CSV or text file (multipart `file`, or a raw text/csv or text/plain body) for a preview
export const POST = route(postProjectImportsOp, async ({ ctx, params, query, req }) => {
  const upload = await readImportUpload(req, query.fileName);
  const { data, message } = await createImportPreview({ ctx, projectId: params.id, upload });
  return created(data, message);
});
