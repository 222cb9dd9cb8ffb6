import type { z } from "zod";
import { withTransaction } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { auditActor, recordAudit } from "@/lib/audit-log/record-audit";
import { keyFileUrl } from "@/lib/indexnow/key-file-url";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { randomHex64, toVerification } from "./internal";
import type { indexNowKeyBody } from "./schemas";

/**
 * Stores the caller's IndexNow key (validated by indexNowKeyBody) or, when none or "" is given, a
 * generated 64-hex one; either way the key file must be verified again.
 */
export async function setIndexNowKey(ctx: OrgCtx, projectId: string, input: z.infer<typeof indexNowKeyBody>) {
  const provided = input.key ? input.key : null;
  const key = provided ?? randomHex64();
  const source = provided ? "provided" : "generated";
  const project = await withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    const current = await getProjectOrThrow(ctx, projectId);
    const row = await tx.project.update({
      where: { id: current.id, organizationId: ctx.org.id, deletedAt: null },
      data: { indexNowKey: key, indexNowKeySource: source, indexNowKeyVerifiedAt: null },
    });
    await recordAudit({
      ...auditActor(ctx), action: "project.indexnow_key_set", target: { type: "project", id: row.id },
      metadata: { source, keyFileUrl: keyFileUrl(row.domain, key), wasVerified: current.indexNowKeyVerifiedAt !== null },
    }, ctx);
    return row;
  });
  return toVerification(project);
}
