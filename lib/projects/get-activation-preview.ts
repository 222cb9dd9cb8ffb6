import { db } from "@/lib/db";
import type { Ctx } from "@/lib/api/context";
import { currentBalance } from "@/lib/credits/credit-ledger";
import { ActivationPreviewResponse } from "./schemas";
import { getProjectOrThrow, isVerified } from "./internal";
import { trackedUrlCount } from "./tracked-url-count";

/** What enabling automated inspections would cost: one credit per tracked URL per cycle. Reads only. */
export async function getActivationPreview(ctx: Ctx, id: string) {
  const project = await getProjectOrThrow(ctx, id);
  const [count, balance] = await Promise.all([trackedUrlCount(project.id), currentBalance(db, project.organizationId)]);
  const creditBalance = Math.max(0, balance);
  return ActivationPreviewResponse.parse({
    verified: isVerified(project),
    trackedUrlCount: count,
    creditBalance,
    creditsForFullCycle: count,
    urlsInspectableNow: Math.min(count, creditBalance),
    cadence: project.inspectionCadence,
    automatedInspectionsEnabled: project.automatedInspectionsEnabled,
  });
}
