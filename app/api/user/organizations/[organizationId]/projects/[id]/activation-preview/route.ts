import { route } from "@/lib/api/route";
import { getProjectActivationPreviewOp } from "@/lib/api/operations/projects";
import { ok } from "@/lib/api/envelope";
import { getActivationPreview } from "@/lib/projects/get-activation-preview";

// GET …/projects/{id}/activation-preview — what automated inspections would cost; consumes nothing
export const GET = route(getProjectActivationPreviewOp, async ({ ctx, params }) => ok(await getActivationPreview(ctx, params.id)));
