import type { OrgCtx } from "@/lib/core/context";
import { getProjectOrThrow, toProjectResponse } from "./internal";

export async function getProject(ctx: OrgCtx, id: string) {
  return toProjectResponse(await getProjectOrThrow(ctx, id));
}
