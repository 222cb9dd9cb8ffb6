import { route } from "@/lib/api/route";
import { getLogImportOp } from "@/lib/api/operations/crawl-logs";
import { ok } from "@/lib/api/envelope";
import { getLogImport } from "@/lib/crawl-logs/store/list-log-imports";

// GET …/logs/{logImportId} — one log import and its progress
export const GET = route(getLogImportOp, async ({ ctx, params }) => ok(await getLogImport(ctx, params.id, params.logImportId)));
