import type { OrgCtx } from "@/lib/core/context";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { toVerification } from "./internal";

/** The ownership-proof state of a project (ProjectVerification). */
export async function getVerification(ctx: OrgCtx, projectId: string) {
  return toVerification(await getProjectOrThrow(ctx, projectId));
}
