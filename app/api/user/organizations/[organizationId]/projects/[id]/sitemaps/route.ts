import { route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { R } from "@/lib/auth/scopes";
import { projectParams } from "@/lib/projects/schemas";
import { listSitemaps } from "@/lib/sitemaps/sync";

// GET …/projects/{id}/sitemaps — the sitemaps the syncs found: roots, robots-declared and children (no meta)
export const GET = route({ scopes: R, params: projectParams }, async ({ ctx, params }) => ok(await listSitemaps(ctx, params.id)));
