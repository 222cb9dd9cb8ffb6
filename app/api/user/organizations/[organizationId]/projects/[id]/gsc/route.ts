import { route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { W } from "@/lib/auth/scopes";
import { disconnectGsc } from "@/lib/connections";
import { projectParams } from "@/lib/projects/schemas";

// DELETE …/projects/{id}/gsc — disconnect the console (token, property, gscConnectedAt cleared; idempotent)
export const DELETE = route({ scopes: W, params: projectParams }, async ({ ctx, params }) => ok(await disconnectGsc(ctx, params.id)));
