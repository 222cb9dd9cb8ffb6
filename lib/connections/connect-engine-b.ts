import { withTransaction } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { auditActor, recordAudit } from "@/lib/audit-log/record-audit";
import { listSites } from "@/lib/engines/engine-b";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { assertEncryptionConfigured } from "./config";
import { matchEngineBSite } from "./match-engine-b-site";
import type { ConnectionStatus, EngineBConnectBody } from "./schemas";
import { sealEngineBKey } from "./secrets";
import { statusSelect, toConnectionStatus } from "./status";
import { upstreamError } from "./upstream-errors";

const SITE_FAILURES = {
  site_not_verified: "The project's domain is listed for this API key but not verified in Bing Webmaster Tools. Verify it there, then try again.",
  site_not_found: "The project's domain is not among the sites of this API key. Add and verify it in Bing Webmaster Tools, then try again.",
} as const;

/**
 * POST engineB: a test call (GetUserSites) with the key; the project domain must be a verified site
 * (409 ENGINE_SITE_NOT_VERIFIED otherwise, `meta.reason` telling unverified from absent). Then the
 * key is stored sealed with engineBConnectedAt and audited. The key never leaves this function.
 */
export async function connectEngineB(ctx: OrgCtx, projectId: string, input: EngineBConnectBody, opts: { now?: Date } = {}): Promise<ConnectionStatus> {
  assertEncryptionConfigured("engineB");
  const now = opts.now ?? new Date();
  const project = await getProjectOrThrow(ctx, projectId);
  const listed = await listSites(input.apiKey, { now });
  if (listed.kind === "revoked") {
    throw new DomainError("ENGINE_KEY_INVALID", "Bing Webmaster Tools refused this API key (invalid or revoked). Copy the key again from Bing Webmaster Tools (Settings, API access).", { engine: "engineB" });
  }
  if (listed.kind !== "ok") throw upstreamError("engineB", listed, now);
  const match = matchEngineBSite(listed.value.sites, project.domain);
  if (!match.ok) throw new DomainError("ENGINE_SITE_NOT_VERIFIED", SITE_FAILURES[match.reason], { reason: match.reason, domain: project.domain, sites: match.sites });

  const row = await withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    const { count } = await tx.project.updateMany({
      where: { id: project.id, organizationId: ctx.org.id, deletedAt: null },
      data: { engineBApiKeyEnc: sealEngineBKey(project.id, input.apiKey), engineBConnectedAt: now, engineBSiteUrl: match.siteUrl, engineBLastError: null },
    });
    if (!count) throw new DomainError("NOT_FOUND", "Project not found");
    await recordAudit({
      ...auditActor(ctx), action: "project.engineb_connected", target: { type: "project", id: project.id },
      metadata: { siteUrl: match.siteUrl, reconnected: project.engineBConnectedAt !== null },
    }, ctx);
    return tx.project.findUniqueOrThrow({ where: { id: project.id }, select: statusSelect });
  });
  return toConnectionStatus(row);
}
