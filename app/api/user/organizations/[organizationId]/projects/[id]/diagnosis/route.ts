import { route } from "@/lib/api/route";
import { getDiagnosisOp } from "@/lib/api/operations/diagnosis";
import { ok } from "@/lib/api/envelope";
import { getDiagnosis } from "@/lib/diagnosis/get-diagnosis";

// GET …/projects/{id}/diagnosis — why pages are not indexed, by cause and section
export const GET = route(getDiagnosisOp, async ({ ctx, params, query }) => ok(await getDiagnosis(ctx, params.id, query.engine)));
