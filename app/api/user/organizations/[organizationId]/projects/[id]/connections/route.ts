import { route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { R } from "@/lib/auth/scopes";
import { getConnections } from "@/lib/connections";
import { projectParams } from "@/lib/projects/schemas";

// GET …/projects/{id}/connections — both engines' connection state, the console's quota use today
export const GET = route({ scopes: R, params: projectParams }, async ({ ctx, params }) => ok(await getConnections(ctx, params.id)));
