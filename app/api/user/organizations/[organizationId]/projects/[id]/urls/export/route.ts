import { route } from "@/lib/api/route";
import { getProjectUrlsExportOp } from "@/lib/api/operations/urls";
import { csvHeaders } from "@/lib/csv/csv-stream";
import { exportUrls } from "@/lib/urls/export-urls";

// GET …/projects/{id}/urls/export — every URL the list's filters match, as CSV streamed while the client reads
export const GET = route(getProjectUrlsExportOp, async ({ ctx, params, query }) => {
  const { fileName, body } = await exportUrls(ctx, params.id, query);
  return new Response(body, { headers: csvHeaders(fileName) });
});
