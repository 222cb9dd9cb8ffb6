import { db, dbOf, Prisma } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { listSites } from "@/lib/engines/gsc";
import { parseProperty } from "@/lib/engines/property";
import { urlInProperty } from "@/lib/engines/url-in-property";
import { gscAccessToken } from "./gsc-access-token";
import { getProjectOrThrow, type ProjectRecord } from "@/lib/projects/internal";
import { gscOAuthCredentials } from "./config";
import { quotaToday } from "./quota-store";
import { openGscRefreshToken } from "./secrets";
import { upstreamError } from "./upstream-errors";
import type { GscPropertyResponse } from "./schemas";

/** Pooled properties per project at most: each brings 2,000 inspections a day. */
export const MAX_POOLED_PROPERTIES = 20;

/**
 * The properties a project inspects through: the main one first, then the pooled URL-prefix ones. A URL
 * goes through the most specific one that covers it and has quota left (lib/engine-sync/observe-gsc.ts).
 */
export async function gscPropertiesOf(projectId: string, main: string): Promise<string[]> {
  const pooled = await db.gscProperty.findMany({ where: { projectId }, select: { propertyUrl: true }, orderBy: { createdAt: "asc" } });
  return [main, ...pooled.map((p) => p.propertyUrl)];
}

/** The covering properties of `url`, most specific first (the longest URL prefix; a domain property last). */
export function coveringProperties(url: string, properties: readonly string[]): string[] {
  const weight = (p: string) => { const parsed = parseProperty(p); return parsed?.kind === "prefix" ? parsed.path.length + 1 : 0; };
  return properties.filter((p) => urlInProperty(url, p)).sort((a, b) => weight(b) - weight(a));
}

function connectedOrThrow(p: ProjectRecord & { gscRefreshTokenEnc?: string | null }): asserts p is ProjectRecord & { gscPropertyUrl: string } {
  if (!p.gscPropertyUrl || !p.gscConnectedAt || p.gscRevokedAt) {
    throw new DomainError("CONFLICT", "Connect Google Search Console first: pooled properties belong to the connected account", { reason: "gsc_not_connected" });
  }
}

/** The main property and the pooled ones, each with its URL Inspection quota use today and the URLs it covers. */
export async function listGscProperties(ctx: OrgCtx, projectId: string, now = new Date()): Promise<GscPropertyResponse[]> {
  const project = await getProjectOrThrow(ctx, projectId);
  if (!project.gscPropertyUrl || !project.gscConnectedAt) return [];
  const pooled = await dbOf(ctx).gscProperty.findMany({ where: { projectId: project.id }, orderBy: { createdAt: "asc" } });
  const all = [
    { id: project.id, propertyUrl: project.gscPropertyUrl, role: "main" as const, permissionLevel: null },
    ...pooled.map((p) => ({ id: p.id, propertyUrl: p.propertyUrl, role: "pooled" as const, permissionLevel: p.permissionLevel })),
  ];
  return Promise.all(all.map(async (p) => {
    const quota = await quotaToday(p.propertyUrl, now);
    return { ...p, quotaUsedToday: quota.used, quotaLimit: quota.limit, sharedQuotaDetected: quota.exhausted && quota.used < quota.limit, urlsCovered: await urlsCovered(project.id, p.propertyUrl) };
  }));
}

async function urlsCovered(projectId: string, propertyUrl: string): Promise<number> {
  const parsed = parseProperty(propertyUrl);
  if (!parsed) return 0;
  // Tracked URLs are on the project's host: a domain property covers them all, a prefix those under it.
  const filter = parsed.kind === "domain" ? Prisma.empty
    : Prisma.sql`AND url LIKE ${`${parsed.protocol}//${parsed.host}${parsed.port ? `:${parsed.port}` : ""}${parsed.path}`.replace(/[\\%_]/g, (c) => `\\${c}`) + "%"}`;
  const [{ n }] = await db.$queryRaw<{ n: number }[]>(Prisma.sql`SELECT count(*)::int AS n FROM tracked_urls WHERE project_id = ${projectId}::uuid ${filter}`);
  return n;
}

/**
 * Adds a URL-prefix property of the connected account to the project's pool: it must lie inside the
 * project's domain (its host is the domain), be listed for the account with a verified permission, and
 * not be the main property or already pooled. The account's site list is read live.
 */
