import { dbOf, Prisma, sqlRows, type Project } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { iso } from "@/lib/core/iso";
import { ProjectResponse } from "./schemas";

/** A project as every query returns it: the secret columns are left out (lib/db/client.ts `omit`). */
// The sync progress is polled on its own (GET …/sync), not read with every project.
export type ProjectRecord = Omit<Project, "gscRefreshTokenEnc" | "engineBApiKeyEnc" | "sitemapSyncProgress">;

// Every column of projects but the secrets, under its model field name, so raw rows have the ProjectRecord shape.
const FIELDS = [
  ["id", "id"], ["organizationId", "organization_id"], ["createdByUserId", "created_by_user_id"], ["name", "name"], ["domain", "domain"],
  ["liveDomain", "live_domain"], ["sitemapUrl", "sitemap_url"], ["status", "status"], ["inspectionCadence", "inspection_cadence"],
  ["automatedInspectionsEnabled", "automated_inspections_enabled"], ["indexNowKey", "index_now_key"],
  ["indexNowKeySource", "index_now_key_source"], ["indexNowKeyVerifiedAt", "index_now_key_verified_at"],
  ["dnsVerificationToken", "dns_verification_token"], ["dnsVerifiedAt", "dns_verified_at"], ["gscPropertyUrl", "gsc_property_url"],
  ["gscConnectedAt", "gsc_connected_at"], ["engineBConnectedAt", "engine_b_connected_at"], ["gscRevokedAt", "gsc_revoked_at"],
  ["engineBSiteUrl", "engine_b_site_url"], ["engineBLastError", "engine_b_last_error"], ["robotsTxtPresent", "robots_txt_present"],
  ["llmsTxtPresent", "llms_txt_present"], ["lastAvailabilityCheckAt", "last_availability_check_at"],
  ["lastSitemapSyncAt", "last_sitemap_sync_at"], ["lastEngineSyncAt", "last_engine_sync_at"], ["createdAt", "created_at"],
  ["updatedAt", "updated_at"], ["deletedAt", "deleted_at"],
] as const satisfies readonly (readonly [keyof ProjectRecord, string])[];
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const _allFields: Same<(typeof FIELDS)[number][0], keyof ProjectRecord> = true;
void _allFields;

/** `SELECT` list of every non-secret projects column of the table aliased `p` (constant text, no input). */
export const PROJECT_COLUMNS = Prisma.raw(FIELDS.map(([field, column]) => `p.${column} AS "${field}"`).join(", "));

/**
 * A live (not soft-deleted) project of the caller's organization, or 404, read inside the context's
 * transaction when there is one. Outside a transaction it is one prepared raw query: nearly every
 * project route starts with it (STYLE.md §11, hot paths).
 */
export async function getProjectOrThrow(ctx: OrgCtx, id: string): Promise<ProjectRecord> {
  const organizationId = ctx.org.id;
  const project = !ctx.tx
    ? (await sqlRows<ProjectRecord>(Prisma.sql`SELECT ${PROJECT_COLUMNS} FROM projects p
        WHERE p.id = ${id}::uuid AND p.organization_id = ${organizationId}::uuid AND p.deleted_at IS NULL`, "get_project"))[0]
    : await dbOf(ctx).project.findFirst({ where: { id, organizationId, deletedAt: null } });
  if (!project) throw new DomainError("NOT_FOUND", "Project not found");
  return project;
}

type ProjectRow = ProjectRecord & Partial<Pick<Project, "gscRefreshTokenEnc" | "engineBApiKeyEnc">>;

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
