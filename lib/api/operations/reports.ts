// OpenAPI registrations of scheduled client reports (PDF by email): one defineOperation per endpoint.
import { z } from "zod";
import { R, W } from "@/lib/auth/scopes";
import { projectParams } from "@/lib/projects/schemas";
import { MAX_REPORT_RECIPIENTS, reportScheduleBody, ReportScheduleResponse, TestReportResponse } from "@/lib/reports/schemas";
import { defineOperation } from "../operation";

const base = "/api/user/organizations/{organizationId}/projects/{id}/reports";
const tags = ["Client reports"];

const WHAT = "A report covers one period (weekly: Monday to Sunday; monthly: a calendar month; UTC): the counters and their change, "
  + "the indexed pages over 90 days (a chart), what Google and Bing index, time to index of the period's new URLs, the issues opened and fixed, and what went to IndexNow.";

export const getReportScheduleOp = defineOperation({
  method: "GET", path: `${base}/schedule`, tags, scopes: R, params: projectParams, response: ReportScheduleResponse,
  summary: "The project's client report schedule",
  description: `\`{cadence, recipients}\` (off and none until set), with the next report and the newest one made. ${WHAT}`,
});
export const putReportScheduleOp = defineOperation({
  method: "PUT", path: `${base}/schedule`, tags, scopes: W, params: projectParams, body: reportScheduleBody, response: ReportScheduleResponse,
  summary: "Set the client report schedule",
  description: `\`cadence\`: \`weekly\`, \`monthly\` or \`off\`; \`recipients\`: 0-${MAX_REPORT_RECIPIENTS} email addresses (at least one unless off; duplicates dropped, compared case-insensitively). `
    + "Each period's report is mailed once, with the PDF attached, in the first hourly run at least 40 minutes after the period ends (after the night's snapshot). "
    + `Choosing a cadence starts with the first period that ends after it: no past period is mailed. ${WHAT}`,
});
export const getLatestReportOp = defineOperation({
  method: "GET", path: `${base}/latest`, tags, scopes: R, params: projectParams, response: z.string(), rawResponse: true, responseContentType: "application/pdf",
  summary: "The latest client report (PDF)",
  description: "The newest report made for the project, scheduled or test, as `application/pdf` with `Content-Disposition: attachment; filename=…`. "
    + "404 NOT_FOUND (in the error envelope) before the first report.",
});
export const postTestReportOp = defineOperation({
  method: "POST", path: `${base}/test`, tags, scopes: W, params: projectParams, response: TestReportResponse, created: true, errors: ["RATE_LIMITED", "UPSTREAM_ERROR"],
  summary: "Send a test report to yourself now",
  description: "Renders the report of the last complete period (of the schedule's cadence; weekly while off) and mails it to the caller's own address only. "
    + "It becomes the latest report. At most 5 an hour per project (429 with Retry-After); 502 when the mail server refuses it.",
});

const unsubscribeQuery = z.object({ token: z.string().min(1).max(200).describe("The token of a report mail's unsubscribe link") });
const UNSUBSCRIBE = "The link and the `List-Unsubscribe` header of every report mail (test ones too) name one project and one address; the token is an HMAC "
  + "under the server's secret, bound to both. A forged, truncated or unknown token answers 404 NOT_FOUND, a malformed one (too long, NUL) 400, in the error envelope.";
export const getReportUnsubscribeOp = defineOperation({
  method: "GET", path: "/api/reports/unsubscribe", tags, scopes: "public", query: unsubscribeQuery, response: z.string(), rawResponse: true, responseContentType: "text/html",
  summary: "The page of a report mail's unsubscribe link (changes nothing)",
  description: `An HTML page that asks to confirm, with a button that POSTs the one-click form; a GET never unsubscribes (mail scanners follow links). ${UNSUBSCRIBE}`,
});
export const postReportUnsubscribeOp = defineOperation({
  method: "POST", path: "/api/reports/unsubscribe", tags, scopes: "public", query: unsubscribeQuery, bodyContentType: "application/x-www-form-urlencoded",
  response: z.object({ unsubscribed: z.literal(true) }),
  summary: "One-click unsubscribe from a project's report mails (RFC 8058)",
  description: "Stops the project's report mails to the token's address, for good (idempotent): scheduled reports skip it, and a member listing it again does not "
    + "resubscribe it. The body a mail client sends, `List-Unsubscribe=One-Click`, is not needed. A browser (Accept: text/html) gets a page that says it is done. "
    + UNSUBSCRIBE,
});
