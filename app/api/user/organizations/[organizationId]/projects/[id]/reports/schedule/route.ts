import { route } from "@/lib/api/route";
import { getReportScheduleOp, putReportScheduleOp } from "@/lib/api/operations/reports";
import { ok } from "@/lib/api/envelope";
import { getReportSchedule } from "@/lib/reports/get-report-schedule";
import { setReportSchedule } from "@/lib/reports/set-report-schedule";

// GET …/projects/{id}/reports/schedule — cadence and recipients, the next report and the newest one made
export const GET = route(getReportScheduleOp, async ({ ctx, params }) => ok(await getReportSchedule(ctx, params.id)));

// PUT …/projects/{id}/reports/schedule — set them
export const PUT = route(putReportScheduleOp, async ({ ctx, params, body }) => ok(await setReportSchedule(ctx, params.id, body)));
