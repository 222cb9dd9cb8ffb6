import { route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { R } from "@/lib/auth/scopes";
import { projectParams } from "@/lib/projects/schemas";
import { getActivationPreview } from "@/lib/projects/get-activation-preview";

// GET …/projects/{id}/activation-preview — what automated inspections would cost; consumes nothing
export const GET = route({ scopes: R, params: projectParams }, async ({ ctx, params }) => ok(await getActivationPreview(ctx, params.id)));
