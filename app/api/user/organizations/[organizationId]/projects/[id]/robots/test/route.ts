import { route } from "@/lib/api/route";
import { postProjectRobotsTestOp } from "@/lib/api/operations/robots";
import { ok } from "@/lib/api/envelope";
import { testRobots } from "@/lib/robots/test-robots";

// POST …/projects/{id}/robots/test — may these URLs be crawled under the live robots.txt or a pasted draft, and which rule decides
export const POST = route(postProjectRobotsTestOp, async ({ ctx, params, body }) =>
  ok(await testRobots({ ctx, id: params.id, input: body })));
