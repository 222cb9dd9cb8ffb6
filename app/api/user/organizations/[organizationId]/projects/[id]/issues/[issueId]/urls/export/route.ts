import { route } from "@/lib/api/route";
import { getProjectIssueUrlsExportOp } from "@/lib/api/operations/issues";
import { csvHeaders } from "@/lib/csv/csv-stream";
import { exportIssueUrls } from "@/lib/urls/export-issue-urls";

// GET …/projects/{id}/issues/{issueId}/urls/export — the group's URLs with their evidence, as CSV streamed while the client reads
export const GET = route(getProjectIssueUrlsExportOp, async ({ ctx, params, query }) => {
  const { fileName, body } = await exportIssueUrls(ctx, params.id, params.issueId, undefined, { header: query.header });
  return new Response(body, { headers: csvHeaders(fileName) });
});
