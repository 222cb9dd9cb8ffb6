import { route } from "@/lib/api/route";
import { postTestReportOp } from "@/lib/api/operations/reports";
import { created } from "@/lib/api/envelope";
import { sendTestReport } from "@/lib/reports/send-test-report";

// POST …/projects/{id}/reports/test — the last complete period's report, mailed to the caller only
export const POST = route(postTestReportOp, async ({ ctx, params }) => created(await sendTestReport(ctx, params.id)));
