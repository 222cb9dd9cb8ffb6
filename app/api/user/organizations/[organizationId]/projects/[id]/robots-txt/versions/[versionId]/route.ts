import { route } from "@/lib/api/route";
import { getRobotsTxtVersionOp } from "@/lib/api/operations/site-watch";
import { ok } from "@/lib/api/envelope";
import { getRobotsVersion } from "@/lib/site-watch/robots-versions";

// GET …/projects/{id}/robots-txt/versions/{versionId} — one version with its diff and impact
export const GET = route(getRobotsTxtVersionOp, async ({ ctx, params }) => ok(await getRobotsVersion(ctx, params.id, params.versionId)));
