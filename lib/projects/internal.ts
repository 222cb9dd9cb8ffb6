import { dbOf, type Project } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { iso } from "@/lib/core/iso";
import { ProjectResponse } from "./schemas";

/** A live (not soft-deleted) project of the caller's organization, or 404 (inside the context's transaction, if any). */
export async function getProjectOrThrow(ctx: OrgCtx, id: string) {
  const project = await dbOf(ctx).project.findFirst({ where: { id, organizationId: ctx.org.id, deletedAt: null } });
  if (!project) throw new DomainError("NOT_FOUND", "Project not found");
  return project;
}

type ProjectRow = Omit<Project, "gscRefreshTokenEnc" | "engineBApiKeyEnc"> & Partial<Pick<Project, "gscRefreshTokenEnc" | "engineBApiKeyEnc">>;

/** Derived, never stored: any one proof of ownership makes a project verified. */
export function isVerified(p: Pick<Project, "indexNowKeyVerifiedAt" | "dnsVerifiedAt" | "gscConnectedAt" | "engineBConnectedAt">): boolean {
  return Boolean(p.indexNowKeyVerifiedAt || p.dnsVerifiedAt || p.gscConnectedAt || p.engineBConnectedAt);
}

/** The public shape; parsing through the schema keeps secrets and deletedAt out. */
export function toProjectResponse(p: ProjectRow): ProjectResponse {
  return ProjectResponse.parse({
    id: p.id, organizationId: p.organizationId, createdAt: p.createdAt.toISOString(), updatedAt: p.updatedAt.toISOString(),
    createdByUserId: p.createdByUserId, name: p.name, domain: p.domain, sitemapUrl: p.sitemapUrl, status: p.status,
    inspectionCadence: p.inspectionCadence, automatedInspectionsEnabled: p.automatedInspectionsEnabled, verified: isVerified(p),
    indexNowKey: p.indexNowKey, indexNowKeySource: p.indexNowKeySource, indexNowKeyVerifiedAt: iso(p.indexNowKeyVerifiedAt),
    dnsVerificationToken: p.dnsVerificationToken, dnsVerifiedAt: iso(p.dnsVerifiedAt), gscPropertyUrl: p.gscPropertyUrl,
    gscConnectedAt: iso(p.gscConnectedAt), engineBConnectedAt: iso(p.engineBConnectedAt), robotsTxtPresent: p.robotsTxtPresent,
    llmsTxtPresent: p.llmsTxtPresent, lastAvailabilityCheckAt: iso(p.lastAvailabilityCheckAt), lastSitemapSyncAt: iso(p.lastSitemapSyncAt),
    lastEngineSyncAt: iso(p.lastEngineSyncAt),
  });
}
