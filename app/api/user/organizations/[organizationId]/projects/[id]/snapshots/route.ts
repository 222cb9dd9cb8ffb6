import { route } from "@/lib/api/route";
import { getProjectSnapshotsOp } from "@/lib/api/operations/snapshots";
import { ok } from "@/lib/api/envelope";
import { listSnapshots } from "@/lib/snapshots/list-snapshots";

// GET …/projects/{id}/snapshots?days= — daily snapshots, ascending by date, no meta
export const GET = route(getProjectSnapshotsOp, async ({ ctx, params, query }) =>
  ok(await listSnapshots(ctx, params.id, query.days)));
