import { route } from "@/lib/api/route";
import { postProjectAvailabilityProbeOp } from "@/lib/api/operations/sitemaps";
import { ok } from "@/lib/api/envelope";
import { probeAvailability } from "@/lib/sitemaps/probe/probe-availability";

// POST …/projects/{id}/availability/probe — robots.txt, llms.txt and sitemap presence (ungated; updates the project's flags)
export const POST = route(postProjectAvailabilityProbeOp, async ({ ctx, params }) => ok(await probeAvailability(ctx, params.id)));
