import { route } from "@/lib/api/route";
import { getRemovalUrlsOp } from "@/lib/api/operations/removals";
import { ok } from "@/lib/api/envelope";
import { csvHeaders } from "@/lib/csv/csv-stream";
import { removalCsv } from "@/lib/removals/exports";
import { listRemovalUrls } from "@/lib/removals/read-removals";

// GET …/removals/{removalId}/urls — a page of its URLs (audit view, each engine's state); format=csv: all of them as CSV
export const GET = route(getRemovalUrlsOp, async ({ ctx, params, query }) => {
  if (query.format === "csv") {
    return new Response(await removalCsv(ctx, params.id, params.removalId), { headers: csvHeaders(`removal-${params.removalId}.csv`) });
  }
  const { data, meta } = await listRemovalUrls(ctx, params.id, params.removalId, query);
  return ok(data, { meta });
});
