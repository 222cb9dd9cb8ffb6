import { route } from "@/lib/api/route";
import { getProjectConnectionsOp } from "@/lib/api/operations/connections";
import { ok } from "@/lib/api/envelope";
import { getConnections } from "@/lib/connections";

// GET …/projects/{id}/connections — both engines' connection state, gsc's quota use today
export const GET = route(getProjectConnectionsOp, async ({ ctx, params }) => ok(await getConnections(ctx, params.id)));
