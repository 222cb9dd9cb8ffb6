import { route } from "@/lib/api/route";
import { getUrlGoogleCheckOp } from "@/lib/api/operations/coverage";
import { ok } from "@/lib/api/envelope";
import { getUrlGoogleCheck } from "@/lib/coverage/get-url-google-check";

// GET …/projects/{id}/urls/{urlId}/google-check — why Google is asked about the URL, and Google's last crawl of it
export const GET = route(getUrlGoogleCheckOp, async ({ ctx, params }) => ok(await getUrlGoogleCheck(ctx, params.id, params.urlId)));
