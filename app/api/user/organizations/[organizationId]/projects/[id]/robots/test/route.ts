import { route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { R } from "@/lib/auth/scopes";
import { projectParams } from "@/lib/projects/schemas";
import { testRobotsBody } from "@/lib/robots/schemas";
import { testRobots } from "@/lib/robots/test-robots";

// POST …/projects/{id}/robots/test — may these URLs be crawled under the live robots.txt or a pasted draft, and which rule decides
export const POST = route({ scopes: R, params: projectParams, body: testRobotsBody }, async ({ ctx, params, body }) =>
  ok(await testRobots({ ctx, id: params.id, input: body })));
