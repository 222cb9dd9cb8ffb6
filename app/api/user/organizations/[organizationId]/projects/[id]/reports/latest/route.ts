import { route } from "@/lib/api/route";
import { getLatestReportOp } from "@/lib/api/operations/reports";
import { getLatestReport } from "@/lib/reports/get-latest-report";

// GET …/projects/{id}/reports/latest — the newest client report, as a PDF download
export const GET = route(getLatestReportOp, async ({ ctx, params }) => {
  const { pdf, fileName } = await getLatestReport(ctx, params.id);
  return new Response(Buffer.from(pdf), {
    headers: { "content-type": "application/pdf", "content-disposition": `attachment; filename="${fileName}"`, "cache-control": "private, no-store" },
  });
});
