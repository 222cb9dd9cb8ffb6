import { withTransaction } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { auditActor, recordAudit } from "@/lib/audit-log/record-audit";
import { lockProjectStats } from "@/lib/issues/counters";
import { clearProjectIssue } from "@/lib/issues/detections";
import { keyFileUrl } from "@/lib/indexnow/key-file-url";
import { requestProjectSubmission } from "@/lib/indexnow/request-project-submission";
import { getDefaultFetcher, type SafeFetcher } from "@/lib/net/safe-fetch";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { consumeSiteFetch } from "@/lib/rate-limit/consume-site-fetch";
import { checkKeyFile } from "./check-key-file";
import { toVerification } from "./internal";
import { KEY_FAILURES, type KeyFailure } from "./messages";
import type { ProjectVerifyResult } from "./schemas";

export type VerifyKeyOptions = { fetcher?: SafeFetcher; now?: Date; timeoutMs?: number };

/**
 * Fetches https://{domain}/{key}.txt and sets indexNowKeyVerifiedAt when its trimmed body is the key;
 * success also resolves an open `indexnow_key_invalid` issue. A failed check leaves an earlier proof
 * in place (only a new key clears it). The fetch runs outside any transaction. Once a key is verified,
 * the URLs waiting for IndexNow go out (an earlier backoff, e.g. from 403s of this key, is lifted).
 */
export async function verifyKey(ctx: OrgCtx, projectId: string, opts: VerifyKeyOptions = {}): Promise<ProjectVerifyResult> {
  const project = await getProjectOrThrow(ctx, projectId);
  const key = project.indexNowKey;
  if (!key) throw new DomainError("CONFLICT", "This project has no IndexNow key yet: set one with POST …/indexnow-key first");
  const url = keyFileUrl(project.domain, key);
  if (ctx.actor.type !== "system") await consumeSiteFetch("verify_key", project);
  const check = await checkKeyFile(opts.fetcher ?? getDefaultFetcher(), url, key, opts.timeoutMs);
  const now = opts.now ?? new Date();

  const { row, reason } = await withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    let reason: KeyFailure | null = check.ok ? null : check.reason;
    if (check.ok) {
      // Issue writers take the stats lock first; so do we, before touching the project row.
      await lockProjectStats(ctx, project.id);
      const { count } = await tx.project.updateMany({
        where: { id: project.id, organizationId: ctx.org.id, deletedAt: null, indexNowKey: key },
        data: { indexNowKeyVerifiedAt: now },
      });
      if (count) await clearProjectIssue(ctx, project.id, "indexnow_key_invalid", now);
      else reason = "key_changed";
    }
    const failure = check.ok ? {} : { httpStatus: check.httpStatus ?? null, detail: check.detail ?? null };
    await recordAudit({
      ...auditActor(ctx), action: reason ? "project.indexnow_key_verification_failed" : "project.indexnow_key_verified", success: !reason,
      target: { type: "project", id: project.id }, metadata: { keyFileUrl: url, ...(reason ? { reason, ...failure } : {}) },
    }, ctx);
    return { row: await getProjectOrThrow(ctx, project.id), reason };
  });
  if (!reason) await requestProjectSubmission(project.id, "key_verified");
  return { verified: !reason, error: reason ? KEY_FAILURES[reason] : null, verification: toVerification(row) };
}
