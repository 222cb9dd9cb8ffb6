import { route } from "@/lib/api/route";
import { getLogImportsOp, postLogImportOp } from "@/lib/api/operations/crawl-logs";
import { created, ok } from "@/lib/api/envelope";
import { uploadBodyOf } from "@/lib/api/request-input";
import { uploadLogImport } from "@/lib/crawl-logs/store/create-log-import";
import { listLogImports } from "@/lib/crawl-logs/store/list-log-imports";

// GET …/logs — the project's server log imports, newest first
export const GET = route(getLogImportsOp, async ({ ctx, params, query }) => {
  const { data, meta } = await listLogImports(ctx, params.id, query);
  return ok(data, { meta });
});

// POST …/logs — upload a server log (multipart `file`, optional `format`), streamed to disk and processed by a job
export const POST = route(postLogImportOp, async ({ ctx, params, req }) => created(await uploadLogImport(ctx, params.id, uploadBodyOf(req))));
