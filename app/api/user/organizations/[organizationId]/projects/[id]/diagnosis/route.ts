import { route } from "@/lib/api/route";
import { getDiagnosisOp, postDiagnosisOp } from "@/lib/api/operations/diagnosis";
import { computeDiagnosis } from "@/lib/diagnosis/compute-diagnosis";
import { ok } from "@/lib/api/envelope";
import { getDiagnosis } from "@/lib/diagnosis/get-diagnosis";

// GET …/projects/{id}/diagnosis — why pages are not indexed, by cause and section
export const GET = route(getDiagnosisOp, async ({ ctx, params, query }) => ok(await getDiagnosis(ctx, params.id, query.engine)));

// POST …/projects/{id}/diagnosis — diagnose now, then answer as GET
export const POST = route(postDiagnosisOp, async ({ ctx, params, query }) => {
  await computeDiagnosis(ctx, params.id);
  return ok(await getDiagnosis(ctx, params.id, query.engine));
});
