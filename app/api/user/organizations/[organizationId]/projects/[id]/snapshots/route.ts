import { route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { R } from "@/lib/auth/scopes";
import { projectParams } from "@/lib/projects/schemas";
import { listSnapshots } from "@/lib/snapshots/list-snapshots";
import { snapshotsQuery } from "@/lib/snapshots/schemas";

// GET …/projects/{id}/snapshots?days= — daily snapshots, ascending by date, no meta
export const GET = route({ scopes: R, params: projectParams, query: snapshotsQuery }, async ({ ctx, params, query }) =>
  ok(await listSnapshots(ctx, params.id, query.days)));
