import { route } from "@/lib/api/route";
import { getUrlDiagnosisOp } from "@/lib/api/operations/diagnosis";
import { ok } from "@/lib/api/envelope";
import { getUrlDiagnosis } from "@/lib/diagnosis/get-url-diagnosis";

// GET …/projects/{id}/urls/{urlId}/diagnosis — the URL's cause per engine, with evidence and fix
export const GET = route(getUrlDiagnosisOp, async ({ ctx, params }) => ok(await getUrlDiagnosis(ctx, params.id, params.urlId)));