export async function addGscProperty(ctx: OrgCtx, projectId: string, propertyUrl: string, now = new Date()): Promise<GscPropertyResponse> {
  const project = await getProjectOrThrow(ctx, projectId);
  connectedOrThrow(project);
  const parsed = parseProperty(propertyUrl);
  const invalid = (message: string, code: string) => new DomainError("VALIDATION_ERROR", message, { errors: [{ path: "propertyUrl", message, code }] });
  if (!parsed) throw invalid("Not a Search Console property: a URL prefix such as https://example.com/blog/", "invalid_property");
  if (parsed.kind !== "prefix") throw invalid("Only URL-prefix properties can be pooled; a domain property is the main one", "not_url_prefix");
  if (parsed.host !== project.domain || parsed.port) throw invalid(`The property must lie inside ${project.domain}`, "outside_project_domain");
  const canonical = `${parsed.protocol}//${parsed.host}${parsed.path}`;
  const pooled = await dbOf(ctx).gscProperty.findMany({ where: { projectId: project.id }, select: { propertyUrl: true } });
  const same = (p: string) => { const q = parseProperty(p); return q?.kind === "prefix" && `${q.protocol}//${q.host}${q.path}` === canonical; };
  if (same(project.gscPropertyUrl) || pooled.some((p) => same(p.propertyUrl))) throw new DomainError("CONFLICT", "This property is already used by the project", { reason: "already_pooled" });
  if (pooled.length >= MAX_POOLED_PROPERTIES) throw new DomainError("CONFLICT", `At most ${MAX_POOLED_PROPERTIES} pooled properties per project`, { reason: "too_many_properties" });

  const site = await findVerifiedSite(project, canonical, now);
  try {
    const row = await dbOf(ctx).gscProperty.create({ data: { projectId: project.id, propertyUrl: site.siteUrl, permissionLevel: site.permissionLevel } });
    const quota = await quotaToday(row.propertyUrl, now);
    return { id: row.id, propertyUrl: row.propertyUrl, role: "pooled", permissionLevel: row.permissionLevel, quotaUsedToday: quota.used, quotaLimit: quota.limit,
      sharedQuotaDetected: quota.exhausted && quota.used < quota.limit, urlsCovered: await urlsCovered(project.id, row.propertyUrl) };
  } catch (e) {
    if (e instanceof Prisma.PrismaClientKnownRequestError && e.code === "P2002") throw new DomainError("CONFLICT", "This property is already used by the project", { reason: "already_pooled" });
    throw e;
  }
}

async function findVerifiedSite(project: ProjectRecord & { gscPropertyUrl: string }, canonical: string, now: Date) {
  const credentials = gscOAuthCredentials();
  if (!credentials) throw new DomainError("INTEGRATION_NOT_CONFIGURED", "Google Search Console is not configured on this server", { integration: "gsc" });
  const box = (await db.project.findUniqueOrThrow({ where: { id: project.id }, select: { gscRefreshTokenEnc: true } })).gscRefreshTokenEnc;
  if (!box) throw new DomainError("CONFLICT", "Connect Google Search Console first", { reason: "gsc_not_connected" });
  const token = await gscAccessToken({ projectId: project.id, box, refreshToken: () => openGscRefreshToken(project.id, box), ...credentials, now });
  if (token.kind !== "ok") throw upstreamError("gsc", token, now);
  const sites = await listSites({ accessToken: token.token, now });
  if (sites.kind !== "ok") throw upstreamError("gsc", sites, now);
  const listed = sites.value.sites.filter((s) => { const q = parseProperty(s.siteUrl); return q?.kind === "prefix" && `${q.protocol}//${q.host}${q.path}` === canonical; });
  const verified = listed.find((s) => s.verified);
  if (!verified) {
    throw new DomainError("PROPERTY_NOT_COVERED", listed.length ? "The connected account's permission on this property is not verified" : "The connected account has no such property",
      { reason: listed.length ? "unverified" : "not_listed", propertyUrl: canonical });
  }
  return verified;
}

/** Removes a pooled property; the main one goes with DELETE …/gsc (409). */
export async function removeGscProperty(ctx: OrgCtx, projectId: string, propertyId: string): Promise<void> {
  const project = await getProjectOrThrow(ctx, projectId);
  if (propertyId === project.id && project.gscPropertyUrl) {
    throw new DomainError("CONFLICT", "The main property goes with the connection: DELETE …/gsc", { reason: "main_property" });
  }
  const { count } = await dbOf(ctx).gscProperty.deleteMany({ where: { id: propertyId, projectId: project.id } });
  if (!count) throw new DomainError("NOT_FOUND", "Property not found");
}
