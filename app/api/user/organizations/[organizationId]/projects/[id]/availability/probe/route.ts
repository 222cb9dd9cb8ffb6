import { route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { W } from "@/lib/auth/scopes";
import { projectParams } from "@/lib/projects/schemas";
import { probeAvailability } from "@/lib/sitemaps/probe/probe-availability";

// POST …/projects/{id}/availability/probe — robots.txt, llms.txt and sitemap presence (ungated; updates the project's flags)
export const POST = route({ scopes: W, params: projectParams }, async ({ ctx, params }) => ok(await probeAvailability(ctx, params.id)));
