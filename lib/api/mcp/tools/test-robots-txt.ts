import { z } from "zod";
import { testRobotsBody } from "@/lib/robots/schemas";
import { testRobots } from "@/lib/robots/test-robots";
import { postProjectRobotsTestOp } from "../../operations/robots";
import { callOperation } from "../call-operation";
import { type ToolDef, projectId, pick, keysOf, pid } from "../tool";

const robotsInput = z.object({ projectId, ...testRobotsBody.shape });

export const testRobotsTxtTool: ToolDef = {
  name: "test_robots_txt", title: "Test URLs against robots.txt",
  description: "Whether Googlebot (or `userAgent`: Bingbot, `*`, a full user-agent) may fetch each URL or `/path` under the live "
    + "robots.txt of the project's domain (fetched now, never stored) or under a draft given in `robotsTxt` (nothing is fetched), with the "
    + "deciding group and rule. Costs nothing.",
  input: robotsInput, annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  run: async (caller, args) => callOperation(caller, postProjectRobotsTestOp, { ids: pid(args), body: pick(args, keysOf(testRobotsBody)) },
    ({ ctx, params, body }) => testRobots({ ctx, id: params.id, input: body })),
};
