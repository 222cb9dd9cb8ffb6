import { route } from "@/lib/api/route";
import { deleteProjectGscOp } from "@/lib/api/operations/connections";
import { ok } from "@/lib/api/envelope";
import { disconnectGsc } from "@/lib/connections";

// DELETE …/projects/{id}/gsc — disconnect gsc (token, property, gscConnectedAt cleared; idempotent)
export const DELETE = route(deleteProjectGscOp, async ({ ctx, params }) => ok(await disconnectGsc(ctx, params.id)));
