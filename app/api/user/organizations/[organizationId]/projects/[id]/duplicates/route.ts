import { route } from "@/lib/api/route";
import { getDuplicatesOp } from "@/lib/api/operations/diagnosis";
import { ok } from "@/lib/api/envelope";
import { listDuplicates } from "@/lib/diagnosis/list-duplicates";

// GET …/projects/{id}/duplicates — duplicate groups (content, title, description)
export const GET = route(getDuplicatesOp, async ({ ctx, params, query }) => {
  const { data, meta } = await listDuplicates(ctx, params.id, query);
  return ok(data, { meta });
});
