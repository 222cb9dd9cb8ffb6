import type { Ctx } from "@/lib/core/context";
import { getProjectOrThrow, toProjectResponse } from "./internal";

export async function getProject(ctx: Ctx, id: string) {
  return toProjectResponse(await getProjectOrThrow(ctx, id));
}
