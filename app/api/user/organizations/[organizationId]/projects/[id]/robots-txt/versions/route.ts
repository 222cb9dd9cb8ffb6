import { route } from "@/lib/api/route";
import { getRobotsTxtVersionsOp } from "@/lib/api/operations/site-watch";
import { ok } from "@/lib/api/envelope";
import { listRobotsVersions } from "@/lib/site-watch/robots-versions";

// GET …/projects/{id}/robots-txt/versions — the robots.txt versions the watch has seen, newest first
export const GET = route(getRobotsTxtVersionsOp, async ({ ctx, params, query }) => {
  const { data, meta } = await listRobotsVersions(ctx, params.id, query);
  return ok(data, { meta });
});
