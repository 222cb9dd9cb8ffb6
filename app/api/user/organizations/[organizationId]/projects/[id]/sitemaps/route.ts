import { route } from "@/lib/api/route";
import { getProjectSitemapsOp } from "@/lib/api/operations/sitemaps";
import { ok } from "@/lib/api/envelope";
import { listSitemaps } from "@/lib/sitemaps/sync";

// GET …/projects/{id}/sitemaps — the sitemaps the syncs found: roots, robots-declared and children (no meta)
export const GET = route(getProjectSitemapsOp, async ({ ctx, params }) => ok(await listSitemaps(ctx, params.id)));
