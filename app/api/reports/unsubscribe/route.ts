import { ok } from "@/lib/api/envelope";
import { getReportUnsubscribeOp, postReportUnsubscribeOp } from "@/lib/api/operations/reports";
import { route } from "@/lib/api/route";
import { findUnsubscribeTarget, unsubscribeFromReports } from "@/lib/reports/unsubscribe-from-reports";
import { UNSUBSCRIBE_PAGE_HEADERS, unsubscribeConfirmPage, unsubscribedPage } from "@/lib/reports/unsubscribe-page";

// GET /api/reports/unsubscribe?token= — the page of a report mail's link: asks to confirm, changes nothing
export const GET = route(getReportUnsubscribeOp, async ({ query }) =>
  new Response(unsubscribeConfirmPage(await findUnsubscribeTarget(query.token), query.token), { headers: UNSUBSCRIBE_PAGE_HEADERS }));

// POST /api/reports/unsubscribe?token= — RFC 8058 one-click (a mail client) or the page's button (a browser gets a page)
export const POST = route(postReportUnsubscribeOp, async ({ req, query }) => {
  const done = await unsubscribeFromReports(query.token);
  if (req.headers.get("accept")?.includes("text/html")) return new Response(unsubscribedPage(done), { headers: UNSUBSCRIBE_PAGE_HEADERS });
  return ok({ unsubscribed: true as const });
});
